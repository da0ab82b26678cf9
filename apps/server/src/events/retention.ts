import { keepFor, retentionJob, type RetentionRule } from '../jobs/retention.js';

export const eventRetentionRules: RetentionRule[] = [
  {
    // Handled events leave the queue at once; failed ones stay for the Event Queue page.
    name: 'failed_events',
    table: 'event_queue',
    olderThan: 't.failed_at IS NOT NULL AND t.failed_at < now() - make_interval(secs => $1)',
    keep: keepFor('failedEvents'),
  },
];

/** Failed events past RETENTION_FAILED_EVENTS, daily. */
export const eventRetention = retentionJob('CleanupFailedEvents', '57 3 * * *', eventRetentionRules);
