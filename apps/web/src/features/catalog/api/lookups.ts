import { useQuery } from '@tanstack/react-query';
import {
  CONFIG_CACHE,
  fetchChangeTypes,
  fetchConfigStatuses,
  fetchConfigTypes,
  fetchKeyValues,
} from './catalog.js';

/** `enabled: false` holds a list back until the screen needs it (at 100k items they cost). */
type LookupOptions = { enabled?: boolean };

/** The catalog's filter option lists, shared by every screen and cached 5 minutes (spec 2 §9). */
export const useConfigTypes = (options: LookupOptions = {}) =>
  useQuery({
    queryKey: ['config_types'],
    queryFn: ({ signal }) => fetchConfigTypes(signal),
    ...CONFIG_CACHE,
    ...options,
  });

export const useConfigStatuses = (options: LookupOptions = {}) =>
  useQuery({
    queryKey: ['config_statuses'],
    queryFn: ({ signal }) => fetchConfigStatuses(signal),
    ...CONFIG_CACHE,
    ...options,
  });

export const useChangeTypes = (options: LookupOptions = {}) =>
  useQuery({
    queryKey: ['change_types'],
    queryFn: ({ signal }) => fetchChangeTypes(signal),
    ...CONFIG_CACHE,
    ...options,
  });

export const useConfigKeyValues = (view: 'config_tags' | 'config_labels', options: LookupOptions = {}) =>
  useQuery({
    queryKey: [view],
    queryFn: ({ signal }) => fetchKeyValues(view, signal),
    ...CONFIG_CACHE,
    ...options,
  });
