import { round } from './stats.js';
import type { BenchRow } from './types.js';

/**
 * The first, cold load of a page benchmark as a row of its own: the first navigation after
 * the server started, in a new browser context (empty cache: every script and style is
 * fetched), which is what a person opening the console first waits for. One run, so p50 and
 * p95 are that run; the budget is the warmed one (docs/benchmarks.md, Cold page loads).
 */
export function coldLoadRow(
  bench: string,
  what: string,
  driver: string,
  ms: number,
  budgetMs: number,
): BenchRow {
  return {
    bench,
    case: `${what}: first, cold load (first navigation after start, empty browser cache; one run)`,
    driver,
    p50Ms: round(ms),
    p95Ms: round(ms),
    budget: `≤ ${budgetMs} ms`,
    ok: ms <= budgetMs,
  };
}
