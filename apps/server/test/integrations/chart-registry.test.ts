import { BUNDLED_CHARTS, chartAnswerSchema, type ChartAnswer } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServer } from '../catalog/peers.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** What the loopback registry serves, by path under /charts (anything else is a 404). */
const FILES: Record<string, { status?: number; body: string }> = {
  // A newer AWS chart than the bundled one, with a value the bundled schema lacks.
  'aws/Chart.yaml': {
    body: 'apiVersion: v2\nname: mission-control-aws\ndescription: AWS from the registry\nversion: 2.0\n',
  },
  'aws/values.schema.json': {
    body: JSON.stringify({
      type: 'object',
      properties: { region: { type: 'string', default: 'eu-west-1' } },
      required: ['region'],
    }),
  },
  // Garbage: a schema that is not JSON, and one whose keywords have the wrong shape.
  'azure/Chart.yaml': { body: 'name: mission-control-azure\nversion: 9.9.9\n' },
  'azure/values.schema.json': { body: '<html>rate limited</html>' },
  'flux/Chart.yaml': { body: 'name: mission-control-flux\nversion: 9.9.9\n' },
  'flux/values.schema.json': {
    body: JSON.stringify({ type: 'object', properties: { interval: { type: 5 } } }),
  },
  // Refusal.
  'prometheus/Chart.yaml': { status: 503, body: 'unavailable' },
  'prometheus/values.schema.json': { status: 503, body: 'unavailable' },
  // Larger than the 1 MB an answer may be.
  'kubernetes/Chart.yaml': { body: 'name: mission-control-kubernetes\nversion: 9.9.9\n' },
  'kubernetes/values.schema.json': {
    body: `{"type":"object","properties":{},"x":"${'x'.repeat(1100 * 1024)}"}`,
  },
};

/**
 * The Add Integration modal's charts come from the chart registry (CHART_REGISTRY_URL) through
 * the server, kept in memory; whatever goes wrong there, the answer is the bundled copy, marked.
 */
describe.each(DB_KINDS)('chart registry on %s', (kind) => {
  let server: TestServer;
  let viewer: SignedIn;
  let registry: Awaited<ReturnType<typeof loopbackServer>>;
  const asked: string[] = [];

  beforeAll(async () => {
    registry = await loopbackServer((req, res) => {
      const path = (req.url ?? '').replace(/^\/charts\//, '');
      asked.push(path);
      const file = FILES[path];
      // No keep-alive: closing the registry below then does not wait for idle connections.
      res.writeHead(file?.status ?? (file ? 200 : 404), {
        'content-type': 'text/plain',
        connection: 'close',
      });
      res.end(file?.body ?? '404: Not Found');
    });
    server = await startTestServer(
      kind,
      {},
      { AUTH_MODE: 'builtin', CHART_REGISTRY_URL: `${registry.url}/charts/` },
    );
    viewer = await signIn(server, 'viewer');
  });
  afterAll(async () => {
    await server?.close();
    await registry?.close();
  });

  async function chart(id: string, headers: Record<string, string> = viewer.headers) {
    const res = await fetch(`${server.baseUrl}/api/integrations/charts/${id}`, { headers });
    return { status: res.status, body: (await res.json()) as unknown };
  }
  async function answer(id: string): Promise<ChartAnswer> {
    const r = await chart(id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return chartAnswerSchema.parse(r.body);
  }
  const times = (path: string) => asked.filter((p) => p === path).length;

  it('needs a signed-in reader, and names the charts it knows', async () => {
    expect((await chart('aws', {})).status).toBe(401);
    const unknown = await chart('jenkins');
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain('mission-control');
  });

  it('reads Chart.yaml and values.schema.json from the registry, once', async () => {
    const first = await answer('aws');
    expect(first).toEqual({
      chart: 'aws',
      source: 'registry',
      name: 'mission-control-aws',
      // Read as text: YAML's 2.0 is not the number 2.
      version: '2.0',
      description: 'AWS from the registry',
      schema: {
        type: 'object',
        properties: { region: { type: 'string', default: 'eu-west-1' } },
        required: ['region'],
      },
      schemaUrl: `${registry.url}/charts/aws/values.schema.json`,
    });
    expect(await answer('aws')).toEqual(first);
    expect(times('aws/Chart.yaml')).toBe(1);
    expect(times('aws/values.schema.json')).toBe(1);
  });

  it.each([
    ['azure', 'values.schema.json: not JSON'],
    ['flux', 'values.schema.json: properties.interval.type'],
    ['prometheus', 'HTTP 503'],
    ['kubernetes', 'larger than 1 MB'],
  ] as const)(
    'answers the bundled %s chart when the registry answers garbage or refuses',
    async (id, why) => {
      const a = await answer(id);
      expect(a).toMatchObject({ chart: id, source: 'bundled', ...BUNDLED_CHARTS[id] });
      expect(a.reason).toContain('the chart registry could not be read');
      expect(a.reason).toContain(why);
      // The failure is kept too: the next opening does not ask the registry again.
      const before = asked.length;
      expect(await answer(id)).toEqual(a);
      expect(asked.length).toBe(before);
    },
  );

  it('answers the bundled chart when the registry is down', async () => {
    await registry.close();
    const a = await answer('mission-control');
    expect(a).toMatchObject({
      chart: 'mission-control',
      source: 'bundled',
      name: 'mission-control-watchtower',
      schema: BUNDLED_CHARTS['mission-control'].schema,
    });
    expect(a.reason).toContain('the chart registry could not be read');
    // What was read before stays.
    expect((await answer('aws')).source).toBe('registry');
  });
});

describe('chart registry turned off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { CHART_REGISTRY_URL: '' });
  });
  afterAll(() => server?.close());

  it('answers the bundled charts without asking anyone', async () => {
    const res = await fetch(`${server.baseUrl}/api/integrations/charts/flux`);
    const a = chartAnswerSchema.parse(await res.json());
    expect(a).toMatchObject({ source: 'bundled', ...BUNDLED_CHARTS.flux });
    expect(a.schemaUrl).toBeUndefined();
    expect(a.reason).toContain('CHART_REGISTRY_URL');
  });
});
