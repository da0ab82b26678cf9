import { openPostgres } from './src/db/pg.js';
import { dashboardPage } from './src/health/dashboard.js';
import { dashboardQuerySchema } from './src/health/dashboard-query.js';
const db = await openPostgres('postgres://postgres@127.0.0.1:55999/scale', { poolSize: 4, statementTimeoutMs: 60000 });
for (const qs of [{ hide_passing: 'true' }, {}, { window: '24h' }, { query: 'check-1', sort: 'uptime' }]) {
  const q = dashboardQuerySchema.parse(qs);
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const a = await dashboardPage(db, q);
    n = a.total;
    times.push(Math.round(performance.now() - t));
  }
  console.log(JSON.stringify(qs), times, n);
}
await db.close();
