import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { chartValues, renderChart, schemaProblems, type Manifest, type Rendered } from './helm-render.js';
import { kubernetesProblems } from './k8s-validate.js';

/**
 * The Helm charts of deploy/charts, rendered for the documented values files (with helm when it
 * is on PATH, else with the server's template engine) and every object checked against the
 * Kubernetes schemas; bad values are refused by values.schema.json or by the templates.
 */

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CONSOLE = path.join(REPO, 'deploy/charts/opsdeck');
const AGENT = path.join(REPO, 'deploy/charts/opsdeck-agent');
const example = (chart: string, name: string) => path.join(chart, 'examples', name);
const VERSION = (JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string })
  .version;

type Container = {
  name: string;
  image: string;
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  ports?: { name: string; containerPort: number }[];
  startupProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
  readinessProbe?: { httpGet?: { path: string; port: string } };
  securityContext?: Record<string, unknown>;
  volumeMounts?: { name: string; mountPath: string }[];
};
type PodSpec = {
  containers: Container[];
  hostUsers?: boolean;
  securityContext?: Record<string, unknown>;
  volumes?: { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } }[];
  automountServiceAccountToken?: boolean;
  serviceAccountName?: string;
};
type Workload = Manifest & {
  spec: {
    replicas?: number;
    strategy?: { type: string };
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
};

function objects(r: Rendered, kind: string): Manifest[] {
  return r.manifests.filter((m) => m.kind === kind);
}
function one<T = Manifest>(r: Rendered, kind: string): T {
  const found = objects(r, kind);
  expect(
    found.map((m) => m.metadata.name),
    `one ${kind}`,
  ).toHaveLength(1);
  return found[0] as T;
}
function envOf(c: Container): Record<string, string> {
  return Object.fromEntries(
    (c.env ?? []).map((e) => [
      e.name,
      e.value ??
        (e.valueFrom?.secretKeyRef
          ? `secret:${e.valueFrom.secretKeyRef.name}/${e.valueFrom.secretKeyRef.key}`
          : '?'),
    ]),
  );
}
function matches(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

/** Every object is valid for its Kubernetes kind, and names are unique per kind. */
function expectValidObjects(r: Rendered): void {
  expect(r.manifests.flatMap(kubernetesProblems)).toEqual([]);
  const keys = r.manifests.map((m) => `${m.kind}/${m.metadata.name}`);
  expect(new Set(keys).size).toBe(keys.length);
}

/** The things every console pod must have whatever the values. */
function expectHardenedConsole(r: Rendered): Container {
  const deployment = one<Workload>(r, 'Deployment');
  const pod = deployment.spec.template.spec;
  const [container] = pod.containers;
  if (!container) throw new Error('no container');
  expect(matches(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, fsGroup: 10001 });
  expect(container.securityContext).toMatchObject({
    readOnlyRootFilesystem: true,
    allowPrivilegeEscalation: false,
  });
  expect(container.volumeMounts).toEqual(
    expect.arrayContaining([
      { name: 'data', mountPath: '/data' },
      { name: 'tmp', mountPath: '/tmp' },
    ]),
  );
  expect(pod.volumes?.find((v) => v.name === 'tmp')?.emptyDir).toBeDefined();
  expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
  expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
  expect(container.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: 8080 })]);
  // Production start: never `--demo`.
  expect(container.args).toEqual(['serve']);
  expect(envOf(container)).toMatchObject({ HOST: '0.0.0.0', PORT: '8080', DATA_DIR: '/data' });
  const service = objects(r, 'Service').find((s) => s.metadata.name === deployment.metadata.name) as
    (Manifest & { spec: { selector: Record<string, string> } }) | undefined;
  expect(matches(service?.spec.selector ?? {}, deployment.spec.template.metadata.labels)).toBe(true);
  return container;
}

describe('console chart (deploy/charts/opsdeck)', () => {
  it('defaults: one replica on the embedded database, its DATA_DIR on a kept PersistentVolumeClaim', () => {
    const r = renderChart(CONSOLE);
    expectValidObjects(r);
    const container = expectHardenedConsole(r);
    const deployment = one<Workload>(r, 'Deployment');
    expect(deployment.spec.replicas).toBe(1);
    // Two pods must never open one embedded database: no rolling overlap.
    expect(deployment.spec.strategy?.type).toBe('Recreate');
    expect(container.image).toBe(`opsdeck:${VERSION}`);
    expect(envOf(container)).not.toHaveProperty('DATABASE_URL');
    const pvc = one(r, 'PersistentVolumeClaim');
    expect(pvc.metadata).toMatchObject({ annotations: { 'helm.sh/resource-policy': 'keep' } });
    expect(deployment.spec.template.spec.volumes?.find((v) => v.name === 'data')).toEqual({
      name: 'data',
      persistentVolumeClaim: { claimName: pvc.metadata.name },
    });
    expect(deployment.spec.template.spec.automountServiceAccountToken).toBe(false);
    expect(r.manifests.map((m) => m.kind).sort()).toEqual([
      'Deployment',
      'PersistentVolumeClaim',
      'Service',
      'ServiceAccount',
    ]);
    if (r.notes !== undefined) expect(r.notes).toContain('first admin created');
  });

  it('replicas with existing Secrets: rolling updates, the shared key, a PodDisruptionBudget and a ServiceMonitor', () => {
    const r = renderChart(CONSOLE, [example(CONSOLE, 'replicas.yaml')]);
    expectValidObjects(r);
    const container = expectHardenedConsole(r);
    const deployment = one<Workload>(r, 'Deployment');
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.strategy?.type).toBe('RollingUpdate');
    expect(envOf(container)).toMatchObject({
      DATABASE_URL: 'secret:opsdeck-database/DATABASE_URL',
      SECRET_KEY: 'secret:opsdeck-key/SECRET_KEY',
      LOG_LEVEL: 'info',
    });
    // DATA_DIR is scratch here: the database and the key live elsewhere.
    expect(deployment.spec.template.spec.volumes?.find((v) => v.name === 'data')).toEqual({
      name: 'data',
      emptyDir: {},
    });
    expect(objects(r, 'PersistentVolumeClaim')).toEqual([]);
    expect(objects(r, 'Secret')).toEqual([]);
    const pdb = one<
      Manifest & { spec: { maxUnavailable: number; selector: { matchLabels: Record<string, string> } } }
    >(r, 'PodDisruptionBudget');
    expect(pdb.spec.maxUnavailable).toBe(1);
    expect(matches(pdb.spec.selector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
    const monitor = one<
      Manifest & { spec: { selector: { matchLabels: Record<string, string> }; endpoints: object[] } }
    >(r, 'ServiceMonitor');
    expect(monitor.metadata.labels).toMatchObject({ release: 'prometheus' });
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'http', path: '/metrics' })]);
    expect(matches(monitor.spec.selector.matchLabels, one(r, 'Service').metadata.labels)).toBe(true);
  });

  it('ingress with TLS: class, annotations, the Service as backend, and PUBLIC_URL from its host', () => {
    const r = renderChart(CONSOLE, [example(CONSOLE, 'ingress-tls.yaml')]);
    expectValidObjects(r);
    const container = expectHardenedConsole(r);
    const ingress = one<
      Manifest & {
        metadata: { annotations: Record<string, string> };
        spec: {
          ingressClassName: string;
          tls: { secretName: string; hosts: string[] }[];
          rules: {
            host: string;
            http: {
              paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[];
            };
          }[];
        };
      }
    >(r, 'Ingress');
    expect(ingress.spec.ingressClassName).toBe('nginx');
    expect(ingress.metadata.annotations).toMatchObject({ 'cert-manager.io/cluster-issuer': 'letsencrypt' });
    expect(ingress.spec.tls).toEqual([{ secretName: 'opsdeck-tls', hosts: ['opsdeck.example.com'] }]);
    const backend = ingress.spec.rules[0]?.http.paths[0]?.backend.service;
    expect(backend).toEqual({ name: one(r, 'Service').metadata.name, port: { name: 'http' } });
    expect(envOf(container).PUBLIC_URL).toBe('https://opsdeck.example.com');
    // The values given as such go into a Secret the chart makes, never into the pod spec.
    const secret = one<Manifest & { data: Record<string, string> }>(r, 'Secret');
    expect(Buffer.from(secret.data.DATABASE_URL ?? '', 'base64').toString()).toBe(
      'postgres://opsdeck:change-me@db.example.com:5432/opsdeck',
    );
    expect(envOf(container)).toMatchObject({
      DATABASE_URL: `secret:${secret.metadata.name}/DATABASE_URL`,
      SECRET_KEY: `secret:${secret.metadata.name}/SECRET_KEY`,
    });
    expect(JSON.stringify(one(r, 'Deployment'))).not.toContain('change-me');
  });

  it('bundled PostgreSQL: a StatefulSet with its headless Service, and DATABASE_URL pointing at it', () => {
    const r = renderChart(CONSOLE, [example(CONSOLE, 'bundled-postgresql.yaml')]);
    expectValidObjects(r);
    const container = expectHardenedConsole(r);
    const db = one<Workload & { spec: { serviceName: string } }>(r, 'StatefulSet');
    const [pg] = db.spec.template.spec.containers;
    expect(pg?.image).toBe('postgres:15');
    const dbService = objects(r, 'Service').find((s) => s.metadata.name === db.spec.serviceName) as
      (Manifest & { spec: { clusterIP: string; selector: Record<string, string> } }) | undefined;
    expect(dbService?.spec.clusterIP).toBe('None');
    expect(matches(dbService?.spec.selector ?? {}, db.spec.template.metadata.labels)).toBe(true);
    // The console's selector must not catch the database's pod, nor the other way round.
    const console = one<Workload>(r, 'Deployment');
    expect(matches(console.spec.selector.matchLabels, db.spec.template.metadata.labels)).toBe(false);
    expect(matches(db.spec.selector.matchLabels, console.spec.template.metadata.labels)).toBe(false);
    // Kubernetes expands $(POSTGRES_PASSWORD) only from a variable defined before it.
    const names = (container.env ?? []).map((e) => e.name);
    expect(names.indexOf('POSTGRES_PASSWORD')).toBeLessThan(names.indexOf('DATABASE_URL'));
    expect(envOf(container).DATABASE_URL).toBe(
      `postgres://opsdeck:$(POSTGRES_PASSWORD)@${db.spec.serviceName}:5432/opsdeck`,
    );
    expect(envOf(container)).toHaveProperty('LOG_LEVEL');
    expect(envOf(pg as Container)).toMatchObject({
      POSTGRES_DB: 'opsdeck',
      POSTGRES_USER: 'opsdeck',
      POSTGRES_PASSWORD: `secret:${db.metadata.name}/POSTGRES_PASSWORD`,
    });
  });

  it('refuses values it cannot use, saying why', () => {
    const refused = (set: Record<string, unknown>) => () => renderChart(CONSOLE, [], { set });
    // The schema: wrong types and names it reserves.
    expect(refused({ replicas: 'three' })).toThrow(/replicas/);
    expect(refused({ replicas: 2, database: { url: 'postgres://u:p@db/ops' } })).toThrow(/secretKey|schema/);
    expect(refused({ env: { DATABASE_URL: 'postgres://x' } })).toThrow(/env/);
    expect(refused({ secretKey: { value: 'short' } })).toThrow(/secretKey/);
    expect(refused({ ingress: { enabled: true, hosts: [] } })).toThrow(/hosts/);
    expect(refused({ service: { type: 'Cluster', port: 80 } })).toThrow(/type/);
    // The templates: combinations the schema leaves through.
    expect(refused({ replicas: 2, secretKey: { value: 'k'.repeat(32) } })).toThrow(
      /replicas > 1 needs a PostgreSQL server/,
    );
    expect(refused({ database: { url: 'postgres://u:p@db/ops' } })).toThrow(
      /secretKey.value or secretKey.existingSecret is required/,
    );
    expect(refused({ postgresql: { enabled: true }, secretKey: { value: 'k'.repeat(32) } })).toThrow(
      /postgresql.password or postgresql.existingSecret is required/,
    );
  });

  it('values.schema.json accepts the defaults and every example, and refuses replicas > 1 without a shared key', () => {
    for (const file of ['', 'replicas.yaml', 'ingress-tls.yaml', 'bundled-postgresql.yaml']) {
      const values = chartValues(CONSOLE, file ? [example(CONSOLE, file)] : []);
      expect(schemaProblems(CONSOLE, values), file || 'defaults').toEqual([]);
    }
    const values = chartValues(CONSOLE, [], { replicas: 2, database: { existingSecret: 'db' } });
    expect(schemaProblems(CONSOLE, values).join('\n')).toMatch(/secretKey/);
  });
});

describe('agent chart (deploy/charts/opsdeck-agent)', () => {
  it('runs the image as `agent` with the upstream, the token from a Secret and the agent name', () => {
    const r = renderChart(AGENT, [example(AGENT, 'agent.yaml')]);
    expectValidObjects(r);
    const deployment = one<Workload>(r, 'Deployment');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    if (!container) throw new Error('no container');
    expect(container.args).toEqual(['agent']);
    expect(container.image).toBe(`opsdeck:${VERSION}`);
    const secret = one<Manifest & { data: Record<string, string> }>(r, 'Secret');
    expect(Buffer.from(secret.data.UPSTREAM_TOKEN ?? '', 'base64').toString()).toBe(
      'od_example.token-from-the-agents-page',
    );
    expect(envOf(container)).toMatchObject({
      UPSTREAM_URL: 'https://opsdeck.example.com',
      UPSTREAM_TOKEN: `secret:${secret.metadata.name}/UPSTREAM_TOKEN`,
      AGENT_NAME: 'edge-1',
      DATA_DIR: '/data',
    });
    expect(deployment.spec.strategy?.type).toBe('Recreate');
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, fsGroup: 10001 });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    // kubernetes.enabled: the service account's token is mounted and bound to read access.
    expect(pod.automountServiceAccountToken).toBe(true);
    const binding = one<
      Manifest & { roleRef: { name: string }; subjects: { name: string; namespace: string }[] }
    >(r, 'ClusterRoleBinding');
    expect(binding.roleRef.name).toBe(one(r, 'ClusterRole').metadata.name);
    expect(binding.subjects).toEqual([
      expect.objectContaining({ name: pod.serviceAccountName, namespace: 'opsdeck' }),
    ]);
    expect(one(r, 'PersistentVolumeClaim').metadata.name).toBe(
      pod.volumes?.find((v) => v.name === 'data')?.persistentVolumeClaim?.claimName,
    );
  });

  it('an existing token Secret, no cluster access by default, and refusals without upstream or token', () => {
    const r = renderChart(AGENT, [], {
      set: { upstream: { url: 'https://ops.example.com', existingSecret: 'edge-token' } },
    });
    expectValidObjects(r);
    const deployment = one<Workload>(r, 'Deployment');
    const [container] = deployment.spec.template.spec.containers;
    expect(envOf(container as Container)).toMatchObject({
      UPSTREAM_TOKEN: 'secret:edge-token/UPSTREAM_TOKEN',
      AGENT_NAME: 'ops',
    });
    expect(objects(r, 'Secret')).toEqual([]);
    expect(objects(r, 'ClusterRole')).toEqual([]);
    expect(deployment.spec.template.spec.automountServiceAccountToken).toBe(false);

    expect(() => renderChart(AGENT)).toThrow(/upstream/);
    expect(() => renderChart(AGENT, [], { set: { upstream: { url: 'https://ops.example.com' } } })).toThrow(
      /token|existingSecret|schema/,
    );
    expect(() =>
      renderChart(AGENT, [], { set: { upstream: { url: 'ops.example.com', token: 'od_x.y' } } }),
    ).toThrow(/url/);
  });
});

describe('scripts (exec checks, playbook exec actions) in both charts', () => {
  const charts = [
    { name: 'console', dir: CONSOLE, files: [] as string[] },
    { name: 'agent', dir: AGENT, files: [example(AGENT, 'agent.yaml')] },
  ];
  const podOf = (r: Rendered) => one<Workload>(r, 'Deployment').spec.template.spec;

  it.each(charts)(
    '$name: off by default, with DISABLE_EXEC and the restricted pod security',
    ({ dir, files }) => {
      const r = renderChart(dir, files);
      const pod = podOf(r);
      const [container] = pod.containers;
      expect(envOf(container as Container)).toMatchObject({ DISABLE_EXEC: 'true' });
      expect(envOf(container as Container)).not.toHaveProperty('ALLOW_UNISOLATED_SCRIPTS');
      expect(pod.hostUsers).toBeUndefined();
      expect(pod.securityContext).toMatchObject({ seccompProfile: { type: 'RuntimeDefault' } });
      expect(container?.securityContext).not.toHaveProperty('procMount');
      // NOTES.txt (rendered by the engine only; `helm template` leaves it out) says so.
      if (r.notes !== undefined) expect(r.notes).toMatch(/Scripts .* are off \(scripts: disabled\)/);
      const isolated = renderChart(dir, files, { set: { scripts: 'isolated' } });
      if (isolated.notes !== undefined) expect(isolated.notes).not.toContain('are off');
    },
  );

  it.each(charts)(
    '$name: isolated gives bubblewrap what it needs (own user namespace, unmasked /proc, unconfined profiles), valid for Kubernetes',
    ({ dir, files }) => {
      const r = renderChart(dir, files, { set: { scripts: 'isolated' } });
      expectValidObjects(r);
      const pod = podOf(r);
      const [container] = pod.containers;
      expect(pod.hostUsers).toBe(false);
      expect(container?.securityContext).toMatchObject({
        procMount: 'Unmasked',
        seccompProfile: { type: 'Unconfined' },
        appArmorProfile: { type: 'Unconfined' },
        // The rest of the hardening stays.
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      const env = envOf(container as Container);
      expect(env).not.toHaveProperty('DISABLE_EXEC');
      expect(env).not.toHaveProperty('ALLOW_UNISOLATED_SCRIPTS');
    },
  );

  it.each(charts)('$name: unisolated sets ALLOW_UNISOLATED_SCRIPTS and nothing else', ({ dir, files }) => {
    const r = renderChart(dir, files, { set: { scripts: 'unisolated' } });
    expectValidObjects(r);
    const pod = podOf(r);
    const [container] = pod.containers;
    expect(envOf(container as Container)).toMatchObject({ ALLOW_UNISOLATED_SCRIPTS: 'true' });
    expect(envOf(container as Container)).not.toHaveProperty('DISABLE_EXEC');
    expect(pod.hostUsers).toBeUndefined();
    expect(container?.securityContext).not.toHaveProperty('procMount');
  });

  it.each(charts)(
    '$name: the schema refuses other modes, the switches in env, and profiles isolated sets itself',
    ({ dir, files }) => {
      const refused = (set: Record<string, unknown>) => () => renderChart(dir, files, { set });
      expect(refused({ scripts: 'on' })).toThrow(/scripts/);
      expect(refused({ scripts: true })).toThrow(/scripts/);
      expect(refused({ env: { ALLOW_UNISOLATED_SCRIPTS: 'true' } })).toThrow(/env/);
      expect(refused({ env: { DISABLE_EXEC: 'false' } })).toThrow(/env/);
      const values = chartValues(dir, files, {
        scripts: 'isolated',
        securityContext: { readOnlyRootFilesystem: true, seccompProfile: { type: 'RuntimeDefault' } },
      });
      expect(schemaProblems(dir, values).join('\n')).toMatch(/securityContext/);
      expect(
        schemaProblems(
          dir,
          chartValues(dir, files, { scripts: 'disabled', securityContext: { procMount: 'Default' } }),
        ),
      ).toEqual([]);
    },
  );
});

describe('charts and the rest of the repository agree', () => {
  const configSource = fs.readFileSync(path.join(REPO, 'apps/server/src/config.ts'), 'utf8');
  const known = new Set(
    [...configSource.matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z\b|boolFromEnv\b)/gm)].map((m) => m[1]),
  );

  it('the Kubernetes check has teeth: a wrong type, a missing field and a misspelt one in a rendered Deployment are refused', () => {
    const deployment = one<Workload>(renderChart(CONSOLE), 'Deployment');
    const broken = (change: (d: Workload) => void) => {
      const copy = structuredClone(deployment);
      change(copy);
      return kubernetesProblems(copy).join('\n');
    };
    expect(kubernetesProblems(deployment)).toEqual([]);
    expect(
      broken((d) => {
        d.spec.replicas = 'one' as never;
      }),
    ).toMatch(/replicas must be integer/);
    expect(
      broken((d) => {
        delete (d.spec as Partial<Workload['spec']>).selector;
      }),
    ).toMatch(/selector/);
    expect(
      broken((d) => {
        const [c] = d.spec.template.spec.containers;
        Object.assign(c as object, { readinesProbe: c?.readinessProbe });
      }),
    ).toMatch(/unknown field spec\.template\.spec\.containers\.0\.readinesProbe/);
  });

  it('every variable the charts set is one the server reads', () => {
    const rendered = [
      renderChart(CONSOLE, [example(CONSOLE, 'bundled-postgresql.yaml')]),
      renderChart(CONSOLE, [example(CONSOLE, 'ingress-tls.yaml')]),
      renderChart(AGENT, [example(AGENT, 'agent.yaml')]),
      renderChart(CONSOLE, [], { set: { scripts: 'unisolated' } }),
    ];
    const names = new Set(
      rendered.flatMap((r) =>
        objects(r, 'Deployment').flatMap((d) =>
          (d as Workload).spec.template.spec.containers.flatMap((c) => (c.env ?? []).map((e) => e.name)),
        ),
      ),
    );
    // POSTGRES_PASSWORD only feeds $(…) in DATABASE_URL; LOG_LEVEL comes from the example.
    names.delete('POSTGRES_PASSWORD');
    expect([...names].filter((n) => !known.has(n))).toEqual([]);
    expect(known.size).toBeGreaterThan(50);
  });

  it("chart versions and the image's version label follow package.json, and every .Values path a template reads has a default", () => {
    for (const chart of [CONSOLE, AGENT]) {
      const meta = parse(fs.readFileSync(path.join(chart, 'Chart.yaml'), 'utf8')) as Record<string, string>;
      expect([meta.version, meta.appVersion]).toEqual([VERSION, VERSION]);
      // So does the image's version label when built as docs/deploy.md prints it (no VERSION).
      const dockerfile = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
      expect(/^ARG VERSION=(\S+)$/m.exec(dockerfile)?.[1]).toBe(VERSION);
      // Helm fails on a field of a missing map (nil pointer); the engine here renders it empty.
      const defaults = parse(fs.readFileSync(path.join(chart, 'values.yaml'), 'utf8')) as Record<
        string,
        unknown
      >;
      const dir = path.join(chart, 'templates');
      const paths = new Set(
        fs
          .readdirSync(dir)
          .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/\.Values((?:\.\w+)+)/g)])
          .map((m) => m[1]?.slice(1) ?? ''),
      );
      const missing = [...paths].filter((p) => {
        let at: unknown = defaults;
        for (const key of p.split('.')) {
          if (typeof at !== 'object' || at === null || !(key in at)) return true;
          at = (at as Record<string, unknown>)[key];
        }
        return false;
      });
      expect(missing, path.basename(chart)).toEqual([]);
    }
  });
});
