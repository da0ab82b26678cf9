import { z } from 'zod';
import { useStoredState } from '../../../lib/useStoredState.js';

/** Client preferences of spec 2 §3: hide deleted configs (default yes), favourite types. */
export function useHideDeleted(key: 'catalog' | 'changes') {
  return useStoredState(`catalog.hideDeleted.${key}`, z.boolean(), true);
}

export function useFavouriteTypes() {
  return useStoredState('catalog.favouriteTypes', z.array(z.string()), []);
}
