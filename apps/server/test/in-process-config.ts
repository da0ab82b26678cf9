import crypto from 'node:crypto';
import { loadConfig, type Config } from '../src/config.js';

/**
 * The configuration of a server started inside a test or benchmark process: silent logs, any
 * free port, a fresh secret key, and no data folder or web build unless `env` and `overrides`
 * name them.
 */
export function inProcessConfig(env: Record<string, string>, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: '/nonexistent-data-dir',
      SECRET_KEY: crypto.randomBytes(24).toString('hex'),
      ...env,
    },
    { webDir: '/nonexistent-web', ...overrides },
  );
}
