import { z } from 'zod';
import { readStored } from '../../../lib/storage.js';
import { useStoredState } from '../../../lib/useStoredState.js';

type HideDeletedKey = 'catalog' | 'changes';
const hideDeleted = (key: HideDeletedKey) => [`catalog.hideDeleted.${key}`, z.boolean(), true] as const;

/** Client preferences, kept in the browser: hide deleted configs (default yes), favourite types. */
export function useHideDeleted(key: HideDeletedKey) {
  return useStoredState(...hideDeleted(key));
}

/** The stored 'hide deleted' choice, outside React (the catalog's early request). */
export function readHideDeleted(key: HideDeletedKey): boolean {
  return readStored(...hideDeleted(key));
}

export function useFavouriteTypes() {
  return useStoredState('catalog.favouriteTypes', z.array(z.string()), []);
}
