import type { EvidencePayload } from './types.js';

/** Lines shown either side of the selected ones. */
export const CONTEXT_LINES = 3;

export type ShownLine = { number: number; text: string; selected: boolean };

/** The selected lines of log/config evidence with 3 lines of context around each selection. */
export function linesWithContext(payload: EvidencePayload | null | undefined): ShownLine[] {
  const all = payload?.lines ?? {};
  const selected = payload?.selected_lines ?? {};
  const numbers = [...new Set([...Object.keys(all), ...Object.keys(selected)])]
    .map(Number)
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  const picked = new Set(Object.keys(selected).map(Number));
  if (picked.size === 0)
    return numbers.map((n) => ({ number: n, text: all[String(n)] ?? '', selected: false }));
  const keep = (n: number) => [...picked].some((p) => Math.abs(p - n) <= CONTEXT_LINES);
  return numbers
    .filter(keep)
    .map((n) => ({ number: n, text: all[String(n)] ?? selected[String(n)] ?? '', selected: picked.has(n) }));
}
