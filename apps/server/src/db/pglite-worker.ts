/**
 * The thread PGlite runs on (started by db/pglite-thread.ts). PGlite is PostgreSQL compiled to
 * WebAssembly: opening a database and running its statements is CPU work. On the server's own
 * thread it held every request for as long as a statement ran, and a start waited for the open
 * before loading the rest of the server; here it runs beside them (docs/benchmarks.md).
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgliteAssets, type PgliteAssets } from './pglite-assets.js';
import {
  serializeError,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.js';
import { findTemplate } from './template.js';
import { unpackTemplate } from './template-unpack.js';
import type { QueryResult } from './types.js';

type Conn = Pick<PGlite | Transaction, 'query' | 'exec'>;

function parent(): NonNullable<typeof parentPort> {
  if (!parentPort) throw new Error('db/pglite-worker.ts runs only as a worker thread');
  return parentPort;
}
const port = parent();
const data = workerData as PgliteWorkerData;

const send = (reply: PgliteReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

/**
 * Transactions by id, from their `begin` to their `end`: their connection once open (the
 * server's thread sends a transaction's statements without waiting for it to open) and the
 * function that ends them.
 */
const transactions = new Map<
  number,
  { ready: Promise<Transaction>; end(endId: number, commit: boolean): void }
>();
/** Channels listened to, with the function that stops it. */
const listening = new Map<string, () => Promise<void>>();
const ROLLBACK = Symbol('rollback');

async function query(conn: Conn, sql: string, params: unknown[]): Promise<QueryResult<unknown>> {
  const r = await conn.query(sql, params);
  return {
    rows: r.rows,
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    affectedRows: r.affectedRows ?? 0,
  };
}

/**
 * A new data folder starts from the build's migrated template when there is one for these
 * migrations (db/template.ts); the template's migrations are dated now, when this database got
 * them.
 */
async function open(given: PgliteAssets | undefined): Promise<PGlite> {
  const assets = given ?? (await pgliteAssets().catch(() => undefined));
  const options = { ...assets, startParams: [...PGlite.defaultStartParams, ...data.startParams] };
  if (!data.pgdata) return PGlite.create(options);
  const template = fs.readdirSync(data.pgdata).length === 0 ? findTemplate(data.migrationsDir) : undefined;
  if (template) unpackTemplate(template, data.pgdata);
  const pg = await PGlite.create(data.pgdata, options);
  if (template) await pg.query('UPDATE schema_migrations SET applied_at = now()');
  return pg;
}

async function connOf(pg: PGlite, tx: number | undefined): Promise<Conn> {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.ready;
}

/**
 * Starts a transaction: answers call `id` once it is open, and the `end` call once it committed
 * or rolled back. Its statements, sent right after, wait for it to open; meanwhile PGlite holds
 * every other statement, as it does on one thread.
 */
function begin(pg: PGlite, id: number, txId: number, readOnly: boolean): void {
  const state = { opened: false, endId: -1 };
  let decide!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (decide = resolve));
  let opened!: { resolve(tx: Transaction): void; reject(e: unknown): void };
  const ready = new Promise<Transaction>((resolve, reject) => (opened = { resolve, reject }));
  ready.catch(() => {}); // a statement waiting for it gets the error; so does the begin call
  transactions.set(txId, {
    ready,
    end(endId, commit) {
      state.endId = endId;
      decide(commit);
    },
  });
  pg.transaction(async (tx) => {
    if (readOnly) await tx.query('SET TRANSACTION READ ONLY');
    state.opened = true;
    opened.resolve(tx);
    send({ type: 'done', id });
    if (!(await decided)) throw ROLLBACK;
  }).then(
    () => send({ type: 'done', id: state.endId }),
    (e: unknown) => {
      transactions.delete(txId);
      if (!state.opened) {
        opened.reject(e);
        send({ type: 'error', id, error: serializeError(e) });
        // An end already sent for a transaction that never opened: nothing was done.
        if (state.endId >= 0) send({ type: 'done', id: state.endId });
      } else if (e === ROLLBACK) send({ type: 'done', id: state.endId });
      else send({ type: 'error', id: state.endId, error: serializeError(e) });
    },
  );
}

async function handle(pg: PGlite, m: Exclude<PgliteRequest, { type: 'open' }>): Promise<void> {
  switch (m.type) {
    case 'query':
      return send({ type: 'done', id: m.id, value: await query(await connOf(pg, m.tx), m.sql, m.params) });
    case 'exec':
      await (await connOf(pg, m.tx)).exec(m.sql);
      return send({ type: 'done', id: m.id });
    case 'begin':
      return begin(pg, m.id, m.tx, m.readOnly);
    case 'end': {
      const open = transactions.get(m.tx);
      if (!open) throw new Error(`transaction ${m.tx} is not open`);
      transactions.delete(m.tx);
      return open.end(m.id, m.commit);
    }
    case 'listen':
      if (!listening.has(m.channel))
        listening.set(
          m.channel,
          await pg.listen(m.channel, (payload) => send({ type: 'notify', channel: m.channel, payload })),
        );
      return send({ type: 'done', id: m.id });
    case 'unlisten':
      await listening.get(m.channel)?.();
      listening.delete(m.channel);
      return send({ type: 'done', id: m.id });
    case 'dump': {
      // Inside a transaction of its own: no other transaction is half done in the copy.
      const bytes = await pg.transaction(async () => (await pg.dumpDataDir('none')).arrayBuffer());
      return send({ type: 'done', id: m.id, value: bytes }, [bytes]);
    }
    case 'close':
      await pg.close();
      send({ type: 'done', id: m.id });
      port.close();
      return;
  }
}

// The server's thread says when to open (with its assets, or none), then sends statements;
// statements that come while the database opens wait for it.
let opened: Promise<PGlite> | undefined;
port.on('message', (m: PgliteRequest) => {
  if (m.type === 'open') {
    opened = open(m.assets);
    opened.then(
      () => send({ type: 'opened' }),
      (e: unknown) => send({ type: 'failed', error: serializeError(e) }),
    );
    return;
  }
  if (!opened) return send({ type: 'error', id: m.id, error: serializeError(new Error('not opened')) });
  opened
    .then((pg) => handle(pg, m))
    .catch((e: unknown) => send({ type: 'error', id: m.id, error: serializeError(e) }));
});
