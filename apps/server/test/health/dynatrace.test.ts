import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { httpServer, type Listening } from './peers.js';
import { directOpts } from './check-opts.js';

const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };

const problem = (id: string, title: string, status: string) => ({
  problemId: `${id}_1700000000000V2`,
  displayId: id,
  title,
  impactLevel: 'SERVICES',
  severityLevel: 'AVAILABILITY',
  status,
  startTime: 1700000000000,
  endTime: status === 'OPEN' ? -1 : 1700000600000,
  affectedEntities: [],
  managementZones: [],
});

/** Two Dynatrace environments on loopback: one with an open problem, one with only closed ones. */
let dt: Listening;
beforeAll(async () => {
  dt = await httpServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== 'Api-Token dt0c01.secret') {
      return res.writeHead(401).end('{"error":{"code":401,"message":"Missing authorization parameter."}}');
    }
    const u = new URL(req.url ?? '/', 'http://x');
    const problems =
      u.pathname === '/e/red/api/v2/problems'
        ? [
            problem('P-1', 'High failure rate on checkout', 'OPEN'),
            problem('P-0', 'CPU saturation', 'CLOSED'),
          ]
        : u.pathname === '/e/green/api/v2/problems'
          ? [problem('P-0', 'CPU saturation', 'CLOSED')]
          : undefined;
    if (!problems) return res.writeHead(404).end('{"error":{"code":404,"message":"not found"}}');
    res.end(JSON.stringify({ totalCount: problems.length, pageSize: 50, problems, warnings: [] }));
  });
});
afterAll(() => dt.close());

describe('dynatrace runner against a loopback server with Dynatrace API v2 shapes', () => {
  const check = (env: string, extra: Record<string, unknown> = {}) =>
    executeCheck(
      'dynatrace',
      { scheme: 'http', host: `127.0.0.1:${dt.port}/e/${env}`, apiKey: { value: 'dt0c01.secret' }, ...extra },
      opts,
    );

  it('fails while a problem is open, naming it; closed problems do not count', async () => {
    const red = await check('red');
    expect(red.pass).toBe(false);
    expect(red.error).toBe('1 open problems: P-1 High failure rate on checkout');
    expect((red.details.results as { title: string }[]).map((p) => p.title)).toEqual([
      'High failure rate on checkout',
      'CPU saturation',
    ]);
    const green = await check('green', { display: { expr: "string(size(results)) + ' problems'" } });
    expect(green).toMatchObject({ pass: true, message: '1 problems' });
  });

  it('fails clearly on a bad API key and an unknown environment', async () => {
    const bad = await check('red', { apiKey: 'nope' });
    expect(bad.error).toBe('Dynatrace refused the API token (HTTP 401): Missing authorization parameter.');
    const missing = await check('blue');
    expect(missing.error).toBe('Dynatrace answered HTTP 404: not found');
    const invalid = await executeCheck('dynatrace', { apiKey: 'x' }, opts);
    expect(invalid.error).toBe('invalid dynatrace check: host: host or connection is required');
  });
});
