import { z } from 'zod';
import { useMediaQuery } from '../lib/useMediaQuery.js';
import { useStoredState } from '../lib/useStoredState.js';

export const SIDEBAR_KEY = 'opsdeck.sidebar.collapsed';

/** Collapsed when the user chose so (remembered), and always below 1024 px. */
export function useSidebar(): { collapsed: boolean; narrow: boolean; toggle: () => void } {
  const [chosen, setChosen] = useStoredState(SIDEBAR_KEY, z.boolean(), false);
  const narrow = useMediaQuery('(max-width: 1023.98px)');
  return { collapsed: narrow || chosen, narrow, toggle: () => setChosen(!chosen) };
}
