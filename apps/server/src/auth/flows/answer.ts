import type { Queryable } from '../../db/types.js';
import { saveFlow, type FlowRow } from './store.js';
import type { SubmitResult } from './types.js';
import type { Ui } from './ui.js';

/** Saves the flow with `ui` changes (the problems to show) and answers with it, 400 unless told. */
export async function showFlow(
  db: Queryable,
  flow: FlowRow,
  ui: Partial<Ui>,
  status: 200 | 400 = 400,
): Promise<SubmitResult> {
  flow.ui = { ...flow.ui, ...ui };
  await saveFlow(db, flow);
  return { kind: 'flow', status, flow };
}
