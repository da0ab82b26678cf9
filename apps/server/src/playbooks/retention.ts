import { keepFor, retentionJob, type RetentionRule } from '../jobs/retention.js';

const FINISHED = `('completed', 'failed', 'cancelled', 'timed_out')`;

export const playbookRetentionRules: RetentionRule[] = [
  {
    // Top-level runs that ended long ago; their actions (with the output), approvals and child
    // runs go with them (ON DELETE CASCADE). A run with a child still going stays.
    name: 'playbook_runs',
    table: 'playbook_runs',
    olderThan: `t.parent_id IS NULL AND t.status IN ${FINISHED}
      AND coalesce(t.end_time, t.created_at) < now() - make_interval(secs => $1)
      AND NOT EXISTS (SELECT 1 FROM playbook_runs c WHERE c.parent_id = t.id AND c.status NOT IN ${FINISHED})`,
    keep: keepFor('playbookRuns'),
    batchSize: 500,
  },
];

/** Finished playbook runs past RETENTION_PLAYBOOK_RUNS, daily. */
export const playbookRetention = retentionJob('CleanupPlaybookRuns', '27 4 * * *', playbookRetentionRules);
