import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { definedChecks, parseCanarySpec } from '../../src/health/canary-spec.js';
import { runCanary } from '../../src/health/run-canary.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { healthContext } from './context.js';
import { httpServer, type Listening } from './peers.js';

describe('a check labelled critical', () => {
  const severities = (canaryLabels: Record<string, string>, check: Record<string, unknown>) =>
    definedChecks(parseCanarySpec({ http: [{ url: 'http://a', ...check }] }).spec, {
      labels: canaryLabels,
    }).map((c) => c.severity);

  it("shows Severity critical, not 'Info'", () => {
    expect(severities({ critical: 'true' }, { name: 'a' })).toEqual(['critical']);
    expect(severities({}, { name: 'a', labels: { severity: 'High' } })).toEqual(['high']);
  });

  it('keeps a severity the check states, and info when nothing says otherwise', () => {
    expect(severities({ critical: 'true' }, { name: 'a', severity: 'low' })).toEqual(['low']);
    expect(severities({ critical: 'false' }, { name: 'a' })).toEqual(['info']);
  });
});

describe.each(DB_KINDS)('the job status of a canary run, on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let web: Listening;
  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    web = await httpServer((req, res) => {
      res.writeHead(req.url === '/down' ? 503 : 200).end();
    });
  });
  afterAll(async () => {
    await drop();
    await web.close();
  });

  const run = async (name: string, paths: string[]) => {
    const spec = { http: paths.map((p, i) => ({ name: `c${i}`, url: `http://127.0.0.1:${web.port}${p}` })) };
    const { rows } = await db.query<{ id: string }>(
      'INSERT INTO canaries (name, spec) VALUES ($1, $2) RETURNING id',
      [name, JSON.stringify(spec)],
    );
    const id = rows[0]!.id;
    await syncCanaryChecks(db, id);
    await runCanary(healthContext(db), { id, name, schedule: null });
    const jobs = await db.query<{ status: string; error_count: number }>(
      "SELECT status, error_count FROM job_history WHERE resource_id = $1 AND resource_type = 'canary'",
      [id],
    );
    return jobs.rows;
  };

  it('is FAILED when every check fails, so Last Failed is set', async () => {
    expect(await run('all-down', ['/down', '/down'])).toEqual([{ status: 'FAILED', error_count: 2 }]);
  });

  it('is WARNING when some checks fail and others pass, SUCCESS when none fails', async () => {
    expect(await run('half-down', ['/up', '/down'])).toEqual([{ status: 'WARNING', error_count: 1 }]);
    expect(await run('all-up', ['/up'])).toEqual([{ status: 'SUCCESS', error_count: 0 }]);
  });
});
