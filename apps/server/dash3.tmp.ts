import { openPostgres } from './src/db/pg.js';
import { summaryEntries } from './src/health/summary.js';
const db = await openPostgres('postgres://postgres@127.0.0.1:55999/scale', { poolSize: 4, statementTimeoutMs: 60000 });
for (let i = 0; i < 2; i++) {
const t = performance.now();
await summaryEntries(db, { windowMs: 86_400_000 });
console.log('all 24h', Math.round(performance.now() - t));
}
await db.close();
