import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { peerUnavailable, startAlertmanager, type AlertmanagerPeer } from '../peers/index.js';
import { directOpts } from './check-opts.js';

const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };
const why = peerUnavailable('alertmanager');

type Alert = { alertname: string; labels?: Record<string, string>; message?: string };

describe.skipIf(why)('alertmanager runner against a real Alertmanager', () => {
  let am: AlertmanagerPeer;

  /** Posts alerts as Prometheus does (firing until endsAt, an hour from now). */
  async function fire(alerts: Alert[]) {
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await fetch(`${am.url}/api/v2/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        alerts.map((a) => ({
          labels: { alertname: a.alertname, ...a.labels },
          annotations: a.message ? { summary: a.message } : {},
          endsAt,
        })),
      ),
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    am = await startAlertmanager();
    await fire([
      {
        alertname: 'KubePodCrashLooping',
        labels: { namespace: 'payments', pod: 'api-1' },
        message: 'pod restarts',
      },
      { alertname: 'KubeSchedulerDown', labels: { severity: 'critical' } },
      { alertname: 'DiskFull', labels: { namespace: 'elastic-system', node: 'n1' }, message: 'disk 95%' },
    ]);
    // The API lists posted alerts at once, but give it a moment under load.
    for (let i = 0; i < 50; i++) {
      const list = (await (await fetch(`${am.url}/api/v2/alerts`)).json()) as unknown[];
      if (list.length === 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(() => am?.stop());

  it('fails while matching alerts fire, naming them, and applies ignore and exclude_filters', async () => {
    const r = await executeCheck(
      'alertmanager',
      {
        url: am.url,
        alerts: ['Kube.*', 'Disk.*'],
        ignore: ['KubeScheduler.*'],
        exclude_filters: { namespace: 'elastic-system' },
      },
      opts,
    );
    expect(r.pass).toBe(false);
    expect(r.error).toBe('1 alerts firing: KubePodCrashLooping/payments/api-1 (pod restarts)');
    const alerts = r.details.alerts as {
      name: string;
      labels: Record<string, string>;
      fingerprint: string;
    }[];
    expect(alerts.map((a) => a.name)).toEqual(['KubePodCrashLooping/payments/api-1']);
    expect(alerts[0]?.fingerprint).toMatch(/^[0-9a-f]+$/);
    expect(r.details.results).toEqual({ alerts });
  });

  it('lists every firing alert without filters; label filters narrow them', async () => {
    const all = await executeCheck('alertmanager', { url: am.url }, opts);
    expect(all.error).toMatch(/^3 alerts firing: /);
    expect(all.error).toContain('DiskFull/elastic-system/n1 (disk 95%)');
    const critical = await executeCheck(
      'alertmanager',
      { url: am.url, filters: { severity: 'crit.*' } },
      opts,
    );
    expect(critical.error).toBe('1 alerts firing: KubeSchedulerDown');
  });

  it('passes when nothing matches, and lets the test expression decide', async () => {
    const none = await executeCheck('alertmanager', { url: am.url, alerts: ['NoSuchAlert'] }, opts);
    expect(none).toMatchObject({ pass: true, message: 'no matching alerts are firing' });
    const tested = await executeCheck(
      'alertmanager',
      {
        url: am.url,
        test: { expr: "size(results.alerts) == 3 && alerts.exists(a, a.message == 'disk 95%')" },
      },
      opts,
    );
    expect(tested.pass).toBe(true);
  });

  it('fails clearly when Alertmanager is not there', async () => {
    const r = await executeCheck('alertmanager', { url: 'http://127.0.0.1:9' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/ECONNREFUSED/);
  });
});

describe('alertmanager schema', () => {
  it('refuses a check without url or connection', async () => {
    const r = await executeCheck('alertmanager', { alerts: ['x'] }, opts);
    expect(r.error).toBe('invalid alertmanager check: url: url or connection is required');
  });
});
