import type { Queryable } from '../db/types.js';
import { CelError, evalCelBool } from '../expr/index.js';

type ScriptedEvidence = {
  id: string;
  script: string;
  done: boolean | null;
  script_result: string | null;
  vars: Record<string, unknown>;
};

export type DodOutcome = { evaluated: number; changed: number; resolved: string[]; reopened: string[] };

/**
 * The scripted evidence of live incidents (not closed or cancelled), with what their script
 * sees: `check`, `config` (the catalog item, its JSON under `.config`), `analysis`,
 * `component` and `incident`. `incidentIds` narrows it to some incidents.
 */
const SCRIPTED_SQL = `
  SELECT e.id, e.script, e.done, e.script_result,
    jsonb_build_object(
      'incident', to_jsonb(i),
      'check', (SELECT to_jsonb(c) - 'spec' FROM checks c WHERE c.id = e.check_id),
      'config', (SELECT to_jsonb(ci) FROM config_items ci WHERE ci.id = e.config_id),
      'analysis', (SELECT to_jsonb(a) FROM config_analysis a WHERE a.id = e.config_analysis_id),
      'component', (SELECT to_jsonb(co) - 'properties' - 'summary' FROM components co WHERE co.id = e.component_id)
    ) AS vars
  FROM evidences e
  JOIN hypotheses h ON h.id = e.hypothesis_id
  JOIN incidents i ON i.id = h.incident_id
  WHERE e.script IS NOT NULL AND btrim(e.script) <> '' AND i.status NOT IN ('closed', 'cancelled')
    AND ($1::uuid[] IS NULL OR i.id = ANY ($1::uuid[]))`;

function evaluate(e: ScriptedEvidence): { done: boolean | null; result: string } {
  const vars = Object.fromEntries(Object.entries(e.vars).filter(([, v]) => v !== null));
  try {
    const done = evalCelBool(e.script, vars);
    return { done, result: String(done) };
  } catch (err) {
    // Kept on the evidence for the incident page; `done` stays what it was.
    const message = err instanceof CelError || err instanceof Error ? err.message : String(err);
    return { done: e.done, result: message };
  }
}

/**
 * Every definition of done of live incidents (or of `incidentIds`) is evaluated: each
 * scripted evidence's `done` and `script_result` are updated when they change (the changelog
 * and the incident.dod.* events come from the table's trigger). Then an incident with scripted
 * definition-of-done evidence whose definition of done has all passed is resolved, and a
 * resolved one whose scripted evidence regressed is opened again; closed incidents are left alone.
 */
export async function evaluateDefinitionsOfDone(db: Queryable, incidentIds?: string[]): Promise<DodOutcome> {
  const { rows } = await db.query<ScriptedEvidence>(SCRIPTED_SQL, [incidentIds ?? null]);
  let changed = 0;
  for (const e of rows) {
    const { done, result } = evaluate(e);
    if (done === e.done && result === e.script_result) continue;
    await db.query(`UPDATE evidences SET done = $2, script_result = $3, updated_at = now() WHERE id = $1`, [
      e.id,
      done,
      result,
    ]);
    changed++;
  }
  // Only incidents whose definition of done has a script move by themselves: resolved when
  // every definition-of-done evidence (manual ones marked by hand) is done, opened again when a
  // scripted one regresses. An incident someone resolved over manual evidence stays resolved.
  const { rows: moved } = await db.query<{ id: string; status: string }>(
    `WITH dod AS (
       SELECT h.incident_id, bool_and(coalesce(e.done, false)) AS all_done,
         bool_or(e.script IS NOT NULL AND btrim(e.script) <> '') AS scripted,
         bool_or(e.script IS NOT NULL AND btrim(e.script) <> '' AND NOT coalesce(e.done, false)) AS regressed
       FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
       WHERE e.definition_of_done AND ($1::uuid[] IS NULL OR h.incident_id = ANY ($1::uuid[]))
       GROUP BY h.incident_id
     )
     UPDATE incidents i SET status = CASE WHEN d.all_done THEN 'resolved' ELSE 'open' END
     FROM dod d
     WHERE d.incident_id = i.id AND d.scripted AND i.status NOT IN ('closed', 'cancelled')
       AND ((d.all_done AND i.status <> 'resolved') OR (d.regressed AND i.status = 'resolved'))
     RETURNING i.id, i.status`,
    [incidentIds ?? null],
  );
  return {
    evaluated: rows.length,
    changed,
    resolved: moved.filter((m) => m.status === 'resolved').map((m) => m.id),
    reopened: moved.filter((m) => m.status === 'open').map((m) => m.id),
  };
}

/** The live incidents whose evidence points at a resource (an event's check, config or component). */
export async function incidentsOfResource(db: Queryable, resourceId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT h.incident_id AS id
     FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
     WHERE $1::uuid IN (e.check_id, e.component_id, e.config_id) AND i.status NOT IN ('closed', 'cancelled')`,
    [resourceId],
  );
  return rows.map((r) => r.id);
}
