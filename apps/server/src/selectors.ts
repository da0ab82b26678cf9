import type { Queryable } from './db/types.js';

/** One term of a label selector. */
export type LabelTerm = { key: string; op: 'eq' | 'neq' | 'exists' | 'absent'; value?: string };

/** "k=v,k2!=v2,k3,!k4" → terms. */
export function parseLabelSelector(text: string | undefined): LabelTerm[] {
  if (!text) return [];
  const terms: LabelTerm[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const neq = part.indexOf('!=');
    if (neq >= 0) {
      terms.push({ key: part.slice(0, neq).trim(), op: 'neq', value: part.slice(neq + 2).trim() });
      continue;
    }
    const eq = part.indexOf('=');
    if (eq >= 0) {
      const value = part
        .slice(eq + 1)
        .replace(/^=/, '')
        .trim();
      terms.push({ key: part.slice(0, eq).trim(), op: 'eq', value });
      continue;
    }
    if (part.startsWith('!')) terms.push({ key: part.slice(1).trim(), op: 'absent' });
    else terms.push({ key: part, op: 'exists' });
  }
  return terms;
}

export function matchesLabels(
  labels: Record<string, string> | null | undefined,
  terms: LabelTerm[],
): boolean {
  const l = labels ?? {};
  return terms.every((t) => {
    const has = Object.hasOwn(l, t.key);
    if (t.op === 'eq') return has && l[t.key] === t.value;
    if (t.op === 'neq') return !has || l[t.key] !== t.value;
    if (t.op === 'exists') return has;
    return !has;
  });
}

/** Equality terms as a jsonb containment document (uses the GIN index); the rest are checked in code. */
export function containment(terms: LabelTerm[]): string | null {
  const eq = terms.filter((t) => t.op === 'eq');
  if (eq.length === 0) return null;
  return JSON.stringify(Object.fromEntries(eq.map((t) => [t.key, t.value])));
}

/** A name pattern with * wildcards as a LIKE pattern (other LIKE characters escaped). */
export function likePattern(name: string): string {
  return name.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

export function globMatch(pattern: string, value: string): boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return re.test(value);
}

export type ConfigSelector = {
  id?: string;
  types?: string[];
  type?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  tagSelector?: string;
  /** canary-checker's older form of tagSelector: tag → value, all must match. */
  tags?: Record<string, string>;
};

export type SelectedConfig = {
  id: string;
  name: string | null;
  namespace: string | null;
  type: string;
  config_class: string | null;
  status: string | null;
  health: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  config: unknown;
  agent_id: string;
};

const MAX_SELECTED = 5000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Live config items a selector matches, ordered by type and name (at most 5000). */
export async function selectConfigs(db: Queryable, s: ConfigSelector): Promise<SelectedConfig[]> {
  if (s.id !== undefined && !UUID.test(s.id)) return [];
  const types = [...(s.types ?? []), ...(s.type ? [s.type] : [])];
  const labels = parseLabelSelector(s.labelSelector);
  // canary-checker's `tags: {k: v}`: every tag equal, as in a tag selector.
  const tags: LabelTerm[] = [
    ...parseLabelSelector(s.tagSelector),
    ...Object.entries(s.tags ?? {}).map(([key, value]): LabelTerm => ({ key, op: 'eq', value })),
  ];
  const { rows } = await db.query<SelectedConfig>(
    `SELECT id, name, namespace, type, config_class, status, health, labels, tags, config, agent_id
     FROM config_items
     WHERE deleted_at IS NULL
       AND ($1::uuid IS NULL OR id = $1::uuid)
       AND (cardinality($2::text[]) = 0 OR type = ANY ($2::text[]))
       AND ($3::text IS NULL OR name LIKE $3)
       AND ($4::text IS NULL OR namespace = $4)
       AND ($5::jsonb IS NULL OR labels @> $5::jsonb)
       AND ($6::jsonb IS NULL OR tags @> $6::jsonb)
     ORDER BY type, name, id
     LIMIT ${MAX_SELECTED}`,
    [
      s.id ?? null,
      types,
      s.name ? likePattern(s.name) : null,
      s.namespace ?? null,
      containment(labels),
      containment(tags),
    ],
  );
  return rows.filter((r) => matchesLabels(r.labels, labels) && matchesLabels(r.tags, tags));
}

export type CheckSelector = { name?: string; namespace?: string; labelSelector?: string; types?: string[] };
export type SelectedCheck = {
  id: string;
  canary_id: string;
  name: string;
  namespace: string;
  type: string;
  status: string | null;
  labels: Record<string, string>;
};

/** Live checks a selector matches (at most 5000). */
export async function selectChecks(db: Queryable, s: CheckSelector): Promise<SelectedCheck[]> {
  const labels = parseLabelSelector(s.labelSelector);
  const { rows } = await db.query<SelectedCheck>(
    `SELECT id, canary_id, name, namespace, type, status, labels FROM checks
     WHERE deleted_at IS NULL
       AND ($1::text IS NULL OR name LIKE $1)
       AND ($2::text IS NULL OR namespace = $2)
       AND ($3::jsonb IS NULL OR labels @> $3::jsonb)
       AND (cardinality($4::text[]) = 0 OR type = ANY ($4::text[]))
     ORDER BY name, id
     LIMIT ${MAX_SELECTED}`,
    [s.name ? likePattern(s.name) : null, s.namespace ?? null, containment(labels), s.types ?? []],
  );
  return rows.filter((r) => matchesLabels(r.labels, labels));
}

/** A stable id for the selector that made a link (so links of a removed selector can go). */
export function selectorId(selector: unknown): string {
  const text = JSON.stringify(selector, Object.keys(selector ?? {}).sort());
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `spec:${h.toString(16).padStart(8, '0')}`;
}
