import { statusPageInputSchema } from '@opsdeck/shared';
import type { DataRow, DataWriteHook } from '../platform/data-write-hook.js';
import { withCreatedBy } from '../platform/created-by-hook.js';
import { HttpError } from '../platform/http-error.js';

/** Columns the editor, the data API and `opsdeck apply` may write. */
const WRITABLE = new Set([
  'slug',
  'title',
  'logo',
  'description',
  'groups',
  'custom_domain',
  'source',
  'applied',
  'created_by',
  'deleted_at',
]);

const partial = statusPageInputSchema.partial();

function checked(row: DataRow, whole: boolean): DataRow {
  const unknown = Object.keys(row).filter((k) => !WRITABLE.has(k));
  if (unknown.length)
    throw new HttpError(400, `${unknown[0]}: not a column a status page's writer sets`, unknown);
  // Empty custom domains and logos mean none.
  const input = { ...row };
  for (const k of ['custom_domain', 'logo'] as const) if (input[k] === '') input[k] = null;
  if (typeof input.custom_domain === 'string') input.custom_domain = input.custom_domain.trim().toLowerCase();
  const parsed = (whole ? statusPageInputSchema : partial).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw new HttpError(
      400,
      `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      field ? [field] : [],
    );
  }
  return { ...input, ...parsed.data };
}

/**
 * Writes to /api/db/status_pages (docs/status-pages.md): a slug a URL can carry, a title, at
 * least one group whose selectors are valid, a logo of bounded size, a host name as the custom
 * domain; a PATCH checks the fields it sends.
 */
export const statusPageWriteHook: DataWriteHook = withCreatedBy({
  async beforeWrite(rows, w) {
    if (w.method === 'DELETE') return rows;
    return rows.map((row) => checked(row, w.method === 'POST'));
  },
});
