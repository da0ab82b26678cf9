import { scheduleSchema } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { DataWriteHook } from '../rest-hooks.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { CanarySpecError, parseCanarySpec } from './canary-spec.js';
import { folderPathProblems } from './checks/folder.js';
import { resolveTemplates } from './run-check.js';
import { templateVars } from './runtime.js';
import { syncCanaryChecks } from './sync.js';

/** A refused canary write: 400 with a PostgREST-style `{code, message}` body. */
export class CanaryWriteError extends Error {
  readonly statusCode = 400;
  readonly code = 'OPSDECK_INVALID_SPEC';
}

function refuse(e: unknown): never {
  if (e instanceof CanarySpecError) throw new CanaryWriteError(e.message);
  throw e;
}

/**
 * Writes to /api/db/canaries: validates and normalises the spec before anything is
 * stored (a canary-checker document is unwrapped: metadata fills name, namespace and
 * labels), and folder checks must stay inside the file roots; then reconciles the canary's
 * checks in the same transaction and asks the scheduler to run it soon.
 */
export const canaryWriteHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    const checked = rows.map((input) => {
      const row = { ...input };
      if (row.schedule !== undefined && row.schedule !== null) {
        const s = scheduleSchema.safeParse(row.schedule);
        if (!s.success) throw new CanaryWriteError(`schedule: ${s.error.issues[0]?.message ?? 'invalid'}`);
      }
      if ('spec' in row || w.method === 'POST') {
        let parsed: ReturnType<typeof parseCanarySpec>;
        try {
          parsed = parseCanarySpec(row.spec ?? {});
        } catch (e) {
          refuse(e);
        }
        row.spec = parsed.spec;
        if (parsed.metadata.name && row.name === undefined) row.name = parsed.metadata.name;
        if (parsed.metadata.namespace && row.namespace === undefined)
          row.namespace = parsed.metadata.namespace;
        if (parsed.metadata.labels && row.labels === undefined) row.labels = parsed.metadata.labels;
        if (parsed.spec.schedule) row.schedule = parsed.spec.schedule;
        // The spec is checked as a whole here so duplicate names are refused before storing.
        if (w.method === 'POST' && (typeof row.name !== 'string' || row.name.trim() === '')) {
          throw new CanaryWriteError('name: This field is required');
        }
      }
      if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
      return row;
    });
    const access = fileAccess(w.ctx.config);
    for (const row of checked) {
      if (row.spec === undefined) continue;
      const problems = await folderPathProblems(resolveTemplates(row.spec, templateVars(w.ctx)), access);
      if (problems.length) throw new CanaryWriteError(problems.join('; '));
    }
    return checked;
  },
  async afterWrite(tx: Queryable, rows, w) {
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    for (const id of ids) {
      try {
        await syncCanaryChecks(tx, id, templateVars(w.ctx));
      } catch (e) {
        refuse(e);
      }
    }
    if (ids.length && w.method !== 'DELETE') {
      await tx.query(
        'UPDATE canaries SET next_runtime = NULL WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL',
        [ids],
      );
    }
  },
};
