import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BootstrapCommon, BootstrapData, BootstrapUser } from '@tessera/shared/api/bootstrap';
import { DEFAULT_COMMON } from './bootstrap.ts';

/** Who is signed in, and the server's flags and settings: the bootstrap payload. */
export interface SessionState {
  user: BootstrapUser | null;
  common: BootstrapCommon;
  /** False until the payload is known (read from the page or fetched). */
  loaded: boolean;
}

export const initialSessionState: SessionState = {
  user: null,
  common: DEFAULT_COMMON,
  loaded: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    bootstrapLoaded(state, action: PayloadAction<BootstrapData>) {
      state.user = action.payload.user;
      state.common = action.payload.common;
      state.loaded = true;
    },
    signedOut(state) {
      state.user = null;
    },
  },
});

export const { bootstrapLoaded, signedOut } = sessionSlice.actions;
