import type { z } from 'zod';
import type { Queryable } from '../db/types.js';
import type { DataRow, DataWriteContext, DataWriteHook } from './data-write-hook.js';

/** A refused write of a spec resource: 400 with a PostgREST-style `{code, message}` body. */
export class SpecWriteError extends Error {
  readonly statusCode = 400;
  readonly code = 'OPSDECK_INVALID_SPEC';
}

/** A validated spec, and the columns it sets on its row. */
export type ParsedSpec<S> = {
  spec: S;
  /** Columns the write leaves out take these (a document's metadata.name). */
  defaults?: DataRow;
  /** These win over what the write says (a spec's own schedule). */
  overrides?: DataRow;
};

export type SpecResource<S> = {
  /** The `schedule` column, checked whenever a write sets it. */
  scheduleSchema: z.ZodType<unknown>;
  /** Validates and normalises the written spec; throws `specError` (or SpecWriteError) with the reason. */
  parseSpec(spec: unknown): ParsedSpec<S>;
  /** The domain's own spec error: its message becomes the 400 answer. */
  specError?: new (message: string) => Error;
  /** Why the server refuses to let this spec reach what it names (file roots, kubeconfigs), if it does. */
  reachProblem?(spec: S, w: DataWriteContext): Promise<string | undefined>;
  /** Runs in the write's transaction with the ids of the written rows (never empty). */
  sync(tx: Queryable, ids: string[], w: DataWriteContext): Promise<void>;
};

/**
 * The data-API write hook of a table whose rows hold a spec (canaries, config_scrapers,
 * topologies): the schedule column must be valid; on POST, or when a PATCH sets `spec`, the
 * spec must validate (its normalised form is stored, with the columns it sets) and a POST
 * needs a name; a PATCH stamps `updated_at`; then the spec's reach is checked. After the write,
 * `sync` brings what the spec defines up to date in the same transaction.
 */
export function specResourceWriteHook<S>(resource: SpecResource<S>): DataWriteHook {
  // A domain's own spec error is a refusal (400); anything else stays what it is.
  function refuse(e: unknown): never {
    if (resource.specError && e instanceof resource.specError) throw new SpecWriteError(e.message);
    throw e;
  }
  return {
    async beforeWrite(rows, w) {
      const specs: S[] = [];
      const checked = rows.map((input) => {
        const row = { ...input };
        if (row.schedule !== undefined && row.schedule !== null) {
          const s = resource.scheduleSchema.safeParse(row.schedule);
          if (!s.success) throw new SpecWriteError(`schedule: ${s.error.issues[0]?.message ?? 'invalid'}`);
        }
        if ('spec' in row || w.method === 'POST') {
          let parsed: ParsedSpec<S>;
          try {
            parsed = resource.parseSpec(row.spec);
          } catch (e) {
            refuse(e);
          }
          row.spec = parsed.spec;
          for (const [column, value] of Object.entries(parsed.defaults ?? {})) {
            if (row[column] === undefined) row[column] = value;
          }
          Object.assign(row, parsed.overrides);
          specs.push(parsed.spec);
        }
        if (w.method === 'POST' && (typeof row.name !== 'string' || row.name.trim() === '')) {
          throw new SpecWriteError('name: This field is required');
        }
        if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
        return row;
      });
      if (resource.reachProblem) {
        for (const spec of specs) {
          const problem = await resource.reachProblem(spec, w);
          if (problem) throw new SpecWriteError(problem);
        }
      }
      return checked;
    },
    async afterWrite(tx, rows, w) {
      const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
      if (ids.length === 0) return;
      try {
        await resource.sync(tx, ids, w);
      } catch (e) {
        refuse(e);
      }
    },
  };
}

type DocumentMetadata = { name?: string; namespace?: string; labels?: Record<string, string> };

/**
 * `parseSpec` for specs given as a resource document (a bare spec, or apiVersion/kind/metadata/
 * spec; an absent spec reads as `{}`): metadata fills name, namespace and labels, and the spec's
 * own schedule wins over the column.
 */
export function documentSpec<S extends { schedule?: string }>(
  parse: (input: unknown) => { spec: S; metadata: DocumentMetadata },
): (input: unknown) => ParsedSpec<S> {
  return (input) => {
    const { spec, metadata } = parse(input ?? {});
    const defaults: DataRow = {};
    if (metadata.name) defaults.name = metadata.name;
    if (metadata.namespace) defaults.namespace = metadata.namespace;
    if (metadata.labels) defaults.labels = metadata.labels;
    return { spec, defaults, overrides: spec.schedule ? { schedule: spec.schedule } : {} };
  };
}
