import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite.js';
import { isPgError, type Db } from '../../src/db/types.js';
import { whenOpen } from '../../src/db/when-open.js';
import { startTestServer } from '../helpers.js';

// PGlite runs on a thread of its own (db/pglite-worker.ts): what the server sees must be what it
// saw with PGlite on its own thread — values, errors, transactions, notifications.
describe('the embedded database on its own thread', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`
      CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz, body jsonb,
        raw bytea, big bigint, tags text[]);
      CREATE TABLE parents (id int PRIMARY KEY);
      CREATE TABLE children (id int PRIMARY KEY,
        parent int REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);`);
  });
  afterAll(() => db.close());

  it('carries dates, JSON, bytes, big integers, arrays and nulls both ways', async () => {
    const at = new Date('2026-11-30T07:00:00.000Z');
    await db.query('INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6, $7)', [
      1,
      'one',
      at,
      { a: [1, 'two', null] },
      Buffer.from('bytes'),
      '9007199254740993',
      ['x', 'y'],
    ]);
    const { rows, fields } = await db.query<Record<string, unknown>>('SELECT * FROM things WHERE id = 1');
    expect(rows[0]).toMatchObject({
      id: 1,
      name: 'one',
      at,
      body: { a: [1, 'two', null] },
      tags: ['x', 'y'],
    });
    expect(Buffer.from(rows[0]?.raw as Uint8Array).toString()).toBe('bytes');
    expect(String(rows[0]?.big)).toBe('9007199254740993');
    expect(fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'body', 'raw', 'big', 'tags']);
    const none = await db.query('SELECT NULL::text AS nothing');
    expect(none.rows).toEqual([{ nothing: null }]);
  });

  it("raises PostgreSQL's errors with their SQLSTATE, constraint and detail", async () => {
    await db.query("INSERT INTO things (id, name) VALUES (2, 'two')");
    const e: unknown = await db
      .query("INSERT INTO things (id, name) VALUES (3, 'two')")
      .catch((x: unknown) => x);
    expect(isPgError(e)).toBe(true);
    expect(e).toMatchObject({ code: '23505', constraint: 'things_name_key' });
    expect((e as Error).message).toContain('duplicate key value');
  });

  it('commits a transaction, rolls back one that throws, and holds other statements meanwhile', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (10, 'ten')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things (id, name) VALUES (11, 'eleven')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inTx = db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (id, name) VALUES (12, 'twelve')");
      order.push('tx wrote');
      await held;
      order.push('tx ends');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query('SELECT count(*)::int AS n FROM things WHERE id = 12').then((r) => {
      order.push('outside read');
      return r.rows[0];
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await inTx;
    expect(await outside).toEqual({ n: 1 });
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read']);
    const ids = await db.query<{ id: number }>('SELECT id FROM things WHERE id >= 10 ORDER BY id');
    expect(ids.rows.map((r) => r.id)).toEqual([10, 12]);
  });

  it('fails a transaction whose COMMIT fails (a deferred foreign key), keeping nothing of it', async () => {
    const e: unknown = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO children VALUES (1, 99)');
      })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: '23503' });
    expect((await db.query('SELECT * FROM children')).rows).toEqual([]);
  });

  it("sends a transaction's statements before it has opened, in order, and ends one that threw before any", async () => {
    // The begin is not waited for: SET TRANSACTION must still be the first statement it runs.
    const level = await db.read(async (tx) => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      return (await tx.query<{ l: string }>("SELECT current_setting('transaction_isolation') AS l")).rows[0]
        ?.l;
    });
    expect(level).toBe('repeatable read');
    await expect(db.transaction(() => Promise.reject(new Error('before any statement')))).rejects.toThrow(
      'before any statement',
    );
    // A read's end is not waited for: a write right after it runs after it, and is kept.
    const [seen] = await Promise.all([
      db.read(
        async (q) =>
          (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM things WHERE id = 30')).rows[0],
      ),
      db.query("INSERT INTO things (id, name) VALUES (30, 'thirty')"),
    ]);
    expect(seen).toEqual({ n: 0 });
    expect((await db.query('SELECT name FROM things WHERE id = 30')).rows).toEqual([{ name: 'thirty' }]);
    await db.query('DELETE FROM things WHERE id = 30');
  });

  it('runs a transaction whose statements came while its begin waited behind another', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const second = db.read(async (tx) => (await tx.query<{ n: number }>('SELECT 2 AS n')).rows[0]?.n);
    const third = db.transaction(() => Promise.reject(new Error('gave up before any statement')));
    await new Promise((r) => setTimeout(r, 20));
    release();
    await first;
    expect(await second).toBe(2);
    await expect(third).rejects.toThrow('gave up before any statement');
    expect((await db.query<{ n: number }>('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
  });

  it('reads in a read-only transaction', async () => {
    const n = await db.read(async (q) => (await q.query<{ n: number }>('SELECT 1 AS n')).rows[0]?.n);
    expect(n).toBe(1);
    await expect(
      db.read((q) => q.query("INSERT INTO things (id, name) VALUES (20, 'x')")),
    ).rejects.toMatchObject({
      code: '25006',
    });
  });

  it('delivers notifications to every listener until it stops listening', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const stopA = await db.listen('thread_test', (p) => a.push(p));
    const stopB = await db.listen('thread_test', (p) => b.push(p));
    await db.query("SELECT pg_notify('thread_test', 'first')");
    await expect.poll(() => b).toEqual(['first']);
    await stopA();
    await db.query("SELECT pg_notify('thread_test', 'second')");
    await expect.poll(() => b).toEqual(['first', 'second']);
    expect(a).toEqual(['first']);
    await stopB();
  });

  it('sends an object parameter as PGlite reads it: its JSON, toJSON and big integers included', async () => {
    const url = new URL('https://example.test/a');
    const r = await db.query<{ v: unknown; list: unknown }>('SELECT $1::jsonb AS v, $2::jsonb AS list', [
      { url, n: 10n },
      [{ url }],
    ]);
    expect(r.rows[0]).toEqual({
      v: { url: 'https://example.test/a', n: '10' },
      list: [{ url: 'https://example.test/a' }],
    });
    const tags = await db.query<{ n: number }>('SELECT cardinality($1::text[]) AS n', [['a', 'b', 'c']]);
    expect(tags.rows).toEqual([{ n: 3 }]);
  });
});

describe('the embedded database in a data folder, on its thread', () => {
  it('copies its files, refuses a second opener, and after close says it is closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-thread-'));
    try {
      const db = await openPglite(dir);
      await db.query('CREATE TABLE kept (v text)');
      const tar = await db.dumpDataDir?.();
      expect(tar?.length).toBeGreaterThan(1024);
      await expect(openPglite(dir)).rejects.toThrow(/in use by another Opsdeck process/);
      await db.close();
      await expect(db.query('SELECT 1')).rejects.toThrow('The embedded database stopped: closed');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a database still opening (whenOpen)', () => {
  it('runs statements once it is open, and fails them with the error of an open that failed', async () => {
    let open!: (db: Db) => void;
    const opening = new Promise<Db>((r) => (open = r));
    const waiting = whenOpen('pglite', opening);
    const answer = waiting.query<{ n: number }>('SELECT 7 AS n');
    const real = await openPglite(null);
    open(real);
    expect((await answer).rows).toEqual([{ n: 7 }]);
    await waiting.close();

    const failed = whenOpen('postgresql', Promise.reject(new Error('password authentication failed')));
    await expect(failed.query('SELECT 1')).rejects.toThrow('password authentication failed');
    expect(failed.dumpDataDir).toBeUndefined();
  });
});

describe('a long statement on the embedded database', () => {
  it('holds other statements, not the server: /healthz and /api/about answer meanwhile', async () => {
    const server = await startTestServer('pglite');
    try {
      const order: string[] = [];
      const slow = server.db.query('SELECT pg_sleep(1.5)').then(() => order.push('statement'));
      await new Promise((r) => setTimeout(r, 100));
      const health = await fetch(`${server.baseUrl}/healthz`);
      order.push(`healthz ${health.status}`);
      const about = await fetch(`${server.baseUrl}/api/about`);
      order.push(`about ${about.status}`);
      await slow;
      expect(order).toEqual(['healthz 200', 'about 200', 'statement']);
    } finally {
      await server.close();
    }
  });
});
