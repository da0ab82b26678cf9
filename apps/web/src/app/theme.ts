import { useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readStored, writeStored } from '../lib/storage.js';
import { useMediaQuery } from '../lib/useMediaQuery.js';

const KEY = 'opsdeck.theme';
const themeSchema = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof themeSchema>;

// One theme for the whole page: every caller of useTheme sees the same value.
const listeners = new Set<() => void>();
let current: Theme | undefined;

function getTheme(): Theme {
  current ??= readStored(KEY, themeSchema, 'system');
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStored(KEY, theme);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme (remembered) and whether it currently resolves to dark. */
export function useTheme(): { theme: Theme; dark: boolean; setTheme: (t: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'system' as const);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  return { theme, dark: theme === 'dark' || (theme === 'system' && prefersDark), setTheme };
}

/** Applies the theme as the `dark` class on <html>; mounted once, by the app. */
export function useApplyTheme(): boolean {
  const { dark } = useTheme();
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
  return dark;
}
