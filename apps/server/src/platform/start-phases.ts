import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';

/**
 * Milliseconds since the process started at the end of each start-up phase, logged at debug
 * level (LOG_LEVEL=debug): where a slow start spends its time, without a profiler
 * (docs/benchmarks.md, Start-up).
 */
export function startPhases(log: Pick<Logger, 'debug'>): (phase: string) => void {
  return (phase) => log.debug(`start: ${phase} at ${Math.round(performance.now())} ms`);
}
