import { z } from 'zod';
import { http } from './http.js';
import { db, rows } from './postgrest.js';

const appliedRowSchema = z.object({
  source: z.string().nullable().optional(),
  applied: z
    .object({ file: z.string().optional(), edited: z.boolean().optional() })
    .loose()
    .nullable()
    .optional(),
});

const unresolvedSchema = z.object({
  unresolved: z.array(z.object({ path: z.string(), message: z.string() })),
});

export type SpecNotices = {
  /** The file `opsdeck apply` wrote the object from, when it did. */
  appliedFrom?: string;
  /** What the object names that does not exist yet (docs/specs-as-code.md). */
  unresolved: { path: string; message: string }[];
};

/** Whether an object came from `opsdeck apply`, and what it names that does not exist yet. */
export async function fetchSpecNotices(
  table: string,
  id: string,
  signal?: AbortSignal,
): Promise<SpecNotices> {
  const q = db.from(table).select('source,applied').eq('id', id);
  const [row, refs] = await Promise.all([
    rows(signal ? q.abortSignal(signal) : q),
    http(`/api/specs/unresolved/${encodeURIComponent(table)}/${encodeURIComponent(id)}`, { signal }),
  ]);
  const stored = appliedRowSchema.parse(row[0] ?? {});
  return {
    appliedFrom: stored.source === 'apply' ? (stored.applied?.file ?? 'a file') : undefined,
    unresolved: unresolvedSchema.parse(refs).unresolved,
  };
}
