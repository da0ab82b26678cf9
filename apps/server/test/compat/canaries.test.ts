import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { freePort } from '../free-port.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { peerUnavailable, startRedis, type PeerName, type RedisPeer } from '../peers/index.js';

/**
 * Compatibility with canary-checker, driven by the files under canary-fixtures/ (written for
 * this project in the shapes of canary-checker's own fixtures/ folder):
 * - valid/: each Canary document is accepted by POST /api/db/canaries;
 * - invalid/: each is refused with a 400 whose message names the field;
 * - runnable/: each is saved, every check is run with Run Now, and ends with the outcome and
 *   the message (or error) its expectation promises.
 * A file is the Canary document, then optionally `---` and an expectation document:
 * `expect: {<check name>: {pass, message?, error?, transformed?}}`, `expect: {refused: text}`,
 * `expect: {pending: reason}` (a known gap: skipped, with the reason), `needs: <peer>`.
 * Placeholders filled by the suite: __HTTP__, __HTTP_PORT__, __CLOSED_PORT__, __DIR__,
 * __PG_URL__, __REDIS_ADDR__. New cases are new files; this file needs no change.
 */

const FIXTURES = path.join(import.meta.dirname, 'canary-fixtures');

const outcomeSchema = z.object({
  pass: z.boolean(),
  /** The recorded message, exactly. */
  message: z.string().optional(),
  /** A part of the recorded error. */
  error: z.string().optional(),
  /** Checks a transform produced under other names: name → pass. */
  transformed: z.record(z.string(), z.boolean()).optional(),
});
const expectationSchema = z
  .object({
    needs: z.enum(['redis']).optional(),
    expect: z
      .union([
        z.object({ refused: z.string() }).strict(),
        z.object({ pending: z.string() }).strict(),
        z.record(z.string(), outcomeSchema),
      ])
      .optional(),
  })
  .strict();

type Fixture = {
  file: string;
  canary: string;
  needs?: PeerName;
  refused?: string;
  pending?: string;
  outcomes: Record<string, z.infer<typeof outcomeSchema>>;
};

function readFixtures(folder: string): Fixture[] {
  const dir = path.join(FIXTURES, folder);
  return fs
    .readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((file) => {
      const docs = parseAllDocuments(fs.readFileSync(path.join(dir, file), 'utf8'));
      if (!Array.isArray(docs) || docs.length === 0 || docs.length > 2)
        throw new Error(`${folder}/${file}: expected a Canary document and an optional expectation`);
      const meta = expectationSchema.parse(docs[1]?.toJS() ?? {});
      const e = meta.expect;
      return {
        file: `${folder}/${file}`,
        canary: docs[0]!.toString(),
        needs: meta.needs,
        refused: e && 'refused' in e && typeof e.refused === 'string' ? e.refused : undefined,
        pending: e && 'pending' in e && typeof e.pending === 'string' ? e.pending : undefined,
        outcomes: e && !('refused' in e) && !('pending' in e) ? (e as Fixture['outcomes']) : {},
      };
    });
}

/** A loopback server speaking the shapes the http fixtures expect. */
function startHttp(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/latest')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ base: 'USD', rates: { EUR: 0.9, GBP: 0.8, ILS: 3.7 } }));
    } else if (url === '/redirect') {
      res.writeHead(302, { location: '/get' }).end();
    } else if (url.startsWith('/status/')) {
      res.writeHead(Number(url.slice('/status/'.length)), { 'content-type': 'text/plain' }).end('status');
    } else {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Three files with distinct ages: a.log oldest, c.txt newest. */
function makeFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-compat-'));
  const now = Date.now() / 1000;
  ['a.log', 'b.log', 'c.txt'].forEach((name, i) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, name.repeat(i + 1));
    fs.utimesSync(file, now - 3600 * (3 - i), now - 3600 * (3 - i));
  });
  return dir;
}

describe.each(DB_KINDS)('canary-checker compatibility on %s', (kind) => {
  let server: TestServer;
  let loopback: http.Server;
  let redis: RedisPeer | undefined;
  let vars: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    loopback = await startHttp();
    dir = makeFolder();
    if (!peerUnavailable('redis')) redis = await startRedis();
    const port = (loopback.address() as AddressInfo).port;
    vars = {
      __HTTP__: `http://127.0.0.1:${port}`,
      __HTTP_PORT__: String(port),
      __CLOSED_PORT__: String(await freePort()),
      __DIR__: dir,
      __PG_URL__: inject('pgUrl'),
      __REDIS_ADDR__: redis ? `127.0.0.1:${redis.port}` : '127.0.0.1:1',
    };
    server = await startTestServer(kind, {}, { FILE_ROOTS: `${dir},/tmp` });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.stop();
    await new Promise((resolve) => loopback?.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fill = (text: string) => text.replace(/__[A-Z_]+__/g, (k) => vars[k] ?? k);

  async function save(text: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${server.baseUrl}/api/db/canaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ spec: fill(text) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  describe('valid documents are accepted', () => {
    for (const f of readFixtures('valid')) {
      it.skipIf(f.pending)(`${f.file}${f.pending ? ` (pending: ${f.pending})` : ''}`, async () => {
        const saved = await save(f.canary);
        expect({ status: saved.status, body: saved.status === 201 ? {} : saved.body }).toEqual({
          status: 201,
          body: {},
        });
      });
    }
  });

  describe('invalid documents are refused with a 400 naming the field', () => {
    for (const f of readFixtures('invalid')) {
      it(f.file, async () => {
        expect(f.refused, `${f.file} needs expect.refused`).toBeTruthy();
        const saved = await save(f.canary);
        expect(saved.status).toBe(400);
        expect(JSON.stringify(saved.body)).toContain(JSON.stringify(f.refused).slice(1, -1));
      });
    }
  });

  describe('runnable documents end with the promised outcome and message', () => {
    for (const f of readFixtures('runnable')) {
      it(f.file, async (t) => {
        const why = f.needs ? peerUnavailable(f.needs) : undefined;
        if (why) return t.skip(why);
        const saved = await save(f.canary);
        expect({ status: saved.status, body: saved.status === 201 ? {} : saved.body }).toEqual({
          status: 201,
          body: {},
        });
        const canaryId =
          (saved.body as { id?: string }).id ?? (saved.body as unknown as { id: string }[])[0]?.id;
        const { rows: checks } = await server.db.query<{
          id: string;
          name: string;
          type: string;
          spec: unknown;
        }>('SELECT id, name, type, spec FROM checks WHERE canary_id = $1 AND deleted_at IS NULL', [canaryId]);
        expect(checks.map((c) => c.name).sort()).toEqual(Object.keys(f.outcomes).sort());
        const got: Record<string, unknown> = {};
        const want: Record<string, unknown> = {};
        for (const check of checks) {
          const promised = f.outcomes[check.name]!;
          const res = await fetch(`${server.baseUrl}/api/canary/run/check/${check.id}`, { method: 'POST' });
          expect(res.status).toBe(200);
          const { rows } = await server.db.query<{ status: boolean; message: string; error: string | null }>(
            'SELECT status, message, error FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
            [check.id],
          );
          const row = rows[0]!;
          got[check.name] = {
            pass: row.status,
            ...(promised.message !== undefined ? { message: row.message } : {}),
            ...(promised.error !== undefined ? { error: row.error ?? '' } : {}),
          };
          want[check.name] = {
            pass: promised.pass,
            ...(promised.message !== undefined ? { message: promised.message } : {}),
            ...(promised.error !== undefined ? { error: expect.stringContaining(promised.error) } : {}),
          };
          if (promised.transformed) {
            // Named transform results are checks of their own, recorded with the run.
            const { rows: made } = await server.db.query<{ name: string; status: string }>(
              `SELECT name, status FROM checks WHERE canary_id = $1 AND deleted_at IS NULL
               AND spec->>'transformedFrom' = $2`,
              [canaryId, check.id],
            );
            got[`${check.name} → transformed`] = Object.fromEntries(
              made.map((r) => [r.name, r.status === 'healthy']),
            );
            want[`${check.name} → transformed`] = promised.transformed;
          }
        }
        expect(got).toEqual(want);
      });
    }
  });
});
