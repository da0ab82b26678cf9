import type { SeedModule } from '../seed/types.js';

/**
 * A demo rule, so Settings › Notifications is not empty: failed checks tell the Platform team;
 * and a little history of it (sent, failed, silenced) on the demo's checks.
 */
export const notificationsSeed: SeedModule = {
  name: 'notifications',
  async run(tx) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO notifications (name, namespace, events, title, filter, team_id, repeat_interval, source, created_by)
       VALUES ('platform-check-failures', 'default', ARRAY['check.failed', 'check.passed'],
               'Check {{.check.name}} is {{.check.status}}', $1,
               (SELECT id FROM teams WHERE name = 'Platform' AND deleted_at IS NULL), '4h', 'demo',
               (SELECT id FROM people WHERE email = 'priya.raman@example.com'))
       RETURNING id`,
      ["'team' in check.labels && check.labels['team'] == 'platform'"],
    );
    const ruleId = rows[0]?.id;
    if (!ruleId) return;
    // Demo checks when the health seed made some; the rows read as history of those checks.
    await tx.query(
      `INSERT INTO notification_send_history (notification_id, created_at, first_observed, count, source_event,
         resource_id, resource_type, resource, status, recipient, body, error, duration_millis)
       SELECT $1, now() - make_interval(mins => o.minutes), now() - make_interval(mins => o.minutes + o.span),
         o.count, 'check.failed', c.id, 'check', jsonb_build_object('id', c.id, 'name', c.name, 'type', c.type),
         o.status, 'Platform', o.body, o.error, o.duration
       FROM (SELECT id, name, type, row_number() OVER (ORDER BY name) AS n FROM checks
             WHERE deleted_at IS NULL ORDER BY name LIMIT 3) c
       JOIN (VALUES
         (1, 'sent', 12, 0, 1, '<p><strong>Check failed</strong></p>', NULL::text, 184),
         (2, 'error', 95, 0, 1, '<p><strong>Check failed</strong></p>', 'hooks.slack.com answered HTTP 404: no_service', 412),
         (3, 'silenced', 30, 120, 4, NULL, NULL, NULL)
       ) AS o(n, status, minutes, span, count, body, error, duration) ON o.n = c.n`,
      [ruleId],
    );
  },
};
