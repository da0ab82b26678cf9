import { useEffect } from 'react';
import { z } from 'zod';
import { useStoredState } from '../lib/useStoredState.js';
import { useMediaQuery } from '../lib/useMediaQuery.js';

const themeSchema = z.enum(['light', 'dark', 'system']);
export type Theme = z.infer<typeof themeSchema>;

/** The chosen theme (remembered) applied as the `dark` class on <html>. */
export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useStoredState<Theme>('opsdeck.theme', themeSchema, 'system');
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dark = theme === 'dark' || (theme === 'system' && prefersDark);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);
  return [theme, setTheme];
}
