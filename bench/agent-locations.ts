/**
 * What results from several locations add to an agent's push (docs/health.md, "Locations and
 * quorum"): an agent on its embedded database pushes BENCH_LOCATION_ROWS (default 200k) results
 * of its own checks (check_statuses), then as many results it ran as one location of the
 * upstream's located checks (check_location_statuses, which the upstream stores and decides the
 * checks' quorum from, page by page), to an upstream on PostgreSQL over loopback HTTP, in the
 * default page size — the code the AgentPushUpstream job runs. Budget: a location result costs
 * at most 10 % more per row than a plain result, and every row arrives.
 */
import { performance } from 'node:perf_hooks';
import { LOCAL_AGENT_ID } from '@opsdeck/shared';
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

const EXTRA_COST_BUDGET = 0.1;
const CHECKS = 100;
const AGENT = 'bench-edge';

const count = async (db: Db, sql: string) =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`)).rows[0]?.n);

const checkId = (prefix: string) =>
  `('${prefix}-0000-0000-0000-' || lpad((g % ${CHECKS} + 1)::text, 12, '0'))::uuid`;

/** The upstream's located canary, run here and at the agent, with CHECKS checks. */
async function locatedCanary(up: Db): Promise<void> {
  await up.query(
    `INSERT INTO canaries (id, name, namespace, agent_id, spec) VALUES ('40000000-0000-0000-0000-000000000001',
       'bench-located', 'bench', $1, $2)`,
    [
      LOCAL_AGENT_ID,
      JSON.stringify({
        locations: ['local', { agent: AGENT }],
        http: [{ name: 'home', url: 'http://127.0.0.1:9/' }],
      }),
    ],
  );
  await up.query(
    `INSERT INTO checks (id, canary_id, agent_id, name, namespace, type, status)
     SELECT ${checkId('50000000')}, '40000000-0000-0000-0000-000000000001', $1, 'located-' || g, 'bench', 'http', 'healthy'
     FROM generate_series(0, ${CHECKS - 1}) g`,
    [LOCAL_AGENT_ID],
  );
}

/** The agent's own canary and checks, pushed before anything is measured. */
async function ownChecks(agent: Db): Promise<void> {
  await agent.query(
    `INSERT INTO canaries (id, name) VALUES ('20000000-0000-0000-0000-000000000001', 'bench')`,
  );
  await agent.query(
    `INSERT INTO checks (id, canary_id, name, type, status)
     SELECT ${checkId('30000000')}, '20000000-0000-0000-0000-000000000001', 'check-' || g, 'http', 'healthy'
     FROM generate_series(0, ${CHECKS - 1}) g`,
  );
}

/** `rows` results, one a second per check, as the agent's runs leave them. */
async function results(
  agent: Db,
  table: 'check_statuses' | 'check_location_statuses',
  rows: number,
): Promise<void> {
  const slice = 100_000;
  for (let from = 0; from < rows; from += slice) {
    const location = table === 'check_location_statuses';
    await agent.query(
      `INSERT INTO ${table} (check_id, ${location ? 'location, ' : ''}time, status, duration, message)
       SELECT ${checkId(location ? '50000000' : '30000000')}, ${location ? `'${LOCAL_AGENT_ID}', ` : ''}
              timestamptz '2026-01-01' + make_interval(secs => g), g % 7 <> 0, g % 500, 'ok'
       FROM generate_series($1::int, $2::int) g`,
      [from, Math.min(from + slice, rows) - 1],
    );
  }
}

export const agentLocationsBench: BenchModule<BenchFigure> = {
  name: 'agent-locations',
  async run() {
    const rows = Math.max(1000, Number(process.env.BENCH_LOCATION_ROWS ?? 200_000));
    const pageSize = inProcessConfig({ UPSTREAM_URL: 'https://upstream.invalid', UPSTREAM_TOKEN: 't' }).agent
      ?.pageSize;
    if (!pageSize) throw new Error('an agent configuration has no page size');
    const pg = await benchPostgres();
    const upDb = await openPostgres(pg.url, { poolSize: 10, statementTimeoutMs: 600_000 });
    const agentDb = await openPglite(null);
    try {
      const upstream = await startServer(inProcessConfig({ AUTH_MODE: 'builtin', DATABASE_URL: pg.url }), {
        db: upDb,
        scheduler: false,
      });
      try {
        const generated = await generateAgent(upDb, { name: AGENT, properties: {} }, null);
        await locatedCanary(upDb);
        await migrate(agentDb);
        const base = upstream.url.replace('[::1]', '127.0.0.1');
        const client = new UpstreamClient(
          { upstreamUrls: [base], token: generated.access_token, name: AGENT, pageSize },
          { allowLinkLocal: false, denyPrivate: false, denyLoopback: false },
        );
        const push = async () => {
          const started = performance.now();
          const pushed = await pushPending(agentDb, client, { rows: pageSize, bytes: PUSH_PAGE_BYTES });
          return { ...pushed, seconds: (performance.now() - started) / 1000 };
        };
        await ownChecks(agentDb);
        await push();

        console.error(`agent-locations: ${rows} results of the agent's own checks…`);
        await results(agentDb, 'check_statuses', rows);
        const plain = await push();
        console.error(`agent-locations: ${rows} results as a location of the upstream's checks…`);
        await results(agentDb, 'check_location_statuses', rows);
        const located = await push();
        await client.close();

        const arrived = {
          plain: await count(upDb, `check_statuses WHERE check_id::text LIKE '30000000-%'`),
          located: await count(upDb, `check_location_statuses WHERE location = '${generated.id}'`),
        };
        const plainRate = Math.round(plain.pushed / plain.seconds);
        const locatedRate = Math.round(located.pushed / located.seconds);
        const extra = plainRate / locatedRate - 1;
        console.error(
          `agent-locations: plain ${plain.pushed} rows in ${plain.seconds.toFixed(1)} s (${plainRate} rows/s), ` +
            `located ${located.pushed} rows in ${located.seconds.toFixed(1)} s (${locatedRate} rows/s); ` +
            `arrived ${arrived.plain} + ${arrived.located}, refused ${plain.refused + located.refused}`,
        );
        const allArrived = arrived.plain === rows && arrived.located === rows;
        return [
          {
            figure: `agent push of ${rows} location results → PostgreSQL upstream (pages of ${pageSize}), cost per row beyond plain results`,
            value: Math.round(extra * 1000) / 10,
            unit: '%',
            budget: `≤ ${EXTRA_COST_BUDGET * 100} %, all arrive`,
            ok: extra <= EXTRA_COST_BUDGET && allArrived,
          },
          {
            figure: `agent push of ${rows} location results (plain results: ${plainRate} rows/s)`,
            value: locatedRate,
            baseline: plainRate,
            unit: 'rows/s',
            budget: 'the row above',
            ok: allArrived,
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
