import type { PlaybookRow } from '../api/types.js';

/** Playbooks by category, in the order the list came (category, then name); no category last. */
export function byCategory(
  list: readonly PlaybookRow[],
): Array<{ category: string; playbooks: PlaybookRow[] }> {
  const groups = new Map<string, PlaybookRow[]>();
  for (const p of list) {
    const key = p.category?.trim() ?? '';
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([category, playbooks]) => ({ category, playbooks }));
}
