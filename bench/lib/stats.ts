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

export type Compared = { p50: number; p95: number; base50: number; base95: number };

/**
 * Times `subject` against its `baseline`, alternating the two so that noise from other
 * processes hits both alike; `warmup` unmeasured rounds first. p50/p95 of each in ms.
 */
export async function measureAgainst(
  subject: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
  iterations: number,
  warmup = 3,
): Promise<Compared> {
  for (let i = 0; i < warmup; i++) {
    await subject();
    await baseline();
  }
  const s: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < iterations; i++) {
    let t = performance.now();
    await baseline();
    b.push(performance.now() - t);
    t = performance.now();
    await subject();
    s.push(performance.now() - t);
  }
  s.sort((x, y) => x - y);
  b.sort((x, y) => x - y);
  return {
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    base50: percentile(b, 50),
    base95: percentile(b, 95),
  };
}

export const round = (n: number): number => Math.round(n * 100) / 100;
