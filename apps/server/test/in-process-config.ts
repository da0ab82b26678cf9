import crypto from 'node:crypto';
import { loadConfig, type Config } from '../src/config.js';

const PROCESS_KEY = crypto.randomBytes(24).toString('hex');

/**
 * The configuration of a server started inside a test or benchmark process: silent logs, any
 * free port, this process's secret key (one per process, as replicas of one database share
 * theirs: a server refuses a database sealed with another key), and no data folder, web build
 * or chart registry unless `env` and `overrides` name them.
 */
export function inProcessConfig(env: Record<string, string>, overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: '/nonexistent-data-dir',
      SECRET_KEY: PROCESS_KEY,
      // Peers on loopback only: a test that wants the chart registry starts one and names it.
      CHART_REGISTRY_URL: '',
      ...env,
    },
    { webDir: '/nonexistent-web', ...overrides },
  );
}
