import type { ToastType } from '@tessera/shared/toasts';
import { useMemo } from 'react';
import { useAppDispatch } from './store.ts';
import { type ToastOptions, toastAdded } from './toastsSlice.ts';

export interface Toasts {
  addToast(toastType: ToastType, text: string, options?: ToastOptions): void;
  addInfoToast(text: string, options?: ToastOptions): void;
  addSuccessToast(text: string, options?: ToastOptions): void;
  addWarningToast(text: string, options?: ToastOptions): void;
  addDangerToast(text: string, options?: ToastOptions): void;
}

/** Shows toasts with the spec's types and durations (info 4000, success 4000, warning 6000, danger 8000 ms). */
export function useToasts(): Toasts {
  const dispatch = useAppDispatch();
  return useMemo(() => {
    const addToast = (toastType: ToastType, text: string, options?: ToastOptions) => {
      dispatch(toastAdded(toastType, text, options));
    };
    return {
      addToast,
      addInfoToast: (text, options) => addToast('info', text, options),
      addSuccessToast: (text, options) => addToast('success', text, options),
      addWarningToast: (text, options) => addToast('warning', text, options),
      addDangerToast: (text, options) => addToast('danger', text, options),
    };
  }, [dispatch]);
}
