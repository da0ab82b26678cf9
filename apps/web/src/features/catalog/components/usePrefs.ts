import { z } from 'zod';
import { useStoredState } from '../../../lib/useStoredState.js';

/** Client preferences, kept in the browser: hide deleted configs (default yes), favourite types. */
export function useHideDeleted(key: 'catalog' | 'changes') {
  return useStoredState(`catalog.hideDeleted.${key}`, z.boolean(), true);
}

export function useFavouriteTypes() {
  return useStoredState('catalog.favouriteTypes', z.array(z.string()), []);
}
