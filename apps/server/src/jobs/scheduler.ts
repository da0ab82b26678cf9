import { setMaxListeners } from 'node:events';
import { Cron } from 'croner';
import type { ServerContext } from '../context.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { recordJob, type JobOutcome } from './history.js';

export type JobDefinition = {
  name: string;
  /** Cron expression, or croner's interval syntax via `intervalSeconds`. */
  cron?: string;
  intervalSeconds?: number;
  /** Runs once shortly after start-up too. */
  runOnStart?: boolean;
  /**
   * false for dispatchers that tick every few seconds: a tick that found nothing to do
   * leaves no job_history row (the runs it starts record themselves).
   */
  recordEmptyRuns?: boolean;
  /** Returns counts (and details) for job_history; throwing marks the run FAILED. */
  run(ctx: ServerContext, signal: AbortSignal): Promise<JobOutcome>;
};

/**
 * One scheduler per process. It remembers the runs in flight so shutdown can wait for
 * them; jobs receive an AbortSignal and must stop promptly when it fires.
 */
export class Scheduler {
  private readonly crons: Cron[] = [];
  private readonly names: string[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(private readonly ctx: ServerContext) {
    // Every running job (and each check or scrape inside it) listens on this one signal.
    setMaxListeners(0, this.abort.signal);
  }

  register(job: JobDefinition): void {
    const trigger = () => {
      void this.trigger(job);
    };
    const cron = job.cron
      ? new Cron(job.cron, { protect: true }, trigger)
      : new Cron('* * * * * *', { protect: true, interval: job.intervalSeconds ?? 60 }, trigger);
    this.crons.push(cron);
    this.names.push(job.name);
    if (job.runOnStart) setTimeout(trigger, 1000).unref();
  }

  /** The jobs this process runs (none with ROLE=api). */
  registered(): readonly string[] {
    return this.names;
  }

  /** Runs a job now (also used by "run now" endpoints); resolves when it has finished. */
  trigger(job: JobDefinition): Promise<unknown> {
    if (this.stopped) return Promise.resolve();
    const p = recordJob(this.ctx, { name: job.name }, () => job.run(this.ctx, this.abort.signal), {
      skipEmpty: job.recordEmptyRuns === false,
    }).catch((e: unknown) => {
      // While the database is away every tick fails: the driver logs the outage once instead.
      if (isDatabaseUnavailable(e)) return;
      this.ctx.log.error({ err: e, job: job.name }, 'job failed');
    });
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  /** Stops scheduling, signals running jobs and waits for them (at most timeoutMs). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    for (const c of this.crons) c.stop();
    this.abort.abort();
    const all = Promise.allSettled([...this.running]);
    await Promise.race([all, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }
}
