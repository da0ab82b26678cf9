import {
  DEFAULT_LOG_LIMIT,
  LOGGING_BACKEND_KINDS,
  loggingBackendSpecSchema,
  logSelectorSchema,
  MAX_LOG_LIMIT,
  type LogItem,
  type LoggingBackendEntry,
  type LogSearchRequest,
} from '@opsdeck/shared';
import { z } from 'zod';
import { renderDeep } from '../expr/index.js';
import type { Queryable } from '../db/types.js';
import { badRequest, HttpError } from '../platform/http-error.js';
import { kindOf, searchEntry, type LogBackendContext, type LogQuery } from './backends/index.js';
import { routeSearch } from './routing.js';
import { parseSearchTime } from './time-range.js';

const HOUR = 3600_000;

type ComponentRow = {
  id: string;
  name: string;
  type: string | null;
  external_id: string | null;
  namespace: string | null;
  labels: Record<string, string> | null;
  log_selectors: unknown;
};

async function loadComponent(db: Queryable, id: string): Promise<ComponentRow> {
  if (!z.guid().safeParse(id).success) throw new HttpError(404, `component ${id} not found`);
  const { rows } = await db.query<ComponentRow>(
    `SELECT id, name, type, external_id, namespace, labels, log_selectors
     FROM components WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, `component ${id} not found`);
  return row;
}

/** The component's log selectors, templated with the component (`{{.name}}`, `$(.component.namespace)`). */
function selectorsOf(c: ComponentRow) {
  const parsed = z.array(logSelectorSchema).safeParse(c.log_selectors ?? []);
  const selectors = parsed.success ? parsed.data : [];
  const data = { ...c, component: c };
  return selectors.map((s) => renderDeep(s, data));
}

type NamedEntry = { backend: string; entry: LoggingBackendEntry };

async function loadEntries(db: Queryable): Promise<NamedEntry[]> {
  const { rows } = await db.query<{ name: string; spec: unknown }>(
    `SELECT name, spec FROM logging_backends WHERE deleted_at IS NULL ORDER BY created_at, name`,
  );
  return rows.flatMap((r) => {
    const spec = loggingBackendSpecSchema.safeParse(r.spec);
    return spec.success ? spec.data.backends.map((entry) => ({ backend: r.name, entry })) : [];
  });
}

/** The search a request asks for, limits applied. */
function queryOf(
  req: LogSearchRequest,
  c: ComponentRow,
  labels: Record<string, string>,
  now: Date,
): LogQuery {
  const end = parseSearchTime(req.end, now, now, 'end');
  const start = parseSearchTime(req.start, new Date(end.getTime() - HOUR), now, 'start');
  if (start > end) throw badRequest('start must be before end');
  return {
    id: c.external_id || c.id,
    type: c.type ?? '',
    labels,
    query: req.query ?? '',
    start,
    end,
    limit: Math.min(req.limit ?? DEFAULT_LOG_LIMIT, MAX_LOG_LIMIT),
  };
}

export type LogSearchResult = { total: number; results: LogItem[]; errors?: string[] };

/**
 * POST /api/logs: the component's selector (by name, else its first) → the backends whose
 * routes match (and whose kind the selector names, when it names one) → their latest lines,
 * merged oldest first, at most `limit`. A backend that fails is reported in `errors`; when
 * every one fails the search is a 400 naming why.
 */
export async function searchLogs(req: LogSearchRequest, ctx: LogBackendContext): Promise<LogSearchResult> {
  if (!req.id) throw badRequest('component ID is required');
  const component = await loadComponent(ctx.db, req.id);
  const selectors = selectorsOf(component);
  const selector = req.name ? selectors.find((s) => s.name === req.name) : selectors[0];
  if (!selector) {
    const names = selectors.map((s) => s.name).join(', ');
    throw new HttpError(
      404,
      `log selector with the name '${req.name ?? ''}' was not found. Available names: [${names}]`,
    );
  }
  const q = queryOf(req, component, { ...selector.labels, ...req.labels }, new Date());
  const kinds: readonly string[] = LOGGING_BACKEND_KINDS;
  const wantedKind = selector.type && kinds.includes(selector.type) ? selector.type : undefined;
  const entries = (await loadEntries(ctx.db)).filter((e) => !wantedKind || kindOf(e.entry) === wantedKind);
  const chosen = routeSearch(
    entries.map((e) => ({ ...e.entry, __backend: e.backend })),
    q,
  );
  const results: LogItem[] = [];
  const errors: string[] = [];
  let total = 0;
  await Promise.all(
    chosen.map(async ({ __backend, ...entry }) => {
      try {
        const batch = await searchEntry(entry, q, ctx);
        total += batch.total;
        results.push(...batch.results);
      } catch (e) {
        // Any backend's failure (refused path, unreachable peer, missing connection) is reported, not thrown.
        if (!(e instanceof Error)) throw e;
        errors.push(`${__backend} (${kindOf(entry)}): ${e.message}`);
      }
    }),
  );
  if (chosen.length > 0 && errors.length === chosen.length) throw badRequest(errors.join('; '));
  results.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
  const latest = results.slice(-q.limit);
  return errors.length ? { total, results: latest, errors } : { total, results: latest };
}
