import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DURATIONS, type Toast, type ToastType } from '@tessera/shared/toasts';

export interface ToastOptions {
  /** Milliseconds; the spec's duration for the type when left out. */
  duration?: number;
  /** Skip the toast when one with the same text is already showing. */
  noDuplicate?: boolean;
}

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastAdded: {
      reducer(state, action: PayloadAction<Toast>) {
        const toast = action.payload;
        if (toast.noDuplicate && state.some((shown) => shown.text === toast.text)) return;
        state.push(toast);
      },
      prepare(toastType: ToastType, text: string, options: ToastOptions = {}) {
        return {
          payload: {
            id: nanoid(),
            toastType,
            text,
            duration: options.duration ?? TOAST_DURATIONS[toastType],
            noDuplicate: options.noDuplicate ?? false,
          },
        };
      },
    },
    toastRemoved(state, action: PayloadAction<string>) {
      return state.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastAdded, toastRemoved } = toastsSlice.actions;
