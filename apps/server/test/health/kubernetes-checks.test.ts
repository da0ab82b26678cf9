import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { fakeKubeApi } from './kube-fake.js';
import { httpServer, type Listening } from './peers.js';
import { directOpts } from './check-opts.js';

const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };

const pod = (
  name: string,
  ns: string,
  phase: string,
  ready: boolean,
  labels: Record<string, string> = {},
) => ({
  metadata: { name, namespace: ns, labels },
  spec: { nodeName: 'node-1' },
  status: {
    phase,
    conditions: [
      { type: 'Ready', status: ready ? 'True' : 'False', message: ready ? '' : 'containers not ready' },
    ],
  },
});

describe('kubernetes family against a fake API server', () => {
  let kube: Awaited<ReturnType<typeof fakeKubeApi>>;
  let web: Listening;
  beforeAll(async () => {
    kube = await fakeKubeApi('t0ken');
    kube.put('namespaces', {
      metadata: { name: 'canaries', labels: { team: 'ops' } },
      status: { phase: 'Active' },
    });
    kube.put('namespaces', { metadata: { name: 'shop' }, status: { phase: 'Active' } });
    kube.put('pods', pod('k8s-check-ready', 'canaries', 'Running', true, { app: 'ready' }));
    kube.put('pods', pod('k8s-check-not-ready', 'canaries', 'Pending', false, { app: 'not-ready' }));
    kube.put('pods', pod('web-1', 'shop', 'Running', true, { app: 'web' }));
    web = await httpServer((_req, res) => res.writeHead(200).end('ok'));
  });
  afterAll(async () => {
    await kube.close();
    await web.close();
  });

  it('kubernetes: passes when every matching pod is ready and gives the objects as results', async () => {
    const r = await executeCheck(
      'kubernetes',
      {
        kubeconfig: kube.kubeconfig,
        kind: 'Pod',
        namespaceSelector: { name: 'canaries' },
        resource: { name: 'k8s-check-ready' },
        ready: true,
        test: { expr: "size(results) == 1 && results[0].metadata.name == 'k8s-check-ready'" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '1 Pod' });
    expect((r.details.results as { healthStatus: { ready: boolean } }[])[0]?.healthStatus.ready).toBe(true);
  });

  it('kubernetes: fails naming the pod that is not ready; name globs and label selectors select', async () => {
    const r = await executeCheck(
      'kubernetes',
      {
        kubeconfig: kube.kubeconfig,
        kind: 'Pod',
        namespaceSelector: { labelSelector: 'team=ops' },
        resource: { name: 'k8s-check-*' },
        ready: true,
      },
      opts,
    );
    expect(r.pass).toBe(false);
    expect(r.error).toBe(
      'Pod/canaries/k8s-check-not-ready is not ready (status: Pending): containers not ready',
    );
    const byLabel = await executeCheck(
      'kubernetes',
      {
        kubeconfig: kube.kubeconfig,
        kind: 'Pod',
        namespaceSelector: { name: '*' },
        resource: { labelSelector: 'app=web' },
        ready: true,
      },
      opts,
    );
    expect(byLabel).toMatchObject({ pass: true, message: '1 Pod' });
    const none = await executeCheck(
      'kubernetes',
      {
        kubeconfig: kube.kubeconfig,
        kind: 'Pod',
        namespaceSelector: { name: 'shop' },
        resource: { name: 'nothing-*' },
      },
      opts,
    );
    expect(none.error).toBe('no Pod resources found in namespace shop');
  });

  it('kubernetes: a wrong token is a clear failure; exec credential plugins are refused', async () => {
    const bad = await executeCheck(
      'kubernetes',
      { kubeconfig: kube.kubeconfig.replace('t0ken', 'nope'), kind: 'Pod' },
      opts,
    );
    expect(bad.error).toMatch(/HTTP 401 unauthorized/);
    const exec = await executeCheck(
      'kubernetes',
      { kubeconfig: kube.kubeconfig.replace('token: t0ken', 'exec: {command: /bin/true}'), kind: 'Pod' },
      opts,
    );
    expect(exec.error).toMatch(/exec credential plugins are not allowed/);
  });

  it('pod: creates the pod, waits for it to run, deletes it', async () => {
    const spec =
      'apiVersion: v1\nkind: Pod\nmetadata:\n  name: hello\nspec:\n  containers:\n    - name: c\n      image: busybox\n';
    const r = await executeCheck(
      'pod',
      {
        kubeconfig: kube.kubeconfig,
        namespace: 'canaries',
        spec,
        scheduleTimeout: 2000,
        readyTimeout: 2000,
        deleteTimeout: 2000,
      },
      opts,
    );
    expect(r.pass).toBe(true);
    expect(r.message).toMatch(
      /^pod hello-[0-9a-f]{6} scheduled in \d+ ms, ready in \d+ ms, deleted in \d+ ms$/,
    );
    expect([...kube.store.keys()].filter((k) => k.includes('hello-'))).toEqual([]);
  });

  it('pod: fails when the pod is not scheduled within scheduleTimeout, and deletes it anyway', async () => {
    const spec =
      'kind: Pod\nmetadata:\n  name: stuck\nspec:\n  containers:\n    - name: c\n      image: never-ready\n';
    const r = await executeCheck(
      'pod',
      { kubeconfig: kube.kubeconfig, namespace: 'canaries', spec, scheduleTimeout: 300 },
      opts,
    );
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/^Pod\/canaries\/stuck-[0-9a-f]{6} was not scheduled within 300 ms$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...kube.store.keys()].filter((k) => k.includes('stuck-'))).toEqual([]);
    const crash = await executeCheck(
      'pod',
      {
        kubeconfig: kube.kubeconfig,
        namespace: 'canaries',
        spec: spec.replace('never-ready', 'crash'),
        readyTimeout: 2000,
      },
      opts,
    );
    expect(crash.error).toMatch(/is CrashLoopBackOff: back-off restarting$/);
  });

  it('namespace: creates a namespace and a pod in it, then deletes both', async () => {
    const podSpec =
      'kind: Pod\nmetadata:\n  name: probe\nspec:\n  containers:\n    - name: c\n      image: busybox\n';
    const r = await executeCheck(
      'namespace',
      {
        kubeconfig: kube.kubeconfig,
        namespaceNamePrefix: 'canary-ns-',
        namespaceLabels: { team: 'qa' },
        podSpec,
        readyTimeout: 2000,
        deleteTimeout: 2000,
      },
      opts,
    );
    expect(r.pass).toBe(true);
    expect(r.message).toMatch(
      /^namespace canary-ns-[0-9a-f]{6} active in \d+ ms, pod probe-[0-9a-f]{6} ready in \d+ ms, deleted in \d+ ms$/,
    );
    expect([...kube.store.keys()].filter((k) => k.includes('canary-ns-'))).toEqual([]);
  });

  it('kubernetesResource: creates resources, waits (waitFor.expr with k8s.isReady), runs http checks, deletes', async () => {
    const r = await executeCheck(
      'kubernetesResource',
      {
        kubeconfig: kube.kubeconfig,
        namespace: 'canaries',
        waitFor: { expr: 'dyn(resources).all(r, k8s.isReady(r))', timeout: '3s', delete: true },
        resources: [
          {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: 'httpbin' },
            spec: { containers: [{ name: 'c', image: 'httpbin' }] },
          },
          {
            apiVersion: 'v1',
            kind: 'Service',
            metadata: { name: 'httpbin-svc' },
            spec: { ports: [{ port: 80 }] },
          },
        ],
        checks: [
          { http: [{ name: 'svc', url: `http://127.0.0.1:${web.port}/`, test: { expr: 'code == 200' } }] },
        ],
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '2 resources ready, 1 checks passed' });
    expect(kube.requests).toContain('DELETE /api/v1/namespaces/canaries/services/httpbin-svc');
    expect([...kube.store.keys()].filter((k) => k.includes('httpbin'))).toEqual([]);
  });

  it('kubernetesResource: a resource that never gets ready fails after waitFor.timeout and is deleted', async () => {
    const r = await executeCheck(
      'kubernetesResource',
      {
        kubeconfig: kube.kubeconfig,
        namespace: 'canaries',
        waitFor: { timeout: '400ms' },
        resources: [
          {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: 'lazy' },
            spec: { containers: [{ name: 'c', image: 'never-ready' }] },
          },
        ],
      },
      opts,
    );
    expect(r).toMatchObject({ pass: false, error: 'resources were not ready within 400 ms' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...kube.store.keys()].filter((k) => k.includes('lazy'))).toEqual([]);
  });
});
