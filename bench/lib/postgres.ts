import pg from 'pg';
import { startThrowawayPostgres } from '../../apps/server/test/pg-server.js';

/**
 * A PostgreSQL database for a benchmark: a fresh database on BENCH_DATABASE_URL's server,
 * or a throw-away server started with initdb/pg_ctl (as the test setup does).
 */
export async function benchPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const name = `opsdeck_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: given });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return {
      url: given.replace(/\/[^/]*$/, `/${name}`),
      async stop() {
        const c = new pg.Client({ connectionString: given });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const server = await startThrowawayPostgres({ urlVariable: 'BENCH_DATABASE_URL' });
  return { url: server.url, stop: async () => server.stop() };
}
