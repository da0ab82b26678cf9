import type { RouteEntry } from '../../src/platform/route-table.js';
import { prng } from '../../src/lib/prng.js';
import { samplePath } from './route-variants.js';

export type HostileRequest = {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  why: string;
};

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const NUMBERS = [
  '1e308',
  '-1e308',
  '1e400',
  '99999999999999999999999',
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
];
const DURATIONS = ['9999999d', '1e308h', '-5m', '99999999999999999999s', '1y', 'P99999Y', '0'];
const DATES = [
  '0000-00-00',
  '99999-12-31T00:00:00Z',
  '2020-13-45',
  '-271821-04-20',
  '1e308',
  'now-99999999d',
];
const STRINGS = [
  '%00',
  'a%00b',
  '%ff',
  '%c0%af',
  '%ed%a0%80',
  "'",
  '"',
  '..%2f..%2fetc%2fpasswd',
  '%25',
  'x'.repeat(4000),
];
const QUERY_KEYS = [
  'sort_by',
  'sortBy',
  'sortOrder',
  'order',
  'select',
  'limit',
  'offset',
  'page',
  'pageSize',
  'q',
  'query',
  'type',
  'types',
  'status',
  'id',
  'check',
  'count',
  'start',
  'end',
  'from',
  'to',
  'since',
  'window',
  'timeRange',
  'depth',
  'flow',
  'return_to',
  'token',
  'kind',
  'include',
  'severity',
  'health',
  'agent_id',
];
const BODY_KEYS = [
  'name',
  'email',
  'role',
  'roles',
  'id',
  'spec',
  'expiry',
  'expires_at',
  'expiresIn',
  'sort_by',
  'sortBy',
  'from',
  'to',
  'since',
  'page',
  'pageSize',
  'limit',
  'types',
  'config_ids',
  'query',
  'password',
  'method',
  'flow',
  'traits',
  'labels',
  'properties',
  'schedule',
  'interval',
  'value',
  'state',
];

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

function hostileValue(rand: () => number): string {
  return pick(rand, [PROTOTYPE_KEYS, NUMBERS, DURATIONS, DATES, STRINGS][Math.floor(rand() * 5)]!);
}

function nested(depth: number, open: string, close: string, leaf = '1'): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

/** A JSON value for a body field that no handler should accept or choke on. */
function hostileJson(rand: () => number): string {
  switch (Math.floor(rand() * 9)) {
    case 0:
      return nested(10_000, '[', ']');
    case 1:
      return nested(10_000, '{"a":', '}');
    case 2:
      return '"\\u0000"';
    case 3:
      return JSON.stringify(hostileValue(rand));
    case 4:
      return pick(rand, ['1e308', '-1e308', '1e400', '123456789012345678901234567890', '-0']);
    case 5:
      return '{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":true}}}';
    case 6:
      return JSON.stringify({ [pick(rand, PROTOTYPE_KEYS)]: hostileValue(rand) });
    case 7:
      return JSON.stringify('y'.repeat(200_000));
    default:
      return pick(rand, ['[]', '{}', 'null', 'true', '""']);
  }
}

function hostileBody(rand: () => number): { body: Buffer; contentType: string; why: string } {
  const json = (text: string, why: string) => ({
    body: Buffer.from(text),
    contentType: 'application/json',
    why,
  });
  switch (Math.floor(rand() * 12)) {
    case 0:
      return json(nested(10_000, '[', ']'), 'array nested 10,000 deep');
    case 1:
      return json(nested(10_000, '{"spec":', '}', '{}'), 'object nested 10,000 deep');
    case 2:
      return {
        body: Buffer.alloc(11 * 1024 * 1024, 'a'),
        contentType: 'application/json',
        why: '11 MB body',
      };
    case 3:
      return {
        body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
        contentType: 'application/json',
        why: 'invalid UTF-8',
      };
    case 4:
      return json('{"name": "a\\u0000b", "email": "x\\u0000@y"}', 'NUL in strings');
    case 5:
      return json('{"na\\u0000me": 1}', 'NUL in a key');
    case 6:
      return json('{"a":', 'truncated JSON');
    case 7:
      return {
        body: Buffer.from('name=%00&__proto__[x]=1&a=%ff'),
        contentType: 'application/x-www-form-urlencoded',
        why: 'form with NUL',
      };
    case 8:
      return {
        body: Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\0\r\n--x--'),
        contentType: 'multipart/form-data; boundary=x',
        why: 'multipart',
      };
    case 9:
      return { body: Buffer.from('\0\0\0'), contentType: 'text/plain', why: 'NUL text' };
    default: {
      const fields = Array.from(
        { length: 1 + Math.floor(rand() * 4) },
        () => `${JSON.stringify(pick(rand, BODY_KEYS))}:${hostileJson(rand)}`,
      );
      return json(`{${fields.join(',')}}`, 'hostile field values');
    }
  }
}

function hostileQuery(rand: () => number): string {
  const parts = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
    const key = rand() < 0.2 ? pick(rand, PROTOTYPE_KEYS) : pick(rand, QUERY_KEYS);
    const value = hostileValue(rand);
    return `${key}=${/%|\.\./.test(value) ? value : encodeURIComponent(value)}`;
  });
  if (rand() < 0.1) parts.push('a[b][c]=1', 'a=1', 'a=2');
  return parts.join('&');
}

function hostilePath(rand: () => number, pattern: string): string {
  return pattern
    .split('/')
    .map((s) =>
      s.startsWith(':') || s === '*' ? pick(rand, [...STRINGS, ...PROTOTYPE_KEYS, ...NUMBERS]) : s,
    )
    .join('/');
}

const GARBAGE_CREDENTIALS: Record<string, string>[] = [
  { authorization: `Basic ${Buffer.from('token:\0abc').toString('base64')}` },
  { authorization: `Basic ${Buffer.from('admin@localhost\0:pw').toString('base64')}` },
  { authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x00]).toString('base64')}` },
  { authorization: 'Basic !!!not-base64!!!' },
  { authorization: 'Basic' },
  { authorization: 'Bearer ' },
  { authorization: `Bearer od_${'0'.repeat(32)}.${'a'.repeat(40)}` },
  { authorization: `Bearer ${'x'.repeat(6000)}` },
  { authorization: 'Negotiate abc' },
  { cookie: 'opsdeck_session=%00%ff; opsdeck_csrf=__proto__' },
  { cookie: `opsdeck_session=${'z'.repeat(5000)}` },
];

const ODD_METHODS = ['PROPFIND', 'TRACE', 'MKCOL', 'SEARCH', 'LOCK', 'PURGE', 'COPY'];

/** How the storm signs in as the admin: a token (the slow argon2 path) and a session cookie. */
export type AdminCredentials = { token: Record<string, string>; session: Record<string, string> };

/** `perRoute` random hostile requests for every route, half of them as the admin. */
export function hostileRequests(
  routes: RouteEntry[],
  admin: AdminCredentials,
  perRoute: number,
  seed = 7,
): HostileRequest[] {
  const rand = prng(seed);
  const out: HostileRequest[] = [];
  for (const route of routes) {
    for (let i = 0; i < perRoute; i++) {
      const asAdmin = rand() < 0.5;
      const headers: Record<string, string> = asAdmin
        ? { ...(rand() < 0.5 ? admin.token : admin.session) }
        : { ...pick(rand, GARBAGE_CREDENTIALS) };
      const path = rand() < 0.4 ? hostilePath(rand, route.url) : samplePath(route.url);
      const query = rand() < 0.6 ? `?${hostileQuery(rand)}` : '';
      let method = route.method;
      let why = asAdmin ? 'admin' : `garbage credentials ${Object.keys(headers).join()}`;
      if (rand() < 0.08) {
        method = pick(rand, ODD_METHODS);
        why += `, method ${method}`;
      }
      const request: HostileRequest = { method, target: `${path}${query}`, headers, why };
      if (method !== 'GET' && method !== 'HEAD' && (method !== 'DELETE' || rand() < 0.3)) {
        const body = hostileBody(rand);
        request.body = body.body;
        request.headers['content-type'] = body.contentType;
        request.why += `, ${body.why}`;
      }
      out.push(request);
    }
  }
  return out;
}

/** Values no field of any route should choke on, as JSON (bodies) and as query text. */
const PROBE_JSON = [
  '"toString"',
  '"__proto__"',
  '"constructor"',
  '{"__proto__":{"polluted":true}}',
  '1e308',
  '-1e308',
  '123456789012345678901234567890',
  '"1e308"',
  '"9999999d"',
  '"99999-12-31T00:00:00Z"',
  '"-271821-04-20"',
  '"a\\u0000b"',
  nested(10_000, '[', ']'),
  '[[],{},null]',
];
const PROBE_QUERY = [
  'toString',
  '__proto__',
  'constructor',
  '1e308',
  '-1e308',
  '123456789012345678901234567890',
  '9999999d',
  '99999-12-31T00%3A00%3A00Z',
  '-271821-04-20',
  'a%00b',
  '%ff%fe',
  'NaN',
];

/**
 * One hostile value in one named field at a time, as the admin, so that each handler meets
 * every value class alone (a second bad field would stop validation before the first reached
 * the code that chokes on it): body fields for writes, query parameters for reads, and every
 * path parameter.
 */
export function systematicProbes(routes: RouteEntry[], admin: Record<string, string>): HostileRequest[] {
  const out: HostileRequest[] = [];
  for (const route of routes) {
    const path = samplePath(route.url);
    const withBody = route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT';
    if (withBody) {
      for (const key of BODY_KEYS) {
        for (const value of PROBE_JSON) {
          out.push({
            method: route.method,
            target: path,
            headers: { ...admin, 'content-type': 'application/json' },
            body: Buffer.from(`{${JSON.stringify(key)}:${value}}`),
            why: `body ${key}=${value.slice(0, 40)}`,
          });
        }
      }
    } else {
      for (const key of QUERY_KEYS) {
        for (const value of PROBE_QUERY) {
          out.push({
            method: route.method,
            target: `${path}?${key}=${value}`,
            headers: { ...admin },
            why: `query ${key}`,
          });
        }
      }
    }
    const params = route.url.split('/').filter((s) => s.startsWith(':') || s === '*');
    for (const param of params) {
      for (const value of [...PROBE_QUERY, '%2e%2e', 'x'.repeat(600)]) {
        const target = route.url
          .split('/')
          .map((s) => (s === param ? value : s.startsWith(':') || s === '*' ? samplePath(s) : s))
          .join('/');
        out.push({ method: route.method, target, headers: { ...admin }, why: `path ${param}` });
      }
    }
  }
  return out;
}
