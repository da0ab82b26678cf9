import crypto from 'node:crypto';
import os from 'node:os';
import type { Config } from '../../config.js';

export type EngineOptions = {
  /** Runs in flight at once in this process (PLAYBOOK_RUN_CONCURRENCY). */
  concurrency: number;
  /** How long a claim holds without renewal; a process that dies loses its runs after this. */
  leaseMs: number;
  /** How often a running action's run is re-read (cancel) and its lease renewed. */
  watchMs: number;
  /** How often an idle engine looks for due runs without being notified. */
  pollMs: number;
  /** This process, as written in `claimed_by`. */
  owner: string;
  /** For retry jitter; tests fix it. */
  random: () => number;
};

export function engineOptions(
  config: Pick<Config, 'playbooks'>,
  changes: Partial<EngineOptions> = {},
): EngineOptions {
  return {
    concurrency: config.playbooks.runConcurrency,
    leaseMs: 30_000,
    watchMs: 1000,
    pollMs: 1000,
    owner: `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`,
    random: Math.random,
    ...changes,
  };
}
