import { keepFor, retentionJob, type RetentionRule } from '../jobs/retention.js';

export const notificationRetentionRules: RetentionRule[] = [
  {
    // Pending rows still wait for wait_for: they are sent (or skipped) first.
    name: 'notification_send_history',
    table: 'notification_send_history',
    olderThan: `t.status <> 'pending' AND t.created_at < now() - make_interval(secs => $1)`,
    keep: keepFor('notificationHistory'),
  },
];

/** The send history past RETENTION_NOTIFICATION_HISTORY, daily. */
export const notificationRetention = retentionJob(
  'CleanupNotificationHistory',
  '7 4 * * *',
  notificationRetentionRules,
);
