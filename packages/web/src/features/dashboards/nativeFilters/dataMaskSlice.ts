import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DataMaskMap } from './dataMask.ts';

/**
 * The applied data masks of the dashboard page, keyed by filter id (Superset's `dataMask`). The
 * filter bar edits a copy and lands it here on "Apply filters"; charts read what is here.
 */
export const dataMaskSlice = createSlice({
  name: 'dataMask',
  initialState: {} as DataMaskMap,
  reducers: {
    dataMaskInitialised(_state, action: PayloadAction<DataMaskMap>) {
      return action.payload;
    },
    dataMaskApplied(state, action: PayloadAction<DataMaskMap>) {
      return { ...state, ...action.payload };
    },
    dataMaskRemoved(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) delete state[id];
    },
  },
});

export const { dataMaskInitialised, dataMaskApplied, dataMaskRemoved } = dataMaskSlice.actions;
