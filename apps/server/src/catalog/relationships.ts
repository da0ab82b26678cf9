import type { BaseScraperSpec } from '@opsdeck/shared';
import { evalCel, evalCelBool } from '../expr/index.js';
import { isPlainObject } from './merge-patch.js';
import { itemEnv } from './transform.js';
import type { ItemSelector, ScrapedItem } from './types.js';

/**
 * `transform.relationship` (config-db): for items its `filter` (CEL) selects, the selector —
 * literal fields, `{value}`, `{expr}` (CEL), `{label}` of the item, or one `expr` returning a
 * list of selectors — names related items. Selectors are matched against the items of the
 * same scrape (type, name, namespace, external id, labels) and become ordinary relationships
 * (or the parent, with `parent: true`); items outside the scrape are not searched.
 */

type RelationshipConfig = NonNullable<NonNullable<BaseScraperSpec['transform']>['relationship']>[number];

const FIELDS = ['id', 'external_id', 'name', 'namespace', 'type'] as const;

function lookup(value: unknown, item: ScrapedItem, env: Record<string, unknown>): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!isPlainObject(value)) return undefined;
  if (typeof value.value === 'string' && value.value) return value.value;
  if (typeof value.label === 'string') return item.labels[value.label] || undefined;
  if (typeof value.expr === 'string') {
    const v = evalCel(value.expr, env);
    return typeof v === 'string' && v ? v : v === null || v === undefined || v === '' ? undefined : String(v);
  }
  return undefined;
}

function toSelector(raw: unknown, item: ScrapedItem, env: Record<string, unknown>): ItemSelector | undefined {
  if (!isPlainObject(raw)) return undefined;
  const sel: ItemSelector = {};
  for (const f of FIELDS) {
    const v = lookup(raw[f], item, env);
    if (v !== undefined) sel[f === 'external_id' ? 'externalId' : f] = v;
  }
  if (isPlainObject(raw.labels)) {
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.labels)) if (typeof v === 'string') labels[k] = v;
    if (Object.keys(labels).length) sel.labels = labels;
  }
  return Object.keys(sel).length ? sel : undefined;
}

function selectorsOf(
  rc: RelationshipConfig,
  item: ScrapedItem,
  env: Record<string, unknown>,
): ItemSelector[] {
  if (rc.expr) {
    let out = evalCel(rc.expr, env);
    if (typeof out === 'string') out = JSON.parse(out) as unknown;
    return (Array.isArray(out) ? out : [out])
      .map((r) => toSelector(r, item, env))
      .filter((s): s is ItemSelector => !!s);
  }
  const one = toSelector(rc, item, env);
  return one ? [one] : [];
}

/** Adds the item's selectors; a failing expression is reported, not fatal. */
export function collectRelationshipSelectors(entry: BaseScraperSpec, item: ScrapedItem): string[] {
  const errors: string[] = [];
  const env = itemEnv(item);
  for (const [i, rc] of (entry.transform?.relationship ?? []).entries()) {
    try {
      if (rc.filter && !evalCelBool(rc.filter, env)) continue;
      for (const selector of selectorsOf(rc, item, env))
        (item.selectors ??= []).push({ selector, parent: rc.parent === true });
    } catch (e) {
      errors.push(`transform.relationship.${i}: ${(e as Error).message}`);
    }
  }
  return errors;
}

function matches(sel: ItemSelector, item: ScrapedItem): boolean {
  if (sel.type && sel.type !== item.type) return false;
  if (sel.name && sel.name !== item.name) return false;
  if (sel.namespace && sel.namespace !== item.namespace) return false;
  const id = sel.externalId ?? sel.id;
  if (id && !item.externalId.includes(id)) return false;
  for (const [k, v] of Object.entries(sel.labels ?? {})) if (item.labels[k] !== v) return false;
  return true;
}

/** Turns every item's selectors into relationships (or a parent) to the scrape's matching items. */
export function resolveRelationshipSelectors(items: ScrapedItem[]): void {
  for (const item of items) {
    for (const { selector, parent } of item.selectors ?? []) {
      for (const target of items) {
        if (target === item || !matches(selector, target)) continue;
        const ref = { externalId: target.externalId[0] ?? '', type: target.type };
        if (parent) {
          item.parent ??= ref;
          break;
        }
        item.relationships.push({ ...ref, relation: 'related', direction: 'outgoing' });
      }
    }
  }
}
