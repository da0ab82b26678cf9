import type { PgliteAssets } from './pglite-assets.js';
import type { QueryResult } from './types.js';

/**
 * Messages between the server's thread and the thread that runs PGlite (db/pglite-thread.ts,
 * db/pglite-worker.ts). Both sides are this program, in one process: the types are the
 * contract, structured clone carries the values (Date, Uint8Array, BigInt, plain objects).
 */

/** What the worker is started with (workerData). */
export type PgliteWorkerData = {
  /** `<DATA_DIR>/pgdata`, or null for a database in memory (tests). */
  pgdata: string | null;
  /** Where the migrations are: a new data folder starts from the build's template of them. */
  migrationsDir?: string;
  /** PostgreSQL's start parameters beyond PGlite's defaults (shared_buffers). */
  startParams: string[];
};

/** A statement's or a transaction's id, chosen by the server's thread. */
type Call = { id: number };

export type PgliteRequest =
  /**
   * Open now: with the compiled WebAssembly and file bundle of the server's thread (tests open
   * many databases in one process), or, without, the worker's own.
   */
  | { type: 'open'; assets?: PgliteAssets }
  | (Call & { type: 'query'; sql: string; params: unknown[]; tx?: number })
  | (Call & { type: 'exec'; sql: string; tx?: number })
  | (Call & { type: 'begin'; tx: number; readOnly: boolean })
  | (Call & { type: 'end'; tx: number; commit: boolean })
  | (Call & { type: 'listen'; channel: string })
  | (Call & { type: 'unlisten'; channel: string })
  | (Call & { type: 'dump' })
  | (Call & { type: 'close' });

/** An error as PostgreSQL raised it: message, name and its fields (code, detail, constraint…). */
export type SerializedError = { message: string; name: string; fields: Record<string, unknown> };

export type PgliteReply =
  | { type: 'opened' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'done'; id: number; value?: QueryResult<unknown> | ArrayBuffer }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'notify'; channel: string; payload: string };

export function serializeError(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { message: String(e), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (v === undefined || typeof v === 'function') continue;
    if (typeof v === 'object' && v !== null) continue; // no nested objects in PostgreSQL's fields
    fields[k] = v;
  }
  return { message: e.message, name: e.name, fields };
}

/** The error again, on the server's thread: an Error with PostgreSQL's fields (`isPgError`). */
export function deserializeError(s: SerializedError): Error {
  const e = new Error(s.message);
  Object.assign(e, s.fields);
  e.name = s.name;
  return e;
}
