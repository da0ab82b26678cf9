import type { PlaybookResourceSelector } from '@opsdeck/shared';
import { globMatch, matchesLabels, parseLabelSelector } from '../selectors.js';

/** A config, check or component row as template-env.ts loads it. */
export type ResourceRow = Record<string, unknown>;

const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

function labelsOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, text(x)]));
}

/** A comma-separated list of patterns (`*` wildcards, `!` negates) against one value. */
function matchesAny(patterns: readonly string[], value: string): boolean {
  const positive = patterns.filter((p) => !p.startsWith('!'));
  if (patterns.some((p) => p.startsWith('!') && globMatch(p.slice(1), value))) return false;
  return positive.length === 0 || positive.some((p) => globMatch(p, value));
}

const csv = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Whether one of a playbook's `configs` / `checks` / `components` selectors picks this
 * resource: every field it sets must match (id; name, namespace, types, statuses and health
 * with `*` globs; labelSelector over labels; tagSelector over a config's tags; agent). A
 * selector that sets none of these matches nothing. `fieldSelector` and `search` are not read.
 */
export function selectorMatches(s: PlaybookResourceSelector, r: ResourceRow): boolean {
  let constrained = false;
  const check = (cond: boolean) => {
    constrained = true;
    return cond;
  };
  if (s.id !== undefined && !check(text(r.id) === s.id)) return false;
  if (s.name !== undefined && !check(matchesAny(csv(s.name), text(r.name)))) return false;
  if (s.namespace !== undefined && !check(matchesAny(csv(s.namespace), text(r.namespace)))) return false;
  if (s.types?.length && !check(matchesAny(s.types, text(r.type)))) return false;
  if (s.statuses?.length && !check(matchesAny(s.statuses, text(r.status)))) return false;
  if (s.health !== undefined && !check(matchesAny(csv(s.health), text(r.health ?? r.status)))) return false;
  if (s.agent !== undefined && s.agent !== 'all') {
    const agent = text(r.agent_id) || LOCAL_AGENT_ID;
    const wanted = s.agent === 'local' ? LOCAL_AGENT_ID : s.agent;
    if (!check(agent === wanted)) return false;
  }
  if (s.labelSelector && !check(matchesLabels(labelsOf(r.labels), parseLabelSelector(s.labelSelector))))
    return false;
  if (s.tagSelector && !check(matchesLabels(labelsOf(r.tags), parseLabelSelector(s.tagSelector))))
    return false;
  if (!s.includeDeleted && r.deleted_at) return false;
  return constrained;
}

export function anySelectorMatches(
  selectors: readonly PlaybookResourceSelector[] | undefined,
  r: ResourceRow,
) {
  return (selectors ?? []).some((s) => selectorMatches(s, r));
}
