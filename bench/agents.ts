/**
 * Agents benchmark (issue 18): an agent on its embedded database (PGlite) pushes
 * BENCH_AGENT_CONFIGS (default 100k) config items and BENCH_AGENT_STATUSES (default 1M) check
 * statuses to an upstream server on PostgreSQL, over loopback HTTP, in pages of the size an
 * agent uses by default (UPSTREAM_PAGE_SIZE's default, read from config.ts; BENCH_AGENT_PAGE_SIZE
 * measures another size, and the row then says it is not the default) — the code the
 * AgentPushUpstream job runs (pushPending) against the real /api/upstream/push. Budget:
 * ≥ 10,000 rows/s, with every row arriving once and none left pending on the agent.
 */
import { performance } from 'node:perf_hooks';
import { PUSH_PAGE_BYTES, pushPending } from '../apps/server/src/agents/agent-push.js';
import { generateAgent } from '../apps/server/src/agents/generate.js';
import { UpstreamClient } from '../apps/server/src/agents/upstream-client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { openPglite } from '../apps/server/src/db/pglite.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import { startServer } from '../apps/server/src/server.js';
import { inProcessConfig } from '../apps/server/test/in-process-config.js';
import { benchPostgres } from './lib/postgres.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const ROWS_PER_SECOND_BUDGET = 10_000;

const count = async (db: Db, sql: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`)).rows[0]?.n);

/** What an agent's scrapes and checks leave behind: one scraper's items, one canary's check results. */
async function fillAgent(db: Db, configs: number, statuses: number): Promise<void> {
  await db.query(
    `INSERT INTO config_scrapers (id, name) VALUES ('10000000-0000-0000-0000-000000000001', 'bench')`,
  );
  await db.query(
    `INSERT INTO config_items (scraper_id, type, name, namespace, external_id, labels, config, health, status)
     SELECT '10000000-0000-0000-0000-000000000001', 'Kubernetes::Pod', 'pod-' || g, 'ns-' || (g % 50),
            ARRAY['pod-' || g], jsonb_build_object('app', 'app-' || (g % 100)),
            jsonb_build_object('kind', 'Pod', 'spec', jsonb_build_object('replicas', g % 5)), 'healthy', 'Running'
       FROM generate_series(1, $1) g`,
    [configs],
  );
  await db.query(`INSERT INTO canaries (id, name) VALUES ('20000000-0000-0000-0000-000000000001', 'bench')`);
  const checks = 100;
  await db.query(
    `INSERT INTO checks (id, canary_id, name, type, status)
     SELECT ('30000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid,
            '20000000-0000-0000-0000-000000000001', 'check-' || g, 'http', 'healthy'
       FROM generate_series(1, $1) g`,
    [checks],
  );
  // In slices: one statement of a million rows is heavy for the embedded database.
  const slice = 100_000;
  for (let from = 0; from < statuses; from += slice) {
    await db.query(
      `INSERT INTO check_statuses (check_id, time, status, duration, message)
       SELECT ('30000000-0000-0000-0000-' || lpad((g % $3 + 1)::text, 12, '0'))::uuid,
              timestamptz '2026-01-01' + make_interval(secs => g), g % 7 <> 0, g % 500, 'ok'
         FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(from + slice, statuses) - 1, checks],
    );
  }
}

export const agentsBench: BenchModule<BenchFigure> = {
  name: 'agents',
  async run() {
    const configs = Math.max(100, Number(process.env.BENCH_AGENT_CONFIGS ?? 100_000));
    const statuses = Math.max(100, Number(process.env.BENCH_AGENT_STATUSES ?? 1_000_000));
    // The production default, as an agent configured with only UPSTREAM_URL and UPSTREAM_TOKEN gets it.
    const defaultPageSize = inProcessConfig({ UPSTREAM_URL: 'https://upstream.invalid', UPSTREAM_TOKEN: 't' })
      .agent?.pageSize;
    if (!defaultPageSize) throw new Error('an agent configuration has no page size');
    const pageSize = Math.max(1, Number(process.env.BENCH_AGENT_PAGE_SIZE ?? defaultPageSize));
    const sizeNote = pageSize === defaultPageSize ? 'the default' : `not the default ${defaultPageSize}`;
    const pg = await benchPostgres();
    const upDb = await openPostgres(pg.url, { poolSize: 10, statementTimeoutMs: 600_000 });
    const agentDb = await openPglite(null);
    try {
      const upstream = await startServer(inProcessConfig({ AUTH_MODE: 'builtin', DATABASE_URL: pg.url }), {
        db: upDb,
        scheduler: false,
      });
      try {
        const generated = await generateAgent(upDb, { name: 'bench-agent', properties: {} }, null);
        await migrate(agentDb);
        console.error(
          `agents: filling the agent with ${configs} config items and ${statuses} check statuses…`,
        );
        await fillAgent(agentDb, configs, statuses);
        const pending = (await count(agentDb, 'config_items')) + (await count(agentDb, 'check_statuses'));
        const base = upstream.url.replace('[::1]', '127.0.0.1');
        const agentConfig = { upstreamUrls: [base], token: generated.access_token, name: 'bench', pageSize };
        const client = new UpstreamClient(agentConfig, {
          allowLinkLocal: false,
          denyPrivate: false,
          denyLoopback: false,
        });
        const started = performance.now();
        const pushed = await pushPending(agentDb, client, { rows: pageSize, bytes: PUSH_PAGE_BYTES });
        const seconds = (performance.now() - started) / 1000;
        await client.close();
        const arrived =
          (await count(upDb, `config_items WHERE agent_id = '${generated.id}'`)) +
          (await count(upDb, 'check_statuses'));
        const left =
          (await count(agentDb, 'config_items WHERE NOT is_pushed')) +
          (await count(agentDb, 'check_statuses WHERE NOT is_pushed'));
        const rate = Math.round(pushed.pushed / seconds);
        console.error(
          `agents: pushed ${pushed.pushed} rows (${pending} items + statuses) in ${seconds.toFixed(1)} s = ${rate} rows/s; ` +
            `arrived ${arrived}, left pending ${left}, refused ${pushed.refused}, deferred ${pushed.deferred}`,
        );
        return [
          {
            figure: `agent push, ${configs} config items + ${statuses} check statuses → PostgreSQL upstream (pages of ${pageSize}, ${sizeNote})`,
            value: rate,
            unit: 'rows/s',
            budget: `≥ ${ROWS_PER_SECOND_BUDGET} rows/s, all arrive once`,
            // Only the production default can meet the budget.
            ok:
              rate >= ROWS_PER_SECOND_BUDGET &&
              arrived === pending &&
              left === 0 &&
              pageSize === defaultPageSize,
          },
        ];
      } finally {
        await upstream.stop();
      }
    } finally {
      await agentDb.close();
      await upDb.close();
      await pg.stop();
    }
  },
};
