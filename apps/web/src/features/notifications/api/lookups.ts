import { z } from 'zod';
import { db, ilikePattern, rows } from '../../../api/postgrest.js';
import type { Option } from '../../../ui/MultiSelect.js';

/** Tables whose rows a rule or a silence points at, each with the columns naming a row. */
export const LOOKUP_TABLES = {
  people: { table: 'people', label: 'name', extra: 'email' },
  teams: { table: 'teams', label: 'name', extra: null },
  config: { table: 'config_items', label: 'name', extra: 'type' },
  component: { table: 'components', label: 'name', extra: 'type' },
  check: { table: 'checks', label: 'name', extra: 'type' },
} as const;
export type LookupKind = keyof typeof LOOKUP_TABLES;

const rowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});

function toOption(kind: LookupKind, r: z.infer<typeof rowSchema>): Option {
  const extra = kind === 'people' ? r.email : r.type;
  const name = r.name ?? r.email ?? r.id;
  return { value: r.id, label: extra && extra !== name ? `${name} (${extra})` : name };
}

function columns(kind: LookupKind): string {
  const t = LOOKUP_TABLES[kind];
  return ['id', t.label, ...(t.extra ? [t.extra] : [])].join(',');
}

/** Live rows of one kind whose name contains the text (the first `limit` by name). */
export async function searchLookup(
  kind: LookupKind,
  text: string,
  { limit = 20, signal }: { limit?: number; signal?: AbortSignal } = {},
): Promise<Option[]> {
  let q = db
    .from(LOOKUP_TABLES[kind].table)
    .select(columns(kind))
    .is('deleted_at', null)
    .order('name')
    .limit(limit);
  if (text.trim()) q = q.ilike('name', ilikePattern(text));
  const found = z.array(rowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  return found.map((r) => toOption(kind, r));
}

/** Names of the given ids (deleted rows included: an old silence still names its resource). */
export async function lookupNames(
  kind: LookupKind,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Option[]> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return [];
  const q = db.from(LOOKUP_TABLES[kind].table).select(columns(kind)).in('id', unique);
  const found = z.array(rowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
  return found.map((r) => toOption(kind, r));
}
