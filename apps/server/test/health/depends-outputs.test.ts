import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCanary } from '../../src/health/run-canary.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { healthContext } from './context.js';
import { httpServer, type Listening } from './peers.js';

/**
 * canary-checker's `outputs.<check>`: a check that `dependsOn` others reads their results
 * (`pass`, `message`, `duration` and the variables its own expressions would have: `json`,
 * `code`…) in its test, display and transform, in CEL and Go templates. The canary is saved
 * unchanged through the data API and run against a loopback peer, as a scheduled run and
 * with Run Now (which reads the dependencies' last results).
 */

const UUID = '3f1c9a52-7f3e-4c1b-9a55-2b1f7c0e9d11';

const canary = (base: string) => `
apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: depends-outputs
spec:
  schedule: '@every 5m'
  http:
    - name: getUuid
      url: ${base}/uuid
      test:
        expr: code == 200 && json.uuid != ''
    - name: useUuid
      url: ${base}/anything
      dependsOn: [getUuid]
      test:
        expr: code == 200 && outputs.getUuid.json.uuid == '${UUID}' && outputs.getUuid.pass
      display:
        template: 'uuid {{ .outputs.getUuid.json.uuid }} answered {{ outputs.getUuid.code }}'
    - name: chained
      url: ${base}/anything
      dependsOn: [useUuid]
      transform:
        expr: "{'message': 'via ' + outputs.useUuid.message + ', first ' + outputs.getUuid.json.uuid}"
    - name: broken
      url: ${base}/missing
    - name: afterBroken
      url: ${base}/anything
      dependsOn: [broken]
`;

describe.each(DB_KINDS)('outputs of dependsOn checks, on %s', (kind) => {
  let server: TestServer;
  let peer: Listening;
  beforeAll(async () => {
    peer = await httpServer((req, res) => {
      if (req.url === '/uuid')
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ uuid: UUID }));
      if (req.url === '/anything')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      res.writeHead(404).end();
    });
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  it('gives a dependent check the results of the checks it depends on', async () => {
    const text = canary(`http://127.0.0.1:${peer.port}`);
    const res = await fetch(`${server.baseUrl}/api/db/canaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ spec: text }),
    });
    expect(res.status).toBe(201);
    const [saved] = (await res.json()) as { id: string; spec: unknown }[];
    // Saved unchanged: the stored spec is the document's spec.
    expect(saved!.spec).toEqual((parseYaml(text) as { spec: unknown }).spec);

    const summary = await runCanary(healthContext(server.db), {
      id: saved!.id,
      name: 'depends-outputs',
      schedule: '@every 5m',
    });
    expect(summary.errors.sort()).toEqual([
      'afterBroken: dependency "broken" failed',
      'broken: response code 404, expected 2xx or 3xx',
    ]);
    const last = async () => {
      const { rows } = await server.db.query<{ name: string; id: string; status: boolean; message: string }>(
        `SELECT k.name, k.id, s.status, s.message FROM checks k
         JOIN LATERAL (SELECT status, message FROM check_statuses WHERE check_id = k.id ORDER BY time DESC LIMIT 1) s ON true
         WHERE k.canary_id = $1`,
        [saved!.id],
      );
      return Object.fromEntries(rows.map((r) => [r.name, { id: r.id, pass: r.status, message: r.message }]));
    };
    const scheduled = await last();
    expect(scheduled.useUuid).toMatchObject({ pass: true, message: `uuid ${UUID} answered 200` });
    expect(scheduled.chained).toMatchObject({
      pass: true,
      message: `via uuid ${UUID} answered 200, first ${UUID}`,
    });

    // Run Now on the last check of the chain reads its dependencies' last results.
    const now = await fetch(`${server.baseUrl}/api/canary/run/check/${scheduled.chained!.id}`, {
      method: 'POST',
    });
    expect(await now.json()).toMatchObject({ total: 1, success: 1, failed: 0 });
    const after = await last();
    expect(after.chained).toMatchObject({
      pass: true,
      message: `via uuid ${UUID} answered 200, first ${UUID}`,
    });
  });
});
