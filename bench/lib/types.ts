/** A latency line: p50/p95 of the layer under test next to a baseline measured in the same run. */
export type BenchRow = {
  bench: string;
  case: string;
  driver: string;
  p50Ms: number;
  p95Ms: number;
  /** The same work without the layer under test. */
  baselineP50Ms?: number;
  baselineP95Ms?: number;
  /** p50 / baseline p50. */
  ratio?: number;
  budget?: string;
  ok?: boolean;
};

/** A single figure with its unit (throughput, a duration), as some benchmarks report. */
export type BenchFigure = {
  figure: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
  baseline?: number;
};

/** A benchmark module: `bench/run.ts` lists them and prints their results in one table. */
export type BenchModule<R extends BenchRow | BenchFigure = BenchRow | BenchFigure> = {
  name: string;
  run(): Promise<R[]>;
};
