/** Label groups of the catalog item's side panel. */
export type LabelGroup = { name: string; labels: Array<{ key: string; value: string }> };

/** Pairs of prefixes shown together. */
export const MERGED_GROUPS: ReadonlyArray<readonly [string, string]> = [
  ['region', 'zone'],
  ['vpc', 'subnet'],
  ['os', 'arch'],
  ['version', 'part-of'],
];

/** The group a key falls in: the part after the last '/' (topology.kubernetes.io/zone → zone). */
export function labelPrefix(key: string): string {
  return (key.split('/').pop() ?? key).toLowerCase();
}

function groupName(key: string): string {
  const p = labelPrefix(key);
  for (const [a, b] of MERGED_GROUPS) if (p === a || p === b) return `${a}/${b}`;
  return p;
}

/** Groups labels by prefix, merging the paired groups; the name label is left out. */
export function groupLabels(labels: Record<string, unknown> | null | undefined): LabelGroup[] {
  const groups = new Map<string, LabelGroup>();
  for (const [key, raw] of Object.entries(labels ?? {})) {
    if (labelPrefix(key) === 'name') continue;
    if (raw === null || raw === undefined) continue;
    const name = groupName(key);
    const g = groups.get(name) ?? { name, labels: [] };
    g.labels.push({ key, value: String(raw) });
    groups.set(name, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, labels: g.labels.sort((a, b) => a.key.localeCompare(b.key)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
