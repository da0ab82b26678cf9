/** /catalog query parameters and their defaults. */
export const CATALOG_DEFAULTS = {
  groupBy: 'config_class,type',
  sortBy: 'type',
  sortOrder: 'asc',
} as const;

export type CatalogParams = {
  configType: string;
  search: string;
  labels: string;
  status: string;
  health: string;
  groupBy: string[];
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  /**
   * A tag key (Mission Control's `groupByProp`): the summary is grouped by that tag too, and the
   * flat list's Tags column shows just that tag. '' when unset.
   */
  groupByProp: string;
};

/**
 * The summary's groupings with `groupByProp`'s tag: Mission Control wrote a tag grouping as
 * `groupBy=tags&groupByProp=<key>`, so a bare `tags` entry becomes `tags.<key>`; otherwise the
 * tag is added after the others, once.
 */
function withGroupByProp(groupBy: string[], prop: string): string[] {
  if (!prop) return groupBy;
  const tag = `tags.${prop}`;
  const out = groupBy.map((g) => (g === 'tags' ? tag : g));
  return [...new Set(out.includes(tag) ? out : [...out, tag])];
}

export function readCatalogParams(p: URLSearchParams): CatalogParams {
  const groupBy = (p.get('groupBy') ?? CATALOG_DEFAULTS.groupBy)
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);
  const groupByProp = (p.get('groupByProp') ?? '').trim();
  const groups = withGroupByProp(groupBy.length ? groupBy : CATALOG_DEFAULTS.groupBy.split(','), groupByProp);
  return {
    configType: p.get('configType') ?? p.get('type') ?? '',
    search: p.get('search') ?? '',
    labels: p.get('labels') ?? '',
    status: p.get('status') ?? '',
    health: p.get('health') ?? '',
    groupBy: groups.length ? groups : CATALOG_DEFAULTS.groupBy.split(','),
    sortBy: p.get('sortBy') ?? CATALOG_DEFAULTS.sortBy,
    sortOrder: p.get('sortOrder') === 'desc' ? 'desc' : 'asc',
    groupByProp,
  };
}

/** The grouped summary shows while neither a type nor a search narrows the catalog. */
export function showsSummary(p: Pick<CatalogParams, 'configType' | 'search'>): boolean {
  return p.configType.trim() === '' && p.search.trim() === '';
}

/** Labels filter in the URL: `key=value` pairs joined by commas. */
export function parseLabels(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of text.split(',')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

export function formatLabels(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
}

/**
 * Where a click on a summary row goes: the type becomes configType, every other grouping
 * column becomes a label (tags.x / labels.x / bare tag names), and groupBy is cleared. A row
 * grouped by a tag keeps that tag as `groupByProp`, so the list below shows it in its Tags column.
 */
export function summaryRowTarget(
  row: Record<string, unknown>,
  groupBy: string[],
): { configType: string | null; labels: string | null; groupBy: null; groupByProp: string | null } {
  const labels: Record<string, string> = {};
  let configType: string | null = null;
  for (const g of groupBy) {
    const v = row[g];
    if (v === null || v === undefined || v === '') continue;
    if (g === 'type') configType = String(v);
    else if (g === 'config_class' || g === 'status' || g === 'health') continue;
    else labels[g.replace(/^(labels|tags)\./, '')] = String(v);
  }
  const text = formatLabels(labels);
  const tag = groupBy.find((g) => g.startsWith('tags.'));
  return {
    configType,
    labels: text || null,
    groupBy: null,
    groupByProp: tag ? tag.slice('tags.'.length) : null,
  };
}
