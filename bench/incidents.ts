/**
 * Incidents benchmark (issue 16), on PostgreSQL through the real server and the built web app:
 *  - the incident list's first page with 50k incidents and their nested hypotheses: the list
 *    page's read of `incident_summary` (status open, newest first, exact count), and the nested
 *    read of incidents with hypotheses → evidences, commander and responders, as a viewer — p95
 *    ≤ 200 ms each;
 *  - an incident with 500 hypotheses: from navigation to the 500th node of the Action Plan tree
 *    in headless Chromium — ≤ 1 s.
 * BENCH_INCIDENTS changes the number of incidents (default 50000).
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../apps/server/src/db/types.js';
import { startBrowserBench } from './lib/browser-server.js';
import { measure, round } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const LIST_BUDGET_MS = 200;
const TREE_BUDGET_MS = 1000;
const TREE_SIZE = 500;

/** `count` incidents over 90 days, each with a root, two factors and evidence on each factor. */
export async function seedIncidents(db: Db, count: number): Promise<void> {
  await db.query(
    `INSERT INTO incidents (title, description, type, severity, status, created_at)
     SELECT 'Incident ' || g, 'seeded', (ARRAY['availability','cost','performance','security'])[1 + g % 4],
       (ARRAY['low','medium','high','critical'])[1 + g % 4],
       (ARRAY['open','open','investigating','mitigated','resolved','closed'])[1 + g % 6],
       now() - g * interval '150 seconds'
     FROM generate_series(1, $1) g`,
    [count],
  );
  await db.query(`INSERT INTO hypotheses (incident_id, type, title) SELECT id, 'root', title FROM incidents`);
  await db.query(
    `INSERT INTO hypotheses (incident_id, parent_id, type, title)
     SELECT h.incident_id, h.id, 'factor', 'Factor ' || f FROM hypotheses h, generate_series(1, 2) f WHERE h.type = 'root'`,
  );
  await db.query(
    `INSERT INTO evidences (hypothesis_id, type, description)
     SELECT id, 'comment', 'seen in the logs' FROM hypotheses WHERE type = 'factor'`,
  );
  await db.query('DELETE FROM event_queue');
  await db.query('VACUUM ANALYZE');
}

/** One incident whose Action Plan has TREE_SIZE hypotheses: a root, 50 factors, solutions under them. */
async function seedBigTree(db: Db): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO incidents (title, status) VALUES ('Big tree', 'open') RETURNING id`,
  );
  const id = rows[0]!.id;
  await db.query(`INSERT INTO hypotheses (incident_id, type, title) VALUES ($1, 'root', 'Root cause')`, [id]);
  await db.query(
    `INSERT INTO hypotheses (incident_id, parent_id, type, title)
     SELECT $1, (SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'root'), 'factor', 'Factor ' || f
     FROM generate_series(1, 50) f`,
    [id],
  );
  await db.query(
    `INSERT INTO hypotheses (incident_id, parent_id, type, title)
     SELECT $1, f.id, 'solution', 'Solution ' || row_number() OVER ()
     FROM (SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'factor') f, generate_series(1, 9) s
     LIMIT $2`,
    [id, TREE_SIZE - 51],
  );
  return id;
}

export const incidentsBench: BenchModule<BenchFigure> = {
  name: 'incidents',
  async run() {
    const count = Math.max(1000, Number(process.env.BENCH_INCIDENTS ?? 50_000));
    const bench = await startBrowserBench();
    try {
      await seedIncidents(bench.db, count);
      const get = async (path: string) => {
        const res = await fetch(`${bench.base}${path}`, {
          headers: { ...bench.headers, prefer: 'count=exact' },
        });
        if (res.status !== 200 && res.status !== 206)
          throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
        return res.json();
      };
      const summary = await measure(
        () => get('/api/db/incident_summary?status=eq.open&order=created_at.desc&limit=50&offset=0'),
        30,
        3,
      );
      const nested = await measure(
        () =>
          get(
            '/api/db/incidents?select=*,commander:commander_id(id,name,avatar),hypotheses(*,evidences(*)),responders(*)' +
              '&order=created_at.desc&limit=50&offset=0',
          ),
        30,
        3,
      );
      const treeId = await seedBigTree(bench.db);
      const page = await bench.newPage({ viewport: { width: 1440, height: 900 } });
      const tree: number[] = [];
      const apiEnd: number[] = [];
      for (let i = 0; i < 4; i++) {
        await page.goto('about:blank');
        const t0 = performance.now();
        await page.goto(`${bench.base}/incidents/${treeId}?tab=action-plan`);
        await page
          .getByRole('treeitem', { name: `Solution ${TREE_SIZE - 51}`, exact: true })
          .waitFor({ state: 'attached', timeout: 60_000 });
        tree.push(performance.now() - t0);
        // Where the time went: the incident's data-API answer within the navigation.
        apiEnd.push(
          Number(
            await page.evaluate(
              `Math.round(Math.max(0, ...performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/db/incidents')).map((e) => e.responseEnd)))`,
            ),
          ),
        );
      }
      const treeMs = tree.slice(1).sort((a, b) => a - b)[1]!;
      console.error(
        `  incidents, ${count}: summary p50 ${summary.p50.toFixed(1)} ms, nested p50 ${nested.p50.toFixed(1)} ms; ` +
          `tree of ${TREE_SIZE}: ${tree.map((t) => t.toFixed(0)).join(', ')} ms (incident answered at ${apiEnd.join(', ')} ms)`,
      );
      return [
        {
          figure: `incident list first page (incident_summary, open, newest 50, exact count) over ${count} incidents, viewer, p95`,
          value: round(summary.p95),
          unit: 'ms',
          budget: `≤ ${LIST_BUDGET_MS} ms`,
          ok: summary.p95 <= LIST_BUDGET_MS,
        },
        {
          figure: `incidents first page with nested hypotheses → evidences, commander, responders over ${count} incidents, p95`,
          value: round(nested.p95),
          unit: 'ms',
          budget: `≤ ${LIST_BUDGET_MS} ms`,
          ok: nested.p95 <= LIST_BUDGET_MS,
        },
        {
          figure: `incident with ${TREE_SIZE} hypotheses: navigation to the whole Action Plan tree in Chromium (median of 3 warm)`,
          value: round(treeMs),
          unit: 'ms',
          budget: `≤ ${TREE_BUDGET_MS} ms`,
          ok: treeMs <= TREE_BUDGET_MS,
        },
      ];
    } finally {
      await bench.close();
    }
  },
};
