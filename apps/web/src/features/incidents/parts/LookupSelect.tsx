import { useQuery } from '@tanstack/react-query';
import type { LookupOption, ResponderLookupKind } from '@opsdeck/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorMessage } from '../../../api/errors.js';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { fetchLookup, LOOKUP_DEBOUNCE_MS, type LookupField } from './lookups.js';

type Props = {
  kind: ResponderLookupKind;
  field: LookupField;
  instance: string;
  /** The value of the field this one depends on (the project for issue types, the plan for buckets). */
  dependency: string;
  current: string;
  registration: UseFormRegisterReturn;
};

/**
 * A select whose choices come from the chosen instance (projects, issue types, priorities,
 * plans, buckets) once the instance and the choice it depends on have rested 500 ms, or from a
 * fixed list (Planner priorities). A stored value the lookup does not offer stays selectable.
 */
export function LookupSelect({ kind, field, instance, dependency, current, registration }: Props) {
  const settled = useDebouncedValue({ instance, dependency }, LOOKUP_DEBOUNCE_MS);
  const lookup = 'lookup' in field ? field : undefined;
  const ready = Boolean(
    lookup && settled.instance && settled.instance === instance && (!lookup.needs || settled.dependency),
  );
  const query = useQuery({
    queryKey: ['incidents', 'responder-lookup', kind, settled.instance, lookup?.lookup, settled.dependency],
    queryFn: ({ signal }) =>
      fetchLookup(
        settled.instance,
        lookup!.lookup,
        lookup?.needs ? { [lookup.needs.param]: settled.dependency } : {},
        signal,
      ),
    enabled: ready,
    staleTime: 0,
  });
  const options: readonly LookupOption[] = 'options' in field ? field.options : (query.data ?? []);
  const offered =
    current && !options.some((o) => o.value === current) ? [{ value: current, label: current }] : [];
  return (
    <>
      <select className="input w-full" aria-required aria-busy={query.isFetching} {...registration}>
        <option value="">{query.isFetching ? 'Loading…' : 'Select…'}</option>
        {[...offered, ...options].map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {query.isError ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {errorMessage(query.error)}
        </span>
      ) : null}
    </>
  );
}
