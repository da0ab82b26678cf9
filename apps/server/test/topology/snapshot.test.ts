import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileTopology } from '../../src/topology/reconcile.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { componentsByName, insertChecks, insertConfig, insertTopology, readZip } from './fixtures.js';

const HOUR = 3_600_000;
const hasUnzip = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.each(DB_KINDS)('topology snapshot (%s)', (kind) => {
  let server: TestServer;
  let ids: { shop: string; pod: string; other: string; check: string; nsConfig: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const db = server.db;
    const nsConfig = await insertConfig(db, {
      type: 'Kubernetes::Namespace',
      name: 'shop',
      labels: { team: 'shop' },
      health: 'healthy',
    });
    await insertConfig(db, {
      type: 'Kubernetes::Pod',
      name: 'shop-web-1',
      namespace: 'shop',
      health: 'healthy',
    });
    const now = Date.now();
    await db.query(
      `INSERT INTO config_changes (config_id, change_type, summary, created_at) VALUES
         ($1, 'diff', 'labels changed', $2), ($1, 'diff', 'old change', $3)`,
      [nsConfig, new Date(now - 10 * 60_000), new Date(now - 3 * HOUR)],
    );
    const checks = await insertChecks(db, { name: 'shop', namespace: 'shop', labels: { team: 'shop' } }, [
      { name: 'shop-home', status: 'healthy' },
    ]);
    await db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message) VALUES
         ($1, $2, 12, true, 'recent'), ($1, $3, 40, false, 'too old')`,
      [checks['shop-home'], new Date(now - 5 * 60_000), new Date(now - 2 * HOUR)],
    );
    const topologyId = await insertTopology(db, 'shop-cluster', {
      components: [
        {
          name: 'shop',
          type: 'Namespace',
          checks: [{ selector: { name: 'shop-home' } }],
          configs: [{ types: ['Kubernetes::Namespace'], name: 'shop' }],
          lookup: { configs: [{ types: ['Kubernetes::Pod'], namespace: 'shop' }] },
          selectors: [{ name: 'billing-*' }],
        },
        { name: 'billing-gateway', type: 'Service' },
      ],
    });
    await reconcileTopology(server.ctx, topologyId);
    const c = await componentsByName(db, topologyId);
    ids = {
      shop: c.get('shop')!.id,
      pod: c.get('shop-web-1')!.id,
      other: c.get('billing-gateway')!.id,
      check: checks['shop-home']!,
      nsConfig,
    };
  });
  afterAll(async () => server?.close());

  const download = async (query: string) => {
    const res = await fetch(`${server.baseUrl}/api/snapshot/topology/${ids.shop}${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="snapshot-shop-.*\.zip"$/);
    return Buffer.from(await res.arrayBuffer());
  };

  it('zips the component subtree, its checks with results in the range and its items with their changes', async () => {
    const files = readZip(await download('?start=1h&related=false'));
    const names = [...files.keys()];
    expect(names).toEqual(
      expect.arrayContaining([
        'snapshot.json',
        `components/${ids.shop}.json`,
        `components/${ids.pod}.json`,
        `checks/${ids.check}.json`,
        `configs/${ids.nsConfig}.json`,
      ]),
    );
    // The namespace item and the pod's own item (linked by its lookup); no related components.
    expect(names.filter((k) => k.startsWith('configs/'))).toHaveLength(2);
    expect(names.filter((k) => k.startsWith('components/'))).toHaveLength(2);
    expect(names.some((k) => k.startsWith('related/'))).toBe(false);
    const shop = JSON.parse(files.get(`components/${ids.shop}.json`)!) as { name: string; checks: string[] };
    expect(shop.name).toBe('shop');
    expect(shop.checks).toEqual([ids.check]);
    const check = JSON.parse(files.get(`checks/${ids.check}.json`)!) as {
      checkStatuses: { message: string }[];
    };
    expect(check.checkStatuses.map((s) => s.message)).toEqual(['recent']);
    const ns = JSON.parse(files.get(`configs/${ids.nsConfig}.json`)!) as { changes: { summary: string }[] };
    expect(ns.changes.map((c) => c.summary)).toEqual(['labels changed']);
    const manifest = JSON.parse(files.get('snapshot.json')!) as { counts: Record<string, number> };
    expect(manifest.counts).toEqual({ components: 2, checks: 1, configs: 2, related: 0 });
  });

  it('adds related components when asked, and a longer range brings older results', async () => {
    const files = readZip(await download('?start=3h&related=true'));
    expect(files.has(`related/${ids.other}.json`)).toBe(true);
    const check = JSON.parse(files.get(`checks/${ids.check}.json`)!) as {
      checkStatuses: { message: string }[];
    };
    expect(check.checkStatuses.map((s) => s.message)).toEqual(['too old', 'recent']);
  });

  it.skipIf(!hasUnzip)('is a zip that the unzip tool accepts', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-')), 'snapshot.zip');
    fs.writeFileSync(file, await download(''));
    const out = execFileSync('unzip', ['-t', file]).toString();
    expect(out).toContain('No errors detected');
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('refuses unknown components and bad parameters', async () => {
    const missing = await fetch(
      `${server.baseUrl}/api/snapshot/topology/00000000-0000-4000-8000-000000000002`,
    );
    expect(missing.status).toBe(404);
    const badStart = await fetch(`${server.baseUrl}/api/snapshot/topology/${ids.shop}?start=yesterday-ish`);
    expect(badStart.status).toBe(400);
    expect(((await badStart.json()) as { error: string }).error).toMatch(/start/);
    const badRelated = await fetch(`${server.baseUrl}/api/snapshot/topology/${ids.shop}?related=perhaps`);
    expect(badRelated.status).toBe(400);
  });
});
