import type { SeedModule } from '../seed/types.js';

/** A demo rule, so Settings › Notifications is not empty: failed checks tell the Platform team. */
export const notificationsSeed: SeedModule = {
  name: 'notifications',
  async run(tx) {
    await tx.query(
      `INSERT INTO notifications (name, namespace, events, title, filter, team_id, repeat_interval, source, created_by)
       VALUES ('platform-check-failures', 'default', ARRAY['check.failed', 'check.passed'],
               'Check {{.check.name}} is {{.check.status}}', $1,
               (SELECT id FROM teams WHERE name = 'Platform' AND deleted_at IS NULL), '4h', 'demo',
               (SELECT id FROM people WHERE email = 'priya.raman@example.com'))`,
      ["check.labels['team'] == 'platform'"],
    );
  },
};
