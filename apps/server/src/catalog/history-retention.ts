import { keepFor, retentionJob, type RetentionRule } from '../jobs/retention.js';

// An incident's evidence may cite a change or an item (evidences has no ON DELETE action): those
// stay as long as the incident does.
const NOT_EVIDENCE = 'NOT EXISTS (SELECT 1 FROM evidences e WHERE e.config_change_id = t.id)';
const ITEM_NOT_EVIDENCE = `NOT EXISTS (SELECT 1 FROM evidences e WHERE e.config_id = t.id)
  AND NOT EXISTS (SELECT 1 FROM evidences e JOIN config_changes c ON c.id = e.config_change_id WHERE c.config_id = t.id)`;

export const catalogRetentionRules: RetentionRule[] = [
  {
    name: 'config_changes',
    table: 'config_changes',
    olderThan: `t.created_at < now() - make_interval(secs => $1) AND ${NOT_EVIDENCE}`,
    keep: keepFor('configChanges'),
  },
  {
    // Items gone from their source long ago, with their changes, insights and relationships.
    name: 'deleted_config_items',
    table: 'config_items',
    olderThan: `t.deleted_at IS NOT NULL AND t.deleted_at < now() - make_interval(secs => $1) AND ${ITEM_NOT_EVIDENCE}`,
    keep: keepFor('deletedConfigItems'),
    batchSize: 200,
  },
];

/**
 * Catalog history past RETENTION_CONFIG_CHANGES and RETENTION_DELETED_CONFIG_ITEMS, daily; a
 * scraper's own `retention` (catalog/retention.ts) may remove its changes sooner.
 */
export const catalogRetention = retentionJob('CleanupConfigChanges', '47 3 * * *', catalogRetentionRules);
