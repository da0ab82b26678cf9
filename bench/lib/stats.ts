import { performance } from 'node:perf_hooks';

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times; p50/p95 in ms. */
export async function measure(
  fn: () => Promise<unknown>,
  iterations: number,
  warmup = 10,
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export const round = (n: number): number => Math.round(n * 100) / 100;
