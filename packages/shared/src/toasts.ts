export type ToastType = 'info' | 'success' | 'warning' | 'danger';

/** Toast durations of the spec, in milliseconds. */
export const TOAST_DURATIONS: Record<ToastType, number> = {
  info: 4000,
  success: 4000,
  warning: 6000,
  danger: 8000,
};

export interface Toast {
  id: string;
  toastType: ToastType;
  text: string;
  duration: number;
  noDuplicate: boolean;
}

export const MODAL_DEFAULT_WIDTH = '600px';
