/**
 * `npx tsx bench/sizing.ts`: bytes per check result, per catalog change and per playbook run on
 * PostgreSQL (pg_total_relation_size: heap, TOAST and indexes), for docs/deploy.md "Retention and
 * sizing". Rows are typical ones (see ROW SHAPES below); 20,000 of each smooth out page overhead.
 */
import { migrate } from '../apps/server/src/db/migrate.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import { startThrowawayPostgres } from '../apps/server/test/pg-server.js';

const N = 20_000;

const pg = await startThrowawayPostgres({ urlVariable: 'SIZING_DATABASE_URL' });
const db = await openPostgres(pg.url, { poolSize: 2, statementTimeoutMs: 0 });
try {
  await migrate(db);
  const id = async (sql: string) => (await db.query<{ id: string }>(sql)).rows[0]?.id ?? '';
  const canary = await id(`INSERT INTO canaries (name, spec) VALUES ('sizing', '{}') RETURNING id`);
  const size = async (tables: string[]) => {
    await db.exec(`VACUUM ANALYZE ${tables.join(', ')}`);
    const { rows } = await db.query<{ n: string }>(
      `SELECT sum(pg_total_relation_size(t::regclass))::bigint AS n FROM unnest($1::text[]) AS t`,
      [tables],
    );
    return Number(rows[0]?.n);
  };

  // ROW SHAPES. A check result: an HTTP check's message and details, 100 checks every 30 s.
  await db.exec(`INSERT INTO checks (canary_id, name, type)
    SELECT '${canary}', 'check-' || g, 'http' FROM generate_series(1, 100) g`);
  const before = await size(['check_statuses']);
  await db.exec(`INSERT INTO check_statuses (check_id, time, duration, status, message, details)
    SELECT c.id, now() - (g * interval '30 seconds'), 120 + g % 50, g % 20 <> 0,
           CASE WHEN g % 20 = 0 THEN 'expected status 200, got 503' ELSE '' END,
           jsonb_build_object('code', CASE WHEN g % 20 = 0 THEN 503 ELSE 200 END, 'sslAge', 86400 * 40)
    FROM (SELECT id, row_number() OVER () AS r FROM checks) c, generate_series(1, ${N / 100}) g`);
  const perStatus = ((await size(['check_statuses'])) - before) / N;

  // A catalog change: a Kubernetes object's diff (about 0.6 kB) with its patch and details.
  const item = await id(
    `INSERT INTO config_items (type, name) VALUES ('Kubernetes::Deployment', 'web') RETURNING id`,
  );
  const diff = `--- before\n+++ after\n@@ -12,7 +12,7 @@\n${'   spec:\n     replicas: 3\n'.repeat(12)}-        image: web:1.4.2\n+        image: web:1.4.3\n`;
  await db.query(
    `INSERT INTO config_changes (config_id, change_type, severity, source, summary, diff, patches, details, created_at)
     SELECT $1, 'diff', 'info', 'kubernetes', 'spec.template.spec.containers[0].image', $2 || g,
            jsonb_build_object('spec', jsonb_build_object('template', jsonb_build_object('spec',
              jsonb_build_object('containers', jsonb_build_array(jsonb_build_object('name', 'web', 'image', 'web:1.4.' || g)))))),
            jsonb_build_object('source', 'kubernetes', 'generation', g),
            now() - g * interval '1 minute'
     FROM generate_series(1, ${N}) g`,
    [item, diff],
  );
  const perChange = (await size(['config_changes'])) / N;

  // A playbook run: its spec (about 1 kB) and two exec actions with 2 kB of output each (hex
  // words: they compress about as well as command output does).
  const spec = JSON.stringify({
    description: 'Restart a deployment',
    parameters: [{ name: 'namespace', label: 'Namespace' }],
    actions: [
      { name: 'restart', exec: { script: 'kubectl rollout restart deploy/web -n {{.params.namespace}}' } },
      {
        name: 'wait',
        exec: { script: 'kubectl rollout status deploy/web -n {{.params.namespace}} --timeout=5m' },
      },
    ],
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`annotation${i}`, 'x'.repeat(40)])),
  });
  const playbook = await id(`INSERT INTO playbooks (name, spec) VALUES ('restart', '${spec}') RETURNING id`);
  const runs = N / 4;
  await db.query(
    `WITH r AS (
       INSERT INTO playbook_runs (playbook_id, spec, status, start_time, end_time, parameters)
       SELECT $1, $2::jsonb, 'completed', now(), now(), '{"namespace":"shop"}' FROM generate_series(1, ${runs})
       RETURNING id)
     INSERT INTO playbook_run_actions (name, status, playbook_run_id, start_time, end_time, result)
     SELECT a.name, 'completed', r.id, now(), now(),
            jsonb_build_object('stdout', (SELECT string_agg(md5(r.id::text || a.name || i), ' ') FROM generate_series(1, 62) i),
                               'stderr', '', 'exitCode', 0)
     FROM r, (VALUES ('restart'), ('wait')) a(name)`,
    [playbook, spec],
  );
  const perRun = (await size(['playbook_runs', 'playbook_run_actions'])) / runs;

  const kb = (n: number) => `${Math.round(n)} B`;
  console.log(
    `check result: ${kb(perStatus)}\ncatalog change: ${kb(perChange)}\nplaybook run (2 actions, 2 kB output each): ${kb(perRun)}`,
  );
} finally {
  await db.close();
  pg.stop();
}
