import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createScraper, runNow } from '../catalog/helpers.js';
import { fakeKubernetes } from '../catalog/peers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

const TOKEN = 's3cr3t-token';

/** A kubeconfig for `server` whose one user has `user` as credentials. */
function kubeconfig(server: string, user: string, cluster = 'insecure-skip-tls-verify: true'): string {
  return `apiVersion: v1
kind: Config
clusters:
  - name: fake
    cluster:
      server: ${server}
      ${cluster}
users:
  - name: admin
    user:
${user
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
contexts:
  - name: fake
    context: {cluster: fake, user: admin}
current-context: fake
`;
}

describe.each(DB_KINDS)('kubeconfigs given in specs (%s)', (kind) => {
  let server: TestServer;
  let kube: Awaited<ReturnType<typeof fakeKubernetes>>;
  let dataDir: string;
  let outside: string;
  let marker: string;
  const files = () => path.join(dataDir, 'files');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-kube-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-kube-outside-'));
    marker = path.join(outside, 'plugin-ran');
    fs.mkdirSync(path.join(dataDir, 'files'));
    // Default file roots: DATA_DIR/files and the bundled demo folder.
    server = await startTestServer(kind, { dataDir });
    kube = await fakeKubernetes(TOKEN);
  });
  afterAll(async () => {
    await server?.close();
    await kube?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  /** Each shape a spec may not use, and what the refusal says. */
  const refused = (): [string, unknown, string][] => [
    [
      'exec credential plugin',
      kubeconfig(
        kube.url,
        `exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: /bin/sh\n  args: ["-c", "touch ${marker}; echo '{}'"]`,
      ),
      'users[0] (admin): exec credential plugins are not allowed',
    ],
    [
      'auth-provider',
      kubeconfig(
        kube.url,
        `auth-provider:\n  name: gcp\n  config: {cmd-path: /bin/sh, cmd-args: "-c touch ${marker}"}`,
      ),
      'users[0] (admin): auth-provider is not allowed',
    ],
    [
      'tokenFile',
      kubeconfig(kube.url, 'tokenFile: /etc/hostname'),
      'users[0] (admin): tokenFile reads a file on the server; give token instead',
    ],
    [
      'client certificate and key files',
      kubeconfig(kube.url, 'client-certificate: /etc/ssl/cert.pem\nclient-key: /etc/ssl/key.pem'),
      'client-key reads a file on the server; give client-key-data instead',
    ],
    [
      'certificate authority file',
      kubeconfig(kube.url, `token: ${TOKEN}`, 'certificate-authority: /etc/ssl/certs/ca-certificates.crt'),
      'clusters[0] (fake): certificate-authority reads a file on the server; give certificate-authority-data instead',
    ],
    ['a file outside the file roots', path.join(outside, 'config'), 'is outside the allowed file roots: '],
    [
      'a file inside the roots that runs a plugin',
      path.join(files(), 'exec.kubeconfig'),
      'users[0] (admin): exec credential plugins are not allowed',
    ],
    ['no kubeconfig and no inCluster', undefined, 'set inCluster: true'],
  ];

  beforeAll(() => {
    const plugin = refused()[0]?.[1] as string;
    fs.writeFileSync(path.join(files(), 'exec.kubeconfig'), plugin);
    fs.writeFileSync(path.join(outside, 'config'), kubeconfig(kube.url, `token: ${TOKEN}`));
    fs.writeFileSync(path.join(files(), 'good.kubeconfig'), kubeconfig(kube.url, `token: ${TOKEN}`));
  });

  const entry = (config: unknown) => ({
    clusterName: 'fake',
    ...(config === undefined ? {} : { kubeconfig: config }),
  });

  it('refuses each dangerous shape with a 400 naming the field, and stores nothing', async () => {
    for (const [what, config, message] of refused()) {
      const r = await api<{ message: string }>(server, 'POST', '/api/db/config_scrapers', {
        name: `refused-${what}`,
        spec: { kubernetes: [entry(config)] },
      });
      expect(r.status, what).toBe(400);
      expect(r.body.message, what).toContain('spec: kubernetes.0.kubeconfig: ');
      expect(r.body.message, what).toContain(message);
    }
    const { rows } = await server.db.query(`SELECT 1 FROM config_scrapers WHERE name LIKE 'refused-%'`);
    expect(rows).toEqual([]);
  });

  it('names the allowed roots when the kubeconfig file lies outside them', async () => {
    const r = await api<{ message: string }>(server, 'POST', '/api/db/config_scrapers', {
      name: 'outside',
      spec: { kubernetes: [entry(path.join(outside, 'config'))] },
    });
    expect(r.body.message).toContain(
      `path ${path.join(outside, 'config')} is outside the allowed file roots: ${files()}, `,
    );
  });

  it('fails each one at run time too, before any program runs or request is sent', async () => {
    for (const [what, config, message] of refused()) {
      // Stored behind the API's back, as a spec saved before these rules would be.
      const { rows } = await server.db.query<{ id: string }>(
        `INSERT INTO config_scrapers (name, spec) VALUES ($1, $2) RETURNING id`,
        [`old-${what}`, JSON.stringify({ kubernetes: [entry(config)] })],
      );
      const result = await runNow(server, rows[0]?.id ?? '');
      expect(result.configs_scraped, what).toBe(0);
      expect(result.errors[0], what).toContain('fake: kubeconfig: ');
      expect(result.errors[0], what).toContain(message);
    }
    expect(fs.existsSync(marker)).toBe(false);
    expect(kube.requests).toEqual([]);
  });

  it('accepts a token kubeconfig inline or from a file inside the roots, and inCluster: true', async () => {
    const inline = await createScraper(server, 'inline', {
      kubernetes: [entry({ value: kubeconfig(kube.url, `token: ${TOKEN}`) })],
    });
    expect((await runNow(server, inline)).errors).toEqual([]);
    const fromFile = await createScraper(server, 'from-file', {
      kubernetes: [entry('files/good.kubeconfig')],
    });
    const result = await runNow(server, fromFile);
    expect(result.errors).toEqual([]);
    expect(result.configs_scraped).toBeGreaterThan(0);
    // Saved only when asked for; which credentials the server has is the operator's business.
    await createScraper(server, 'in-cluster', { kubernetes: [{ clusterName: 'here', inCluster: true }] });
  });
});
