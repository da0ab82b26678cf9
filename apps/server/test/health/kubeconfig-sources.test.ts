import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../catalog/helpers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { fakeKubeApi } from './kube-fake.js';

/**
 * canary-checker's kubeconfig is an EnvVar: inline, `{value}` holding the document or a file
 * path, or `{valueFrom: {secretKeyRef}}`. A file must lie inside FILE_ROOTS (as the config
 * scraper's kubeconfig files); a secret is read from the server's own cluster, as every other
 * valueFrom of a check. Kubeconfigs that would run a program stay refused, whatever the source.
 */

const EXEC_KUBECONFIG = (server: string) => `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "${server}"}}]
users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: /bin/sh}}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`;

describe.each(DB_KINDS)('kubeconfig from a file or valueFrom, on %s', (kind) => {
  let server: TestServer;
  let kube: Awaited<ReturnType<typeof fakeKubeApi>>;
  let roots: string;
  let outside: string;
  const previous = process.env.KUBECONFIG;

  beforeAll(async () => {
    roots = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-kc-roots-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-kc-outside-'));
    kube = await fakeKubeApi('kc-t0ken');
    kube.put('namespaces', { metadata: { name: 'shop' }, status: { phase: 'Active' } });
    kube.put('pods', {
      metadata: { name: 'web-1', namespace: 'shop' },
      status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
    });
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    kube.put('secrets', {
      metadata: { name: 'cluster-kubeconfig', namespace: 'default' },
      data: { config: b64(kube.kubeconfig) },
    } as never);
    kube.put('secrets', {
      metadata: { name: 'exec-kubeconfig', namespace: 'default' },
      data: { config: b64(EXEC_KUBECONFIG(kube.url)) },
    } as never);
    fs.writeFileSync(path.join(roots, 'config'), kube.kubeconfig);
    fs.writeFileSync(path.join(roots, 'exec-config'), EXEC_KUBECONFIG(kube.url));
    fs.writeFileSync(path.join(outside, 'config'), kube.kubeconfig);
    // The server's own cluster (where valueFrom secrets are read): the same fake API server.
    const own = path.join(outside, 'server-kubeconfig');
    fs.writeFileSync(own, kube.kubeconfig);
    process.env.KUBECONFIG = own;
    server = await startTestServer(kind, {}, { FILE_ROOTS: roots });
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.KUBECONFIG;
    else process.env.KUBECONFIG = previous;
    await server?.close();
    await kube?.close();
    fs.rmSync(roots, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const save = (spec: string, name?: string) =>
    api<{ id: string }[] | { message: string }>(
      server,
      'POST',
      '/api/db/canaries',
      { spec, ...(name ? { name } : {}) },
      { prefer: 'return=representation' },
    );
  const check = (name: string, kubeconfig: string) => `
    - name: ${name}
      kind: Pod
      namespaceSelector: {name: shop}
      ready: true
      kubeconfig:
${kubeconfig}`;

  it('runs kubernetes checks whose kubeconfig is a file in the roots or a secret', async () => {
    const saved = await save(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata:
  name: kubeconfig-sources
spec:
  kubernetes:${check('by-path', `        ${path.join(roots, 'config')}`)}${check('by-value-path', `        value: ${path.join(roots, 'config')}`)}${check(
    'by-secret',
    `        valueFrom:
          secretKeyRef: {name: cluster-kubeconfig, key: config}`,
  )}${check(
    'by-exec-secret',
    `        valueFrom:
          secretKeyRef: {name: exec-kubeconfig, key: config}`,
  )}
`);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const canaryId = (saved.body as { id: string }[])[0]!.id;
    const { rows } = await server.db.query<{ id: string; name: string }>(
      'SELECT id, name FROM checks WHERE canary_id = $1 ORDER BY name',
      [canaryId],
    );
    const results: Record<string, unknown> = {};
    for (const r of rows) {
      const run = await api<{ success: number; errors: string[] }>(
        server,
        'POST',
        `/api/canary/run/check/${r.id}`,
      );
      results[r.name] = run.body.success === 1 ? 'pass' : run.body.errors[0];
    }
    expect(results).toEqual({
      'by-path': 'pass',
      'by-value-path': 'pass',
      'by-secret': 'pass',
      'by-exec-secret': expect.stringContaining('exec credential plugins are not allowed'),
    });
  });

  it('refuses at save a kubeconfig file outside the roots, saying how to allow it, and one that runs a program', async () => {
    const outsideRoots = await save(
      `kubernetes:${check('outside', `        value: ${path.join(outside, 'config')}`)}`,
      'outside',
    );
    expect(outsideRoots.status).toBe(400);
    expect((outsideRoots.body as { message: string }).message).toContain(
      `spec.kubernetes.0.kubeconfig: path ${path.join(outside, 'config')} is outside the allowed file roots: `,
    );
    expect((outsideRoots.body as { message: string }).message).toContain('add its folder to FILE_ROOTS');
    const exec = await save(
      `kubernetes:${check('exec-file', `        ${path.join(roots, 'exec-config')}`)}`,
      'exec-file',
    );
    expect(exec.status).toBe(400);
    expect((exec.body as { message: string }).message).toContain('exec credential plugins are not allowed');
  });

  it('topology kubernetes lookups read a kubeconfig from valueFrom the same way', async () => {
    const saved = await api<{ id: string }[]>(
      server,
      'POST',
      '/api/db/topologies',
      {
        spec: `apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: pods-by-secret
spec:
  type: Config
  components:
    - name: pods
      type: virtual
      lookup:
        kubernetes:
          - kind: Pod
            display:
              expr: |
                dyn(results).map(c, {'name': c.name, 'type': 'KubernetesPod'}).toJSON()
        kubeconfig:
          valueFrom:
            secretKeyRef: {name: cluster-kubeconfig, key: config}
`,
      },
      { prefer: 'return=representation' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body[0]!.id;
    const built = await api<{ warnings: string[] }>(server, 'POST', `/api/topology/run/${id}`);
    expect(built.body.warnings).toEqual([]);
    const { rows } = await server.db.query<{ name: string; type: string }>(
      'SELECT name, type FROM components WHERE topology_id = $1 AND deleted_at IS NULL AND type = $2',
      [id, 'KubernetesPod'],
    );
    expect(rows).toEqual([{ name: 'web-1', type: 'KubernetesPod' }]);
  });
});
