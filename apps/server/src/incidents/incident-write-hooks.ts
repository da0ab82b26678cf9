import { RESPONDER_TYPES } from '@opsdeck/shared';
import { compileCel } from '../expr/index.js';
import { withCreatedBy } from '../platform/created-by-hook.js';
import type { DataRow, DataWriteHook } from '../platform/data-write-hook.js';
import { SpecWriteError } from '../platform/spec-resource-hook.js';

/** Who created a row is the signed-in person (the changelog names them); nothing else to check. */
const stamped: DataWriteHook = withCreatedBy({});

function checkScript(row: DataRow): void {
  const script = row.script;
  if (script === undefined || script === null || script === '') return;
  if (typeof script !== 'string') throw new SpecWriteError('script: must be a CEL expression');
  try {
    compileCel(script);
  } catch (e) {
    throw new SpecWriteError(`script: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Evidence: a definition-of-done script must compile before it is stored. */
const evidenceHook: DataWriteHook = withCreatedBy({
  async beforeWrite(rows) {
    for (const row of rows) checkScript(row);
    return rows;
  },
});

function checkResponder(row: DataRow): void {
  const props = row.properties;
  if (props === undefined || props === null) return;
  if (typeof props !== 'object' || Array.isArray(props))
    throw new SpecWriteError('properties: must be an object');
  const type = (props as Record<string, unknown>).responderType;
  if (type !== undefined && !(RESPONDER_TYPES as readonly unknown[]).includes(type))
    throw new SpecWriteError(`properties.responderType: one of ${RESPONDER_TYPES.join(', ')}`);
}

/** Responders: a known responder type; reaching them happens on incident.responder.added. */
const responderHook: DataWriteHook = withCreatedBy({
  async beforeWrite(rows) {
    for (const row of rows) checkResponder(row);
    return rows;
  },
});

/**
 * Incidents: the creator leads a new one. A POST without `commander_id` makes its creator
 * (the signed-in person `withCreatedBy` stamps) the Commander, as the console always did.
 */
const incidentHook: DataWriteHook = withCreatedBy({
  async beforeWrite(rows, w) {
    const personId = w.req.principal?.personId;
    if (w.method !== 'POST' || !personId) return rows;
    return rows.map((row) => (row.commander_id ? row : { ...row, commander_id: personId }));
  },
});

export const incidentWriteHooks: Record<string, DataWriteHook> = {
  incidents: incidentHook,
  hypotheses: stamped,
  comments: stamped,
  evidences: evidenceHook,
  responders: responderHook,
};
