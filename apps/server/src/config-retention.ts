import { parseDuration } from '@opsdeck/shared';

/**
 * How long each table that grows with use keeps its rows (docs/deploy.md, "Retention and
 * sizing"). Each value is a duration (`90d`, `12h`; a plain number counts days) or `off` to keep
 * everything; the retention jobs delete older rows in small batches.
 */
export type RetentionConfig = {
  /** Raw check results (the hourly and daily roll-ups are kept 400 days and 5 years). */
  checkStatuses: number | null;
  /** Catalog changes, except those an incident cites as evidence. */
  configChanges: number | null;
  /** Catalog items deleted (gone from their source) this long ago, with their changes. */
  deletedConfigItems: number | null;
  /** Events whose last attempt failed (the Event Queue page's failed rows). */
  failedEvents: number | null;
  /** The notification send history (not rows still waiting to be sent). */
  notificationHistory: number | null;
  /** Finished playbook runs with their actions' output and approvals. */
  playbookRuns: number | null;
  /** Finished job history rows. */
  jobHistory: number | null;
};

/** Variable, config key and default. */
const SETTINGS = [
  ['RETENTION_CHECK_STATUSES', 'checkStatuses', '30d'],
  ['RETENTION_CONFIG_CHANGES', 'configChanges', '90d'],
  ['RETENTION_DELETED_CONFIG_ITEMS', 'deletedConfigItems', '90d'],
  ['RETENTION_FAILED_EVENTS', 'failedEvents', '30d'],
  ['RETENTION_NOTIFICATION_HISTORY', 'notificationHistory', '90d'],
  ['RETENTION_PLAYBOOK_RUNS', 'playbookRuns', '90d'],
  ['RETENTION_JOB_HISTORY', 'jobHistory', '30d'],
] as const satisfies readonly (readonly [string, keyof RetentionConfig, string])[];

export type RetentionVariable = (typeof SETTINGS)[number][0];

/** Less than an hour is a typo, not a retention: rows would vanish while people look at them. */
const MIN_MS = 3_600_000;

/** The settings from the environment, or the message of the first value that is wrong. */
export function parseRetention(
  env: Partial<Record<RetentionVariable | 'CHECK_RETENTION_DAYS', string | number | undefined>>,
): RetentionConfig | string {
  const out: Partial<RetentionConfig> = {};
  for (const [name, key, fallback] of SETTINGS) {
    let value = env[name];
    // The older name of the check results' setting, in days.
    if (value === undefined && name === 'RETENTION_CHECK_STATUSES' && env.CHECK_RETENTION_DAYS !== undefined)
      value = `${env.CHECK_RETENTION_DAYS}d`;
    const text = String(value ?? fallback)
      .trim()
      .toLowerCase();
    if (text === 'off' || text === 'keep' || text === '0') {
      out[key] = null;
      continue;
    }
    const ms = parseDuration(text, { defaultUnit: 'd' });
    if (ms === undefined || ms < MIN_MS)
      return `${name}: expected a duration of at least 1h like 30d, 90d or 12h, or off to keep everything`;
    out[key] = ms;
  }
  return out as RetentionConfig;
}
