import type { CelFunctions, TemplateFunction } from '../../expr/index.js';
import { anyFailed, latestAttempts, type ActionRow } from './plan.js';

/** An action row as `getAction()` / `getLastAction()` return it (`.result.stdout`, `.status`, `.error`). */
function asMap(row: ActionRow | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const time = (t: Date | string | null) => (t instanceof Date ? t.toISOString() : t);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    retry_count: row.retry_count,
    attempt: row.retry_count,
    start_time: time(row.start_time),
    end_time: time(row.end_time),
    result: row.result ?? {},
    error: row.error ?? '',
  };
}

/** The run's actions so far, as the functions of templates and `if` expressions read them. */
export class RunActions {
  constructor(private readonly rows: readonly ActionRow[]) {}

  /** The latest attempt of the named action. */
  get(name: string): Record<string, unknown> | null {
    return asMap(latestAttempts(this.rows).get(name));
  }

  /** The action that finished last. */
  last(): Record<string, unknown> | null {
    let last: ActionRow | undefined;
    for (const r of this.rows) {
      if (!r.end_time || r.status === 'skipped') continue;
      if (!last || new Date(r.end_time).getTime() >= new Date(last.end_time ?? 0).getTime()) last = r;
    }
    return asMap(last);
  }

  failed(): boolean {
    return anyFailed(this.rows);
  }

  timedOut(): boolean {
    return [...latestAttempts(this.rows).values()].some(
      (r) => r.status === 'failed' && /timed out/.test(r.error ?? ''),
    );
  }

  templateFunctions(): Record<string, TemplateFunction> {
    return {
      getAction: (name) => this.get(String(name)),
      getLastAction: () => this.last(),
    };
  }

  /** `success()` (nothing failed so far, the default), `failure()`, `always()`, `timeout()`, `skip()`. */
  celFunctions(): CelFunctions {
    return {
      'success(): bool': () => !this.failed(),
      'failure(): bool': () => this.failed(),
      'always(): bool': () => true,
      'timeout(): bool': () => this.timedOut(),
      'skip(): string': () => 'skip',
      'getAction(string): dyn': (name) => this.get(String(name)),
      'getLastAction(): dyn': () => this.last(),
    };
  }
}
