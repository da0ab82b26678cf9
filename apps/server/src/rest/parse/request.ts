import { parseError } from '../errors.js';
import { Cursor } from './cursor.js';
import { parseFilter, parseLogic } from './filter.js';
import { parseAccept, parsePrefer, parseRange, type HeaderBag } from './headers.js';
import { parseOrder } from './order.js';
import { parseSelect } from './select.js';
import type { ApiRequest, NodeOptions } from './types.js';
import { ownTable } from '@opsdeck/shared';

/** Longest query string accepted; PostgREST leaves this to the proxy, we refuse early. */
export const MAX_QUERY_LENGTH = 64 * 1024;

function options(req: ApiRequest, path: string): NodeOptions {
  let o = req.options.get(path);
  if (!o) {
    o = { conditions: [], order: [] };
    req.options.set(path, o);
  }
  return o;
}

function parseCount(value: string, key: string): number {
  if (!/^\d{1,15}$/.test(value.trim()))
    throw parseError(`"${key}" must be a non-negative integer, not "${value.slice(0, 50)}"`);
  return Number(value.trim());
}

/** `columns="a","b"` and `on_conflict=a,b`: a list of (optionally quoted) column names. */
function parseNameList(value: string, what: string): string[] {
  const cur = new Cursor(value, what);
  const names: string[] = [];
  for (;;) {
    const name = cur.readWord(',');
    if (!name) throw cur.fail('column name expected');
    names.push(name);
    if (cur.done) return names;
    cur.expect(',');
  }
}

/**
 * The query string and headers as a typed request. `rpcArgNames` are the parameters of the
 * called function (GET /rpc/fn): those keys are arguments, not filters.
 */
export function parseRequest(
  search: string,
  headers: HeaderBag,
  rpcArgNames?: ReadonlySet<string>,
): ApiRequest {
  if (search.length > MAX_QUERY_LENGTH) throw parseError('The query string is too long');
  if (search.includes('%00') || search.includes('\0'))
    throw parseError('NUL characters are not allowed in the query string');
  const { media, stripNulls } = parseAccept(headers);
  const req: ApiRequest = {
    select: [{ type: 'star' }],
    options: new Map(),
    rpcArgs: new Map(),
    prefer: parsePrefer(headers),
    media,
    stripNulls,
    range: parseRange(headers),
  };
  options(req, '');
  for (const [key, value] of new URLSearchParams(search)) {
    if (rpcArgNames?.has(key)) {
      req.rpcArgs.set(key, value);
      continue;
    }
    if (key === 'select') {
      req.select = parseSelect(value);
      continue;
    }
    if (key === 'on_conflict') {
      req.onConflict = parseNameList(value, 'on_conflict');
      continue;
    }
    if (key === 'columns') {
      req.columns = parseNameList(value, 'columns');
      continue;
    }
    applyParam(req, key, value);
  }
  return req;
}

const LOGIC_KEYS: Record<string, { op: 'and' | 'or'; negated: boolean }> = ownTable({
  or: { op: 'or', negated: false },
  and: { op: 'and', negated: false },
  'not.or': { op: 'or', negated: true },
  'not.and': { op: 'and', negated: true },
});

/** `[embed.path.]order|limit|offset|or|and|not.or|not.and|column[->json]` */
function applyParam(req: ApiRequest, key: string, value: string): void {
  const arrow = key.indexOf('->');
  const head = arrow < 0 ? key : key.slice(0, arrow);
  const segments = head.split('.');
  const last2 = segments.slice(-2).join('.');
  if (arrow < 0 && LOGIC_KEYS[last2] && segments.length >= 2 && segments[segments.length - 2] === 'not') {
    const { op, negated } = LOGIC_KEYS[last2];
    options(req, embedPath(segments.slice(0, -2), key)).conditions.push(parseLogic(value, op, negated, key));
    return;
  }
  const last = segments[segments.length - 1] ?? '';
  const path = embedPath(segments.slice(0, -1), key);
  if (arrow < 0 && LOGIC_KEYS[last]) {
    const { op, negated } = LOGIC_KEYS[last];
    options(req, path).conditions.push(parseLogic(value, op, negated, key));
  } else if (arrow < 0 && last === 'order') {
    options(req, path).order.push(...parseOrder(value, key));
  } else if (arrow < 0 && last === 'limit') {
    options(req, path).limit = parseCount(value, key);
  } else if (arrow < 0 && last === 'offset') {
    options(req, path).offset = parseCount(value, key);
  } else {
    const fieldText = last + (arrow < 0 ? '' : key.slice(arrow));
    const cur = new Cursor(fieldText, `filter "${key.slice(0, 100)}"`);
    const field = cur.readField('');
    if (!cur.done) throw cur.fail('unexpected character in column name');
    options(req, path).conditions.push({
      type: 'filter',
      filter: parseFilter(field, value, `filter "${key.slice(0, 100)}"`),
    });
  }
}

function embedPath(segments: string[], key: string): string {
  if (segments.some((s) => s.trim() === ''))
    throw parseError(`"failed to parse filter (${key.slice(0, 100)})"`, 'empty embed name');
  return segments.map((s) => s.trim()).join('.');
}
