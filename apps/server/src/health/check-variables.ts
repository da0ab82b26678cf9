import { celDuration, formatGoDuration } from '../expr/index.js';

/** The part of a result the variables are built from. */
export type ResultView = {
  pass: boolean;
  message: string;
  error: string | null;
  durationMs: number;
  details: Record<string, unknown>;
};

/** How a duration is given: a CEL duration for `expr`, Go duration text for templates and JavaScript. */
export type DurationOf = (ms: number) => unknown;
export const celDurationOf: DurationOf = (ms) => celDuration(ms);
export const textDurationOf: DurationOf = (ms) => formatGoDuration(ms);

const DAY_MS = 86_400_000;
type Row = Record<string, unknown>;
const obj = (v: unknown): Row => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The variables canary-checker gives `test`, `display` and `transform` for each type, built
 * from what our runners store (whose own names stay visible too): `results` for exec
 * (stdout, stderr, exitCode), postgres (rows, count), folder (files, newest, oldest…), dns,
 * elasticsearch; `code`, `headers`, `content`, `json`, `sslAge`, `elapsed` for http;
 * `value` and `firstResult` for prometheus; and for every type `duration`, `pass`,
 * `message`, `error`, `errorType`.
 */
export function checkVariables(type: string, r: ResultView, durationOf: DurationOf): Row {
  const d = r.details;
  const vars: Row = {
    ...d,
    duration: r.durationMs,
    pass: r.pass,
    message: r.message,
    error: r.error ?? '',
    errorType: typeof d.errorType === 'string' ? d.errorType : '',
  };
  switch (type) {
    case 'http':
      vars.headers = withCanonicalNames(obj(d.headers));
      vars.json = d.json ?? {};
      vars.elapsed = durationOf(r.durationMs);
      // Our runner stores days left; canary-checker gives a duration (`sslAge > Duration("7d")`).
      vars.sslAge = durationOf(typeof d.sslAge === 'number' ? d.sslAge * DAY_MS : 0);
      vars.sslAgeDays = d.sslAge ?? null;
      break;
    case 'exec':
      vars.results = { stdout: d.stdout ?? '', stderr: d.stderr ?? '', exitCode: d.exitCode ?? -1 };
      break;
    case 'postgres':
      // Stored as `results: rows`; canary-checker's SQL checks give `results.rows` and `results.count`.
      vars.rows = list(d.results);
      vars.results = { rows: list(d.results), count: d.count ?? list(d.results).length };
      break;
    case 'folder':
      vars.results = folderResults(d);
      break;
    case 'prometheus': {
      const first = obj(list(d.results)[0]);
      vars.firstResult = first;
      vars.value = typeof first.value === 'number' ? first.value : 0;
      break;
    }
    case 'dns':
      vars.results = list(d.records);
      break;
    case 'elasticsearch':
    case 'opensearch':
      vars.results = { hits: { total: { value: d.count ?? 0 }, hits: list(d.hits) } };
      break;
  }
  return vars;
}

/** Node lower-cases header names; Go gives `Content-Type`, `Location`: both spellings work. */
function withCanonicalNames(headers: Row): Row {
  const out: Row = { ...headers };
  for (const [k, v] of Object.entries(headers)) {
    const canonical = k.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
    if (!(canonical in out)) out[canonical] = v;
  }
  return out;
}

/** canary-checker's folder listing: files plus the newest, oldest, smallest and largest. */
function folderResults(d: Row): Row {
  const files = list(d.files).map(obj);
  const by = (pick: (a: Row, b: Row) => boolean) =>
    files.length ? files.reduce((best, f) => (pick(f, best) ? f : best)) : null;
  const size = (f: Row) => (typeof f.size === 'number' ? f.size : 0);
  const modified = (f: Row) => String(f.modified ?? '');
  return {
    files,
    count: d.count ?? files.length,
    newest: d.newest ?? by((a, b) => modified(a) > modified(b)),
    oldest: by((a, b) => modified(a) < modified(b)),
    smallest: by((a, b) => size(a) < size(b)),
    largest: by((a, b) => size(a) > size(b)),
    totalSize: files.reduce((n, f) => n + size(f), 0),
  };
}
