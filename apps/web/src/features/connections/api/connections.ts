import type { SortingState } from '@tanstack/react-table';
import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { db, page, rows } from '../../../api/postgrest.js';

const personRef = z
  .object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable().optional() })
  .nullable()
  .optional();

/** A row of `connections_list`: no secrets, readable by every signed-in user. */
const connectionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  type: z.string(),
  source: z.string().nullable().optional(),
  created_by: personRef,
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type ConnectionRow = z.infer<typeof connectionRowSchema>;

/** A row of `connection_details`: every column, secrets masked as `***`. */
const connectionDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  type: z.string(),
  url: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  password: z.string().nullable().optional(),
  certificate: z.string().nullable().optional(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
  insecure_tls: z.boolean().nullable().optional(),
});
export type ConnectionDetail = z.infer<typeof connectionDetailSchema>;

const LIST_COLUMNS = 'id,name,namespace,type,source,created_by(id,name,email),created_at,updated_at';
/** Columns the list may be sorted by on the server (Created By cannot be sorted). */
const SORTABLE = ['name', 'namespace', 'type', 'created_at', 'updated_at'] as const;
export const DEFAULT_SORT = { id: 'name', desc: false } as const;

/**
 * One page of connections with the exact total. Always from `connections_list`: the table
 * needs no secret, and the list must work for readers who may not read `connection_details`.
 */
export async function fetchConnections(
  pageIndex: number,
  pageSize: number,
  sorting: SortingState,
  signal?: AbortSignal,
): Promise<{ data: ConnectionRow[]; totalEntries: number | undefined }> {
  const asked = sorting[0];
  const sort = asked && (SORTABLE as readonly string[]).includes(asked.id) ? asked : DEFAULT_SORT;
  const q = db
    .from('connections_list')
    .select(LIST_COLUMNS, { count: 'exact' })
    .order(sort.id, { ascending: !sort.desc })
    .range(pageIndex * pageSize, (pageIndex + 1) * pageSize - 1);
  const res = await page(signal ? q.abortSignal(signal) : q);
  return { data: z.array(connectionRowSchema).parse(res.data), totalEntries: res.totalEntries };
}

/** One connection as its editor shows it (masked secrets). */
export async function fetchConnection(id: string): Promise<ConnectionDetail> {
  const found = z
    .array(connectionDetailSchema)
    .parse(await rows(db.from('connection_details').select('*').eq('id', id)));
  const [row] = found;
  if (!row) throw new HttpError('Connection not found', 404);
  return row;
}

const idOnly = z.array(z.object({ id: z.string() }));

/**
 * Creates (no id) or updates (id) a connection and returns its id. Only the id comes back:
 * the answer never carries a secret.
 */
export async function saveConnection(body: Record<string, unknown>, id: string | undefined): Promise<string> {
  const table = db.from('connections');
  const query = id ? table.update(body).eq('id', id).select('id') : table.insert(body).select('id');
  const [saved] = idOnly.parse(await rows(query));
  if (!saved) throw new HttpError('The connection was not saved', 500);
  return saved.id;
}

/** Soft delete, as every settings resource. */
export async function deleteConnection(id: string): Promise<void> {
  await rows(
    db.from('connections').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
}
