/**
 * A second process for the kill -9 tests: one playbook run engine, with a short lease, working
 * until it is killed — on the PostgreSQL database in DATABASE_URL, or on the embedded database
 * in DATA_DIR. ENGINE_CONCURRENCY runs at once (default 4).
 */
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/pg.js';
import { runDuePlaybooks } from '../../src/playbooks/engine/index.js';
import { engineContext } from './engine-helpers.js';

const db = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, { poolSize: 4, statementTimeoutMs: 5000 })
  : await openPglite(process.env.DATA_DIR ?? '');
const ctx = engineContext(db);
process.stdout.write('ready\n');
await runDuePlaybooks(ctx, {
  owner: 'child-engine',
  leaseMs: 1500,
  watchMs: 200,
  concurrency: Number(process.env.ENGINE_CONCURRENCY ?? 4),
  wait: (ms) => new Promise((r) => setTimeout(r, ms)),
});
