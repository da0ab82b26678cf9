import { parseDuration } from '@opsdeck/shared';

/** Positional SQL parameters, added as a query is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export class FilterError extends Error {
  readonly statusCode = 400;
}

export type ListFilter = { include: string[]; exclude: string[] };

/**
 * The include/exclude encoding of filters: a list (array or comma-separated) of values,
 * each optionally suffixed `:1` (include) or `:-1` (exclude), or prefixed `!` (exclude).
 */
export function parseListFilter(value: string | string[] | undefined | null): ListFilter {
  const out: ListFilter = { include: [], exclude: [] };
  if (value === undefined || value === null) return out;
  const parts = (Array.isArray(value) ? value : value.split(',')).map((p) => p.trim()).filter(Boolean);
  for (const p of parts) {
    if (p === 'all') continue;
    if (p.endsWith(':-1')) out.exclude.push(p.slice(0, -3));
    else if (p.endsWith(':1')) out.include.push(p.slice(0, -2));
    else if (p.startsWith('!')) out.exclude.push(p.slice(1));
    else out.include.push(p);
  }
  return out;
}

/** `col = ANY(...)` / `NOT (col = ANY(...))` conditions for a list filter. */
export function listConditions(column: string, f: ListFilter, params: Params): string[] {
  const conds: string[] = [];
  if (f.include.length) conds.push(`${column} = ANY(${params.add(f.include)}::text[])`);
  if (f.exclude.length)
    conds.push(`(${column} IS NULL OR NOT ${column} = ANY(${params.add(f.exclude)}::text[]))`);
  return conds;
}

/** Tags written `key____value`, each optionally `:-1` to exclude (the changes filter's URL form). */
export function tagConditions(
  column: string,
  value: string | string[] | undefined,
  params: Params,
): string[] {
  const f = parseListFilter(value);
  const pair = (t: string) => {
    const i = t.indexOf('____');
    if (i <= 0) throw new FilterError(`tags: "${t}" is not written key____value`);
    return { [t.slice(0, i)]: t.slice(i + 4) };
  };
  const conds: string[] = [];
  for (const t of f.include) conds.push(`${column} @> ${params.add(JSON.stringify(pair(t)))}::jsonb`);
  for (const t of f.exclude) conds.push(`NOT ${column} @> ${params.add(JSON.stringify(pair(t)))}::jsonb`);
  return conds;
}

/** A time bound: RFC 3339, `now`, `now-2d`, or a bare duration meaning that long ago. */
export function parseTimeBound(value: string | undefined, field: string, now = new Date()): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const v = value.trim();
  if (v === 'now') return now;
  const rel =
    /^now-(.+)$/.exec(v)?.[1] ?? (/^\d/.test(v) && !v.includes('-') && !v.includes(':') ? v : undefined);
  if (rel !== undefined) {
    const ms = parseDuration(rel.replace(/(\d+)M/g, (_m, n: string) => `${Number(n) * 30}d`));
    if (ms === undefined)
      throw new FilterError(`${field}: "${value}" is not a time or a duration such as now-2d`);
    return new Date(now.getTime() - ms);
  }
  const d = new Date(v);
  if (Number.isNaN(d.getTime()))
    throw new FilterError(`${field}: "${value}" is not a time or a duration such as now-2d`);
  return d;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function assertUuid(v: string, field: string): string {
  if (!UUID.test(v)) throw new FilterError(`${field}: "${v}" is not a UUID`);
  return v;
}
