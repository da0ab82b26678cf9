import { maintenanceWindowRowSchema, type MaintenanceWindowRow } from '@opsdeck/shared';
import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { db, page, rows } from '../../../api/postgrest.js';

export const maintenanceKeys = {
  all: ['maintenance-windows'] as const,
  page: (pageIndex: number, pageSize: number, sorting: SortingState) =>
    [...maintenanceKeys.all, 'page', pageIndex, pageSize, sorting] as const,
};

export const WINDOW_SORTABLE = [
  'name',
  'namespace',
  'starts_at',
  'ends_at',
  'schedule',
  'created_at',
] as const;
export const WINDOWS_DEFAULT_SORT = { id: 'name', desc: false } as const;

/** One page of live windows, sorted by the database. */
export async function fetchWindows(
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: MaintenanceWindowRow[]; totalEntries: number | undefined }> {
  const asked = sorting[0];
  const sort =
    asked && (WINDOW_SORTABLE as readonly string[]).includes(asked.id) ? asked : WINDOWS_DEFAULT_SORT;
  const q = db
    .from('maintenance_windows')
    .select('*', { count: 'exact' })
    .is('deleted_at', null)
    .order(sort.id, { ascending: !sort.desc })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(maintenanceWindowRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** The columns a save writes. */
export type WindowBody = Pick<
  MaintenanceWindowRow,
  | 'name'
  | 'namespace'
  | 'description'
  | 'starts_at'
  | 'ends_at'
  | 'schedule'
  | 'duration'
  | 'time_zone'
  | 'selectors'
  | 'notify'
>;

export async function saveWindow(id: string | undefined, body: WindowBody): Promise<void> {
  await rows(
    id
      ? db.from('maintenance_windows').update(body).eq('id', id).select('id')
      : db
          .from('maintenance_windows')
          .insert({ ...body, source: 'UI' })
          .select('id'),
  );
}

/** Deleting keeps the row (its history rows name it): deleted_at is set. */
export async function deleteWindow(id: string): Promise<void> {
  await rows(
    db.from('maintenance_windows').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
}
