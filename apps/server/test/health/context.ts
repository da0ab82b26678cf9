import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/types.js';
import type { HealthContext } from '../../src/health/runtime.js';
import { createMetrics } from '../../src/platform/metrics.js';

/** A health context over a database, as one server replica would have it. */
export function healthContext(db: Db, env: Record<string, string> = {}): HealthContext {
  return {
    db,
    config: loadConfig({ LOG_LEVEL: 'silent', PORT: '0', DATA_DIR: '/tmp', ...env }),
    metrics: createMetrics(db),
    log: pino({ level: 'silent' }),
  };
}
