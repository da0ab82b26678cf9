import type { Db, Queryable } from '../db/types.js';
import { refreshCheckStats } from '../health/index.js';

/** How often one check's stats are recomputed while its agent keeps pushing results. */
export const STATS_PACE_MS = 2000;

/** Beyond this many remembered checks, those not refreshed within a pace are forgotten. */
const REMEMBERED_MAX = 50_000;

/**
 * Pushed results refresh their checks' trailing-hour stats (refreshCheckStats reads the last
 * hour of each check's statuses: tens of milliseconds for a hundred checks). An agent catching
 * up sends page after page naming the same checks, and recomputing them for every page was
 * most of a page's cost. So a check is refreshed at once, in the push's own transaction, when
 * it was not refreshed within STATS_PACE_MS; otherwise it is refreshed with the others pushed
 * meanwhile once that time has passed. A single push shows in the summary at once; during a
 * catch-up the uptime and latency shown are at most STATS_PACE_MS behind (the check's status
 * is a column of the pushed check row and is never paced). Per process: each API replica paces
 * the pushes it takes. Pending refreshes are lost if the process stops; the next push of those
 * checks makes them current again.
 */
export class PushedStatsPacer {
  private readonly refreshedAt = new Map<string, number>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly paceMs = STATS_PACE_MS,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  /** In the push's transaction: refreshes the checks that are due, schedules the rest. */
  async pushed(tx: Queryable, checkIds: readonly string[]): Promise<void> {
    const now = Date.now();
    const due: string[] = [];
    for (const id of checkIds) {
      if (this.pending.has(id)) continue;
      if (now - (this.refreshedAt.get(id) ?? -Infinity) >= this.paceMs) due.push(id);
      else this.pending.add(id);
    }
    if (due.length) {
      await refreshCheckStats(tx, due);
      this.remember(due, now);
    }
    if (this.pending.size && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flushing = this.flush();
      }, this.paceMs);
      // A pending refresh does not keep the process alive.
      this.timer.unref();
    }
  }

  /** Refreshes what is pending now (tests, and the timer). */
  async flush(): Promise<void> {
    await this.flushing;
    if (!this.pending.size) return;
    const ids = [...this.pending];
    this.pending.clear();
    const now = Date.now();
    try {
      await refreshCheckStats(this.db, ids);
      this.remember(ids, now);
    } catch (e) {
      this.onError(e);
    }
  }

  private remember(ids: readonly string[], at: number): void {
    if (this.refreshedAt.size > REMEMBERED_MAX) {
      for (const [id, t] of this.refreshedAt) if (at - t >= this.paceMs) this.refreshedAt.delete(id);
    }
    for (const id of ids) this.refreshedAt.set(id, at);
  }
}
