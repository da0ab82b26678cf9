import {
  parseSilenceTime,
  silenceSelectorSchema,
  SILENCE_TARGET_ERROR,
  SILENCE_WINDOW_ERROR,
} from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { compileCel } from '../expr/index.js';
import { withCreatedBy } from '../platform/created-by-hook.js';
import type { DataRow, DataWriteHook } from '../platform/data-write-hook.js';
import { SpecWriteError } from '../platform/spec-resource-hook.js';

/** A silence's from/until as stored: ISO text; `now+2d` and plain dates are resolved here. */
function timeColumn(row: DataRow, column: 'from' | 'until'): void {
  const value = row[column];
  if (value === undefined || value === null || value === '') {
    if (value === '') row[column] = null;
    return;
  }
  const at = typeof value === 'string' ? parseSilenceTime(value) : undefined;
  if (!at) throw new SpecWriteError(`${column}: an ISO time, a date, or now / now+2d / now-4h`);
  row[column] = at.toISOString();
}

/** A silence's filter must compile; its selectors must be resource selectors. */
export function checkSilenceExpressions(row: DataRow): void {
  if (typeof row.filter === 'string') {
    if (row.filter.trim() === '') row.filter = null;
    else {
      try {
        compileCel(row.filter);
      } catch (e) {
        throw new SpecWriteError(
          `filter: not a valid CEL expression (${e instanceof Error ? e.message : String(e)})`,
        );
      }
    }
  }
  if (row.selectors !== undefined && row.selectors !== null) {
    const r = z.array(silenceSelectorSchema).safeParse(row.selectors);
    if (!r.success) throw new SpecWriteError(`selectors: ${r.error.issues[0]?.message ?? 'invalid'}`);
    if (r.data.length === 0) row.selectors = null;
  }
}

/** The rules every live silence keeps, checked in the write's transaction. */
export async function checkSilences(tx: Queryable, ids: string[]): Promise<void> {
  const { rows } = await tx.query<{ window_ok: boolean; target_ok: boolean }>(
    `SELECT ("from" IS NULL OR until IS NULL OR "from" < until) AS window_ok,
            num_nonnulls(config_id, component_id, check_id, canary_id, filter, selectors) > 0 AS target_ok
     FROM notification_silences WHERE id = ANY ($1::uuid[]) AND deleted_at IS NULL`,
    [ids],
  );
  if (rows.some((r) => !r.window_ok)) throw new SpecWriteError(SILENCE_WINDOW_ERROR);
  if (rows.some((r) => !r.target_ok)) throw new SpecWriteError(SILENCE_TARGET_ERROR);
}

/** Writes to /api/db/notification_silences (the silences table's edit and delete). */
const silenceHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    return rows.map((input) => {
      const row = { ...input };
      timeColumn(row, 'from');
      timeColumn(row, 'until');
      checkSilenceExpressions(row);
      // A fresh filter gets a fresh chance: a stored run-time error is for the old one.
      if ('filter' in row) row.error = null;
      if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
      return row;
    });
  },
  async afterWrite(tx, rows, w) {
    if (w.method === 'DELETE') return;
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    if (ids.length) await checkSilences(tx, ids);
  },
};

export const silenceWriteHook = withCreatedBy(silenceHook);
