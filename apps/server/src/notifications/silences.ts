import { silenceSelectorSchema, type SilenceSelector } from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { CelError, evalCelBool } from '../expr/index.js';
import { globMatch, matchesLabels, parseLabelSelector } from '../selectors.js';
import type { EventResource } from './event-resource.js';

const silenceRowSchema = z.object({
  id: z.string(),
  config_id: z.string().nullable(),
  component_id: z.string().nullable(),
  check_id: z.string().nullable(),
  canary_id: z.string().nullable(),
  recursive: z.boolean(),
  filter: z.string().nullable(),
  selectors: z.array(silenceSelectorSchema).nullable().catch(null),
});
type SilenceRow = z.infer<typeof silenceRowSchema>;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const stringMap = (v: unknown): Record<string, string> =>
  v && typeof v === 'object'
    ? Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]),
      )
    : {};

/** Whether a resource selector (name glob, namespace, types, statuses, healths, labels, tags) selects the resource. */
export function selectorMatches(s: SilenceSelector, r: EventResource): boolean {
  const p = r.properties;
  if (s.id && s.id !== r.id) return false;
  if (s.name && !globMatch(s.name, text(p.name))) return false;
  if (s.namespace && !globMatch(s.namespace, text(p.namespace))) return false;
  if (s.types?.length && !s.types.includes(text(p.type))) return false;
  if (s.statuses?.length && !s.statuses.includes(text(p.status))) return false;
  const health = r.type === 'config' ? text(p.health) : r.type === 'check' ? text(p.status) : text(p.status);
  if (s.healths?.length && !s.healths.includes(health)) return false;
  if (s.labelSelector && !matchesLabels(stringMap(p.labels), parseLabelSelector(s.labelSelector)))
    return false;
  if (s.tagSelector && !matchesLabels(stringMap(p.tags), parseLabelSelector(s.tagSelector))) return false;
  return true;
}

/** The silence names this resource, directly or (recursive) as an ancestor in its path. */
function namesResource(s: SilenceRow, r: EventResource): boolean {
  const ids = [s.config_id, s.component_id, s.check_id, s.canary_id].filter((x): x is string => x !== null);
  if (ids.length === 0) return true;
  if (ids.includes(r.id)) return true;
  if (r.type === 'check' && s.canary_id && s.canary_id === text(r.properties.canary_id)) return true;
  if (!s.recursive) return false;
  return ids.some((id) => r.path.includes(id));
}

/** Active silences that may match a resource: $1 its id, $2 its canary id, $3 its path. */
export const SILENCE_CANDIDATES_SQL = `SELECT id, config_id, component_id, check_id, canary_id, recursive, filter, selectors
  FROM notification_silences
  WHERE deleted_at IS NULL AND error IS NULL
    AND ("from" IS NULL OR "from" <= now()) AND (until IS NULL OR until >= now())
    AND (filter IS NOT NULL OR selectors IS NOT NULL OR $1::uuid IN (config_id, component_id, check_id, canary_id)
         OR canary_id = $2::uuid OR (recursive AND $3::text <> '' AND strpos($3::text, coalesce(config_id, component_id)::text) > 0))
  ORDER BY created_at`;

export const silenceParams = (r: EventResource): unknown[] => [
  r.id,
  text(r.properties.canary_id) || null,
  r.path,
];

/**
 * The first of the candidate silences that matches the resource, or undefined. A silence that
 * names a resource must name this one (or an ancestor, when recursive); its filter and
 * selectors then narrow it. A silence of only a filter and selectors matches when either does.
 * A filter that fails stores its error on the silence, which is then ignored.
 */
export async function pickSilence(
  db: Queryable,
  candidates: readonly unknown[],
  r: EventResource,
  vars: Record<string, unknown>,
): Promise<string | undefined> {
  for (const raw of candidates) {
    const s = silenceRowSchema.parse(raw);
    if (!namesResource(s, r)) continue;
    const named = [s.config_id, s.component_id, s.check_id, s.canary_id].some((x) => x !== null);
    let filterMatch: boolean | undefined;
    if (s.filter?.trim()) {
      try {
        filterMatch = evalCelBool(s.filter, vars);
      } catch (e) {
        const message = e instanceof CelError ? e.message : String(e);
        await db.query('UPDATE notification_silences SET error = $2 WHERE id = $1', [s.id, message]);
        continue;
      }
    }
    const selectorMatch = s.selectors?.length
      ? s.selectors.some((sel) => selectorMatches(sel, r))
      : undefined;
    const matched = named
      ? filterMatch !== false && selectorMatch !== false
      : filterMatch === true || selectorMatch === true;
    if (matched) return s.id;
  }
  return undefined;
}

/** The first active silence that matches the resource, or undefined. */
export async function matchingSilence(
  db: Queryable,
  r: EventResource,
  vars: Record<string, unknown>,
): Promise<string | undefined> {
  const { rows } = await db.query(SILENCE_CANDIDATES_SQL, silenceParams(r));
  return pickSilence(db, rows, r, vars);
}
