import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LookupKind } from './lookups.js';
import { lookupNames } from './lookups.js';
import { notificationKeys } from './keys.js';

/** Names of the given ids of one kind, as a map (ids not found map to nothing). */
export function useNames(kind: LookupKind, ids: readonly string[]): Map<string, string> {
  const unique = [...new Set(ids)].sort();
  const names = useQuery({
    queryKey: notificationKeys.lookup(kind, unique),
    queryFn: ({ signal }) => lookupNames(kind, unique, signal),
    enabled: unique.length > 0,
  });
  return useMemo(() => new Map((names.data ?? []).map((o) => [o.value, o.label])), [names.data]);
}
