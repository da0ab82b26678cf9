/**
 * A second process for the kill -9 test: one playbook run engine on the PostgreSQL database in
 * DATABASE_URL, with a short lease, working until it is killed.
 */
import { openPostgres } from '../../src/db/pg.js';
import { runDuePlaybooks } from '../../src/playbooks/engine/index.js';
import { engineContext } from './engine-helpers.js';

const db = await openPostgres(process.env.DATABASE_URL ?? '', { poolSize: 4, statementTimeoutMs: 5000 });
const ctx = engineContext(db);
process.stdout.write('ready\n');
await runDuePlaybooks(ctx, {
  owner: 'child-engine',
  leaseMs: 1500,
  watchMs: 200,
  wait: (ms) => new Promise((r) => setTimeout(r, ms)),
});
