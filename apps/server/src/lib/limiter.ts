/**
 * Bounds how many tasks run at once: the checks of this process (CHECK_CONCURRENCY), a
 * Kubernetes scraper's requests in flight (`maxInflight`).
 */
export class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      // The finishing task hands its slot over directly, so `active` never exceeds max.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
