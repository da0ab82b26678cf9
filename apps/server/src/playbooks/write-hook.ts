import { scheduleSchema, type PlaybookSpec } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { withCreatedBy } from '../platform/created-by-hook.js';
import type { DataRow, DataWriteContext, DataWriteHook } from '../platform/data-write-hook.js';
import { SpecWriteError, specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { syncSchedules } from './triggers/schedule-state.js';
import { parsePlaybookSpec, PlaybookSpecError } from './spec.js';

/** A write that would make a second live playbook with one name or one webhook path. */
export class PlaybookConflictError extends Error {
  readonly statusCode = 409;
  readonly code = 'OPSDECK_CONFLICT';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row a PATCH names by `?id=eq.X`, if it names exactly one. */
function patchedId(w: DataWriteContext): string | null {
  const query = w.req.query as Record<string, unknown> | undefined;
  const id = typeof query?.id === 'string' ? query.id.replace(/^eq\./, '') : '';
  return UUID.test(id) ? id : null;
}

type Identity = { namespace: string; name: string; category: string };

async function currentRow(q: Queryable, id: string | null): Promise<Partial<Identity> & { spec?: unknown }> {
  if (!id) return {};
  const { rows } = await q.query<Identity & { spec: unknown }>(
    'SELECT namespace, name, category, spec FROM playbooks WHERE id = $1',
    [id],
  );
  return rows[0] ?? {};
}

/** The clear 409s the unique indexes of 090 would otherwise answer with a bare constraint name. */
async function checkConflicts(q: Queryable, row: DataRow, w: DataWriteContext): Promise<void> {
  if (row.deleted_at !== undefined && row.deleted_at !== null) return;
  const touchesName = ['name', 'namespace', 'category'].some((k) => row[k] !== undefined);
  const touchesSpec = row.spec !== undefined;
  if (!touchesName && !touchesSpec) return;
  const id = w.method === 'PATCH' ? patchedId(w) : typeof row.id === 'string' ? row.id : null;
  // A PATCH over a filter other than one id: the unique indexes still refuse, with a plainer 409.
  if (w.method === 'PATCH' && !id) return;
  const current = w.method === 'PATCH' ? await currentRow(q, id) : {};
  const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const namespace = str(row.namespace, current.namespace ?? 'default');
  const name = str(row.name, current.name ?? '');
  const category = str(row.category, current.category ?? '');
  if (touchesName || w.method === 'POST') {
    const { rows } = await q.query<{ id: string }>(
      `SELECT id FROM playbooks WHERE deleted_at IS NULL AND namespace = $1 AND name = $2 AND category = $3
         AND id IS DISTINCT FROM $4::uuid LIMIT 1`,
      [namespace, name, category, id],
    );
    if (rows.length > 0) {
      throw new PlaybookConflictError(
        `a playbook named '${name}' already exists in namespace '${namespace}'${category ? ` and category '${category}'` : ''}`,
      );
    }
  }
  const path = (row.spec as PlaybookSpec | undefined)?.on?.webhook?.path;
  if (touchesSpec && path) {
    const { rows } = await q.query<{ name: string }>(
      `SELECT name FROM playbooks WHERE deleted_at IS NULL AND spec -> 'on' -> 'webhook' ->> 'path' = $1
         AND id IS DISTINCT FROM $2::uuid LIMIT 1`,
      [path, id],
    );
    if (rows[0])
      throw new PlaybookConflictError(`webhook path ${path} is already used by playbook ${rows[0].name}`);
  }
}

const specHook = specResourceWriteHook<PlaybookSpec>({
  scheduleSchema,
  specError: PlaybookSpecError,
  parseSpec(input) {
    const { spec, metadata } = parsePlaybookSpec(input);
    // The body's columns win; the spec fills what it leaves out (Mission Control copies them).
    const defaults: DataRow = {};
    if (metadata.name) defaults.name = metadata.name;
    if (metadata.namespace) defaults.namespace = metadata.namespace;
    if (spec.title) defaults.title = spec.title;
    if (spec.category !== undefined) defaults.category = spec.category;
    if (spec.description !== undefined) defaults.description = spec.description;
    if (spec.icon !== undefined) defaults.icon = spec.icon;
    return { spec, defaults };
  },
  async sync(tx, ids) {
    await syncSchedules(tx, ids);
  },
});

/**
 * Writes to /api/db/playbooks: the spec validates (field path and message) and its templates
 * parse; the title falls back to the name; one live playbook per name and per webhook path
 * (409 saying which); `updated_at` on every PATCH; delete is a PATCH of `deleted_at`.
 */
export const playbookWriteHook: DataWriteHook = withCreatedBy({
  async beforeWrite(rows, w) {
    const checked = specHook.beforeWrite ? await specHook.beforeWrite(rows, w) : rows;
    for (const row of checked) {
      if (row.name !== undefined && (typeof row.name !== 'string' || row.name.trim() === ''))
        throw new SpecWriteError('name: This field is required');
      if (w.method === 'POST' && (typeof row.title !== 'string' || row.title === '')) row.title = row.name;
      await checkConflicts(w.ctx.db, row, w);
    }
    return checked;
  },
  afterWrite: specHook.afterWrite,
});
