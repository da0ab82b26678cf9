import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';

export type DataWriteMethod = 'POST' | 'PATCH' | 'DELETE';
export type DataWriteContext = { ctx: ServerContext; req: FastifyRequest; method: DataWriteMethod };
export type DataRow = Record<string, unknown>;

/**
 * Per-table logic the data API (/api/db) runs around writes, for tables whose rows need
 * more than SQL constraints (a canary's spec must validate; its checks follow its spec).
 * A domain declares its hooks in its module's `writeHooks` (table → hook).
 *
 * The data API calls, for a table with a hook:
 *  - `beforeWrite(rows)` with the request body rows (POST: the inserted rows; PATCH: the one
 *    patch object) before planning SQL, and writes the rows it returns. A thrown error with
 *    `statusCode` 4xx and `code` becomes that response (`{code, message}`); nothing is written.
 *  - `afterWrite(tx, rows)` in the write's transaction with the written rows (at least their
 *    primary key, whatever `Prefer: return=` says). A throw rolls the write back.
 */
export type DataWriteHook = {
  beforeWrite?(rows: DataRow[], w: DataWriteContext): Promise<DataRow[]>;
  afterWrite?(tx: Queryable, rows: DataRow[], w: DataWriteContext): Promise<void>;
};

/** Table → the hook the data API runs around writes to it. */
export type DataWriteHooks = Readonly<Record<string, DataWriteHook>>;
