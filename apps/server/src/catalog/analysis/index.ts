import type { Db } from '../../db/types.js';
import type { StoredItem } from '../store.js';
import { certificateExpiry, publicAccess } from './exposure.js';
import type { Analyser, Insight } from './types.js';
import { latestImageTag, missingLimits, privilegedContainers } from './workloads.js';

/** Every analyser; adding one is one line here. */
export const ANALYSERS: Analyser[] = [
  privilegedContainers,
  missingLimits,
  latestImageTag,
  publicAccess,
  certificateExpiry,
];

export const ANALYSIS_SOURCE = 'opsdeck';

/**
 * Runs the analysers over stored items and saves insights: new ones open, seen ones refreshed
 * (last_observed), and ours that no longer apply to a scanned item resolved.
 * Returns how many insights are open for these items.
 */
export async function analyseItems(
  db: Db,
  scraperId: string,
  stored: StoredItem[],
  now = new Date(),
): Promise<number> {
  const rows: (Insight & { config_id: string })[] = [];
  for (const s of stored) {
    for (const a of ANALYSERS)
      for (const insight of a(s.item, now)) rows.push({ ...insight, config_id: s.id });
  }
  const json = JSON.stringify(
    rows.map((r) => ({
      config_id: r.config_id,
      analyzer: r.analyzer,
      analysis_type: r.analysisType,
      severity: r.severity,
      summary: r.summary,
      message: r.message,
      analysis: r.analysis ?? null,
    })),
  );
  await db.query(
    `INSERT INTO config_analysis (config_id, scraper_id, analyzer, analysis_type, severity, status, summary, message,
       analysis, source, first_observed, last_observed)
     SELECT r.config_id, $2, r.analyzer, r.analysis_type, r.severity, 'open', r.summary, r.message, r.analysis, $3, now(), now()
     FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, analyzer text, analysis_type text, severity text,
       summary text, message text, analysis jsonb)
     ON CONFLICT (config_id, analyzer) DO UPDATE SET
       analysis_type = EXCLUDED.analysis_type, severity = EXCLUDED.severity, summary = EXCLUDED.summary,
       message = EXCLUDED.message, analysis = EXCLUDED.analysis, last_observed = now(), status = 'open',
       first_observed = CASE WHEN config_analysis.status = 'open' THEN config_analysis.first_observed ELSE now() END`,
    [json, scraperId, ANALYSIS_SOURCE],
  );
  await db.query(
    `UPDATE config_analysis ca SET status = 'resolved', last_observed = now()
     WHERE ca.config_id = ANY($2::uuid[]) AND ca.source = $3 AND ca.status = 'open'
       AND NOT EXISTS (
         SELECT 1 FROM jsonb_to_recordset($1::jsonb) AS r(config_id uuid, analyzer text)
         WHERE r.config_id = ca.config_id AND r.analyzer = ca.analyzer)`,
    [json, stored.map((s) => s.id), ANALYSIS_SOURCE],
  );
  return rows.length;
}
