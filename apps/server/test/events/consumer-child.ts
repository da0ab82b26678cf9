/**
 * A second process for the event kill -9 test: the event consumer with every domain's real
 * handlers plus one slow handler of `config.created` (a domain named `slow`), draining until it
 * is killed — on the PostgreSQL database in DATABASE_URL, or on the embedded one in DATA_DIR.
 * The slow handler tells a loopback port it started (SIGNAL_PORT), then takes SLOW_MS.
 */
import net from 'node:net';
import { domains } from '../../src/domains.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/pg.js';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import type { DomainModule } from '../../src/platform/domain.js';
import { eventContext, testOptions } from './context.js';

const signalPort = Number(process.env.SIGNAL_PORT);
const slowMs = Number(process.env.SLOW_MS ?? 1500);

function signalStarted(): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(signalPort, '127.0.0.1', () => socket.end());
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

const slow: DomainModule = {
  name: 'slow',
  eventHandlers: {
    'config.created': async () => {
      await signalStarted();
      await new Promise((r) => setTimeout(r, slowMs));
    },
  },
};

const db = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, { poolSize: 4, statementTimeoutMs: 5000 })
  : await openPglite(process.env.DATA_DIR ?? '');
const ctx = eventContext(db);
process.stdout.write('ready\n');
for (;;) {
  await drainEvents(ctx, eventRegistryOf([...domains, slow]), testOptions(ctx));
  await new Promise((r) => setTimeout(r, 100));
}
