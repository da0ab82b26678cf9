import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pgliteAssets } from './pglite-assets.js';
import {
  deserializeError,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerData,
} from './pglite-protocol.js';

type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The worker's code: the bundle's `pglite-worker.js` beside this chunk (apps/server/build.mjs),
 * or, where the server runs from its TypeScript source (tests, `npm run dev`), the source
 * through tsx's loader, which a worker does not inherit from its parent.
 */
function spawn(data: PgliteWorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', here), { workerData: data });
  // tsx's ESM API (its `import` export: resolving from here would give the CommonJS one).
  const tsxDir = path.dirname(createRequire(here).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./pglite-worker.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
  // Without the parent's loader flags (tsx's own, when tsx runs the parent): it registers tsx itself.
  return new Worker(boot, { eval: true, workerData: data, execArgv: [] });
}

/** A value structured clone carries as it is: primitives, dates, bytes, arrays of them. */
function isPlainData(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return true;
  if (v instanceof Date || ArrayBuffer.isView(v)) return true;
  return Array.isArray(v) && v.every(isPlainData);
}

/**
 * A statement's parameter as PGlite would have read it on this thread: objects (JSON values)
 * become their JSON text, as PGlite's own serializer writes them (big integers as strings).
 * Structured clone would drop what JSON keeps — a URL or any object with `toJSON` arrives as `{}`.
 */
export function sendable(v: unknown): unknown {
  if (isPlainData(v)) return v;
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

/**
 * The server's end of the PGlite thread: numbered calls answered in any order, notifications
 * for LISTEN, and one clear error for every call once the thread is gone.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private gone: Error | undefined;
  /** Settles when the database is open (or failed to open). */
  readonly opened: Promise<void>;

  /**
   * `ownAssets`: the worker reads and compiles PostgreSQL's WebAssembly itself, at once — for a
   * start, while this thread is busy loading the server. Otherwise it waits for this thread's
   * copy, compiled once for every database of the process.
   */
  constructor(data: PgliteWorkerData, ownAssets = false) {
    this.worker = spawn(data);
    let opened!: { resolve(): void; reject(e: Error): void };
    this.opened = new Promise<void>((resolve, reject) => (opened = { resolve, reject }));
    // Held open until the database is: a start awaits it.
    this.worker.on('message', (m: PgliteReply) => {
      switch (m.type) {
        case 'opened':
          this.idle();
          return opened.resolve();
        case 'failed':
          return opened.reject(deserializeError(m.error));
        case 'notify':
          for (const listener of this.channels.get(m.channel) ?? []) listener(m.payload);
          return;
        case 'done':
        case 'error': {
          const call = this.pending.get(m.id);
          if (!call) return;
          this.pending.delete(m.id);
          this.idle();
          if (m.type === 'done') call.resolve(m.value);
          else call.reject(deserializeError(m.error));
        }
      }
    });
    const stopped = (reason: string) => {
      this.gone ??= new Error(`The embedded database stopped: ${reason}`);
      opened.reject(this.gone);
      for (const call of this.pending.values()) call.reject(this.gone);
      this.pending.clear();
    };
    this.worker.on('error', (e) => stopped(e.message));
    this.worker.on('exit', (code) => stopped(code === 0 ? 'closed' : `its thread exited with code ${code}`));
    if (ownAssets) this.worker.postMessage({ type: 'open' } satisfies PgliteRequest);
    else
      void pgliteAssets().then(
        (assets) => this.worker.postMessage({ type: 'open', assets } satisfies PgliteRequest),
        () => this.worker.postMessage({ type: 'open' } satisfies PgliteRequest),
      );
    this.opened.catch(() => {});
  }

  /** One call to the database thread, answered with its value. */
  call<T>(request: Request): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    const message = { ...request, id } as PgliteRequest;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.ref();
      try {
        this.worker.postMessage(message);
      } catch (e) {
        // A value not even structured clone takes (a function, a symbol).
        this.pending.delete(id);
        this.idle();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  /** The process may end while no call waits for an answer, as it could with PGlite in-process. */
  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  /** Adds a listener; the first one of a channel makes the database listen. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.channels.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.channels.set(channel, listeners);
      await this.call({ type: 'listen', channel });
    }
    listeners.add(onMessage);
    return async () => {
      listeners.delete(onMessage);
      if (listeners.size > 0 || this.channels.get(channel) !== listeners) return;
      this.channels.delete(channel);
      if (!this.gone) await this.call({ type: 'unlisten', channel });
    };
  }

  /** Ends the thread at once (a database that failed to open). */
  async terminate(): Promise<void> {
    await this.worker.terminate();
  }

  /** Closes the database and waits for its thread to end (held open until then). */
  async close(): Promise<void> {
    if (this.gone) return;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    await this.call({ type: 'close' }).catch(() => {});
    this.worker.ref();
    await exited;
  }
}
