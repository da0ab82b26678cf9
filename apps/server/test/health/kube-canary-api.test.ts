import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../catalog/helpers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { fakeKubeApi } from './kube-fake.js';

describe.each(DB_KINDS)('Kubernetes and s3 checks saved through the data API on %s', (kind) => {
  let server: TestServer;
  let kube: Awaited<ReturnType<typeof fakeKubeApi>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    kube = await fakeKubeApi('api-t0ken');
    kube.put('namespaces', { metadata: { name: 'shop' }, status: { phase: 'Active' } });
    kube.put('pods', {
      metadata: { name: 'web-1', namespace: 'shop' },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
  });
  afterAll(async () => {
    await server.close();
    await kube.close();
  });

  const save = (name: string, spec: unknown) =>
    api<{ id: string }[] | { message: string }>(
      server,
      'POST',
      '/api/db/canaries',
      { name, spec },
      {
        prefer: 'return=representation',
      },
    );

  it('saves a kubernetes check and Run Now runs it against the cluster', async () => {
    const saved = await save('cluster', {
      kubernetes: [
        {
          name: 'shop pods',
          kubeconfig: kube.kubeconfig,
          kind: 'Pod',
          namespaceSelector: { name: 'shop' },
          ready: true,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM checks WHERE name = 'shop pods'");
    const run = await api<Record<string, unknown>>(server, 'POST', `/api/canary/run/check/${rows[0]?.id}`);
    expect(run).toEqual({ status: 200, body: { total: 1, failed: 0, success: 1, errors: [] } });
    await save('elsewhere', {
      kubernetes: [
        { name: 'qa pods', kubeconfig: kube.kubeconfig, kind: 'Pod', namespaceSelector: { name: 'qa' } },
      ],
    });
    const qa = await server.db.query<{ id: string }>("SELECT id FROM checks WHERE name = 'qa pods'");
    const none = await api<Record<string, unknown>>(
      server,
      'POST',
      `/api/canary/run/check/${qa.rows[0]?.id}`,
    );
    expect(none.body).toMatchObject({
      failed: 1,
      errors: ['qa pods: no namespace matches namespaceSelector (name: qa)'],
    });
  });

  it('refuses a kubeconfig that runs a program, and an s3 check without a bucket, with a 400 naming the field', async () => {
    const exec = await save('exec', {
      pod: [
        {
          name: 'p',
          spec: 'kind: Pod',
          kubeconfig: kube.kubeconfig.replace('token: api-t0ken', 'exec: {command: aws}'),
        },
      ],
    });
    expect(exec.status).toBe(400);
    expect((exec.body as { message: string }).message).toMatch(
      /^spec\.pod\.0\.kubeconfig: users\[0\] \(tester\): exec credential plugins are not allowed/,
    );
    const s3 = await save('s3', { s3: [{ name: 'b', objectPath: 'x' }] });
    expect(s3.status).toBe(400);
    expect((s3.body as { message: string }).message).toBe(
      'spec.s3.0.bucketName: bucketName (or bucket) is required',
    );
  });

  it('accepts canary-checker kubernetesResource, pod and namespace documents as written', async () => {
    const saved = await save('as-written', {
      kubernetesResource: [
        {
          name: 'svc',
          namespace: 'default',
          waitFor: { expr: 'dyn(resources).all(r, k8s.isReady(r))', interval: '2s', timeout: '2m' },
          resources: [
            { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'httpbin' }, spec: { containers: [] } },
          ],
          checks: [{ http: [{ name: 'call', url: 'http://httpbin-svc.default.svc' }] }],
          checkRetries: { delay: '2s', interval: '3s', timeout: '2m' },
        },
      ],
      pod: [
        {
          name: 'fail',
          spec: 'kind: Pod',
          port: 80,
          path: '/status/500',
          scheduleTimeout: 2000,
          deadline: 100000,
          expectedHttpStatuses: [200],
        },
      ],
      namespace: [{ name: 'ns', namespaceNamePrefix: 'test-', podSpec: 'kind: Pod', readyTimeout: 5000 }],
      folder: [
        {
          name: 'bucket',
          path: 's3://backups',
          awsConnection: { region: 'minio', usePathStyle: true },
          minCount: 1,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  });
});
