import type { Db, Queryable } from './types.js';

/** A statement and its parameters, made inside the cursor's transaction (it may read first). */
export type CursorStatement = { sql: string; params: unknown[] };

/**
 * How long a consumer may take between two batches before the cursor's transaction ends
 * (a client that stopped reading its answer must not hold a connection and a snapshot).
 */
export const CURSOR_IDLE_MS = 60_000;

const CURSOR = 'opsdeck_batches';

/**
 * One statement's rows a batch at a time through a cursor, each batch turned by `map` as soon
 * as it is read (so the rows themselves are never all held), in one read-only transaction.
 *
 * - PostgreSQL: the transaction stays open while the consumer takes the batches, one batch
 *   ahead of it: an answer written as it is read holds one pooled connection and one batch of
 *   memory. A consumer idle for `idleMs` ends it; its next take then fails.
 * - PGlite: its one connection serves every request, so no consumer's pace may hold it: every
 *   batch is read (and mapped) before the first is given.
 *
 * The first batch is read before this returns, so a failing statement is an error to answer
 * with, not half an answer. `prepare` runs first in the transaction (SET TRANSACTION, a bound
 * read) and returns the statement.
 */
export async function cursorBatches<T, U>(
  db: Db,
  prepare: (tx: Queryable) => Promise<CursorStatement>,
  size: number,
  map: (rows: T[]) => U,
  idleMs = CURSOR_IDLE_MS,
): Promise<AsyncIterableIterator<U>> {
  const fetchAll = db.kind === 'pglite';
  const batches = new Handoff<U>(idleMs);
  const reading = db
    .transaction(
      async (tx) => {
        const { sql, params } = await prepare(tx);
        await tx.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${sql}`, params);
        for (;;) {
          if (!fetchAll && !(await batches.demanded())) break;
          const { rows } = await tx.query<T>(`FETCH ${Math.floor(size)} FROM ${CURSOR}`);
          if (!rows.length) break;
          batches.put(map(rows));
          if (rows.length < size) break;
        }
        await tx.exec(`CLOSE ${CURSOR}`);
      },
      { readOnly: true },
    )
    .then(
      () => batches.end(),
      (e: unknown) => batches.fail(e),
    );
  if (fetchAll) await reading;
  await batches.ready();
  return batches;
}

/**
 * Batches passed from the transaction's loop to the consumer, one read ahead of it: the loop
 * asks `demanded()` before each read, which is true while nothing is queued, waits while a
 * batch is, and is false once the consumer stopped or left it waiting for `idleMs`.
 */
class Handoff<U> implements AsyncIterableIterator<U> {
  private readonly queue: U[] = [];
  private finished = false;
  private error: unknown;
  private stopped = false;
  private onDemand?: (go: boolean) => void;
  private onValue?: () => void;

  constructor(private readonly idleMs: number) {}

  [Symbol.asyncIterator](): AsyncIterableIterator<U> {
    return this;
  }

  /** Resolves once the first batch is queued or the reading ended; rejects if it failed. */
  async ready(): Promise<void> {
    if (!this.queue.length && !this.finished) await new Promise<void>((resolve) => (this.onValue = resolve));
    if (!this.queue.length && this.error !== undefined) throw this.error;
  }

  demanded(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    if (!this.queue.length) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.stopped = true;
        this.error = new Error('the reader stopped taking rows; the cursor was closed');
        finish(false);
      }, this.idleMs);
      const finish = (go: boolean) => {
        clearTimeout(timer);
        this.onDemand = undefined;
        resolve(go);
      };
      this.onDemand = finish;
    });
  }

  put(value: U): void {
    this.queue.push(value);
    this.wake();
  }

  end(): void {
    this.finished = true;
    this.wake();
  }

  fail(e: unknown): void {
    this.error = e;
    this.end();
  }

  async next(): Promise<IteratorResult<U>> {
    while (!this.queue.length && !this.finished)
      await new Promise<void>((resolve) => (this.onValue = resolve));
    if (this.queue.length) {
      const value = this.queue.shift() as U;
      // The loop reads the next batch while this one is written.
      if (!this.queue.length) this.onDemand?.(true);
      return { value, done: false };
    }
    if (this.error !== undefined) throw this.error;
    return { value: undefined, done: true };
  }

  async return(): Promise<IteratorResult<U>> {
    this.stopped = true;
    this.queue.length = 0;
    this.onDemand?.(false);
    return { value: undefined, done: true };
  }

  private wake(): void {
    const wake = this.onValue;
    this.onValue = undefined;
    wake?.();
  }
}
