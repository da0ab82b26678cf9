import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors.js';
import type { MediaType } from '../parse/types.js';

export type ReadResult = { body: string; page: number; total: number | null; offset: number };

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/** `0-24/3573`, `*\/0` for an empty page, `*` when not counted. */
export function contentRange(offset: number, page: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return page > 0 ? `${offset}-${offset + page - 1}/${totalText}` : `*/${totalText}`;
}

/** The single object of a one-row JSON array; PGRST116 (406) otherwise. */
export function singleObject(body: string, rows: number): string {
  if (rows !== 1) {
    throw new ApiError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows} rows`,
    );
  }
  // json_agg of one row is `[{…}]`: drop the brackets instead of re-parsing.
  return body.trim().slice(1, -1);
}

/** A JSON array of flat objects as CSV with a header line. */
export function toCsv(body: string): string {
  const rows = JSON.parse(body) as Record<string, unknown>[];
  if (!rows.length) return '';
  const cols = Object.keys(rows[0] ?? {});
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [cols.map(cell).join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n');
}

/** Sends a body in the negotiated media type. */
export function sendBody(reply: FastifyReply, media: MediaType, body: string, rows: number): FastifyReply {
  if (media === 'object') return reply.type(OBJECT_TYPE).send(singleObject(body, rows));
  if (media === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(body));
  return reply.type(JSON_TYPE).send(body);
}

/** Status of a read: 206 when a counted result is cut, 416 past its end (PostgREST's rules). */
export function readStatus(r: ReadResult): number {
  if (r.total === null) return 200;
  if (r.page === 0 && r.offset > 0 && r.offset >= r.total) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${r.offset} was requested, but there are only ${r.total} rows.`,
    );
  }
  return r.offset > 0 || r.offset + r.page < r.total ? 206 : 200;
}

/** The result of a write statement: its representation (if asked), row count and first key. */
export type WriteResult = { body: string; page: number; location: string | null };

export type WriteAnswer = {
  method: 'POST' | 'PATCH' | 'DELETE';
  table: string;
  /** A single object was inserted: its `Location` is sent. */
  single: boolean;
  representation: boolean;
  counted: boolean;
  media: MediaType;
};

/** 201 with `Location` for an insert, 200 or 204 for an update or delete; the body if asked. */
export function sendWriteResult(reply: FastifyReply, a: WriteAnswer, r: WriteResult): FastifyReply {
  const total = a.counted ? String(r.page) : '*';
  if (a.method === 'POST') {
    reply.code(201).header('content-range', `*/${total}`);
    if (a.single && r.location) reply.header('location', locationOf(a.table, r.location));
  } else {
    reply
      .code(a.representation ? 200 : 204)
      .header('content-range', r.page ? `0-${r.page - 1}/${total}` : `*/${total}`);
  }
  if (!a.representation) return reply.send();
  return sendBody(reply, a.media, r.body, r.page);
}

/** `/people?id=eq.<uuid>` from the primary key of the inserted row. */
function locationOf(table: string, pkJson: string): string {
  const pk = JSON.parse(pkJson) as Record<string, unknown>;
  const query = Object.entries(pk)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=eq.${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
    )
    .join('&');
  return `/${encodeURIComponent(table)}?${query}`;
}

export function sendError(reply: FastifyReply, e: ApiError): FastifyReply {
  return reply.code(e.status).type(JSON_TYPE).send(JSON.stringify(e.body()));
}
