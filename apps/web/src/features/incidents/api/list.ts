import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { db, ilikePattern, page, rows } from '../../../api/postgrest.js';
import { active, type IncidentFilters } from '../lib/filters.js';
import { incidentRowSchema, personRefSchema, type IncidentRow, type PersonRef } from './types.js';

/** Columns the list may be sorted by on the server (the table's column ids). */
const SORTABLE = new Set(['incident_id', 'title', 'severity', 'status', 'type', 'created_at']);
const DEFAULT_SORT = { id: 'created_at', desc: true };

export type IncidentPage = { data: IncidentRow[]; totalEntries: number | undefined };

/** The incidents whose evidence points at a component (incidents_by_component), as ids. */
async function idsForComponent(componentId: string, signal?: AbortSignal): Promise<string[]> {
  const q = db.from('incidents_by_component').select('id').eq('component_id', componentId);
  const found = z.array(z.object({ id: z.string() })).parse(await rows(signal ? q.abortSignal(signal) : q));
  return found.map((r) => r.id);
}

/** One page of incident_summary with the list's filters; 'all' and empty values are left out. */
export async function fetchIncidents(
  filters: IncidentFilters,
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<IncidentPage> {
  let ids: string[] | undefined;
  if (active(filters.component)) {
    ids = await idsForComponent(filters.component, signal);
    // No incident touches the component: nothing to ask for.
    if (ids.length === 0) return { data: [], totalEntries: 0 };
  }
  const sort = sorting.find((s) => SORTABLE.has(s.id)) ?? DEFAULT_SORT;
  let q = db
    .from('incident_summary')
    .select('*', { count: 'exact' })
    .order(sort.id, { ascending: !sort.desc })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  if (active(filters.type)) q = q.eq('type', filters.type);
  if (active(filters.severity)) q = q.eq('severity', filters.severity);
  if (active(filters.status)) q = q.eq('status', filters.status);
  if (active(filters.owner)) q = q.eq('created_by', filters.owner);
  if (ids) q = q.in('id', ids);
  const text = filters.search.trim();
  if (text) {
    const pattern = ilikePattern(text);
    q = q.or(`title.ilike.${pattern},incident_id.ilike.${pattern}`);
  }
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(incidentRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** People for the Owner filter, by name. */
export async function fetchOwners(signal?: AbortSignal): Promise<PersonRef[]> {
  const q = db.from('people').select('id,name,avatar').order('name');
  return z.array(personRefSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}
