import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ThemeMode = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'tessera.theme';

/** The remembered choice, else the system's preference. */
export function initialThemeMode(): ThemeMode {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage can be disabled (private windows); fall back to the system preference.
  }
  const prefersDark = globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

export function rememberThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not remembered; the choice still applies to this page.
  }
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: { mode: 'light' as ThemeMode },
  reducers: {
    themeModeSet(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
});

export const { themeModeSet } = themeSlice.actions;
