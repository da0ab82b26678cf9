import type { BaseScraperSpec } from '@opsdeck/shared';
import { queryJsonPath, resolveField, type PathKey } from '../lib/jsonpath.js';
import { isKubeObject, kubeObjectToItem, type KubeObject } from './kubernetes-objects.js';
import { isPlainObject } from './merge-patch.js';
import { asHealth, type ScrapedItem } from './types.js';

/**
 * Turns documents read by a scraper into items, the same way for every kind: `items` splits a
 * document, Kubernetes objects are recognised when the entry sets no `type`, and otherwise
 * `id`, `type`, `name`, `class`… are read with JSONPath (or used as literals).
 */
export type Extracted = { items: ScrapedItem[]; errors: string[] };

function setAt(doc: unknown, path: PathKey[], value: unknown, remove: boolean): void {
  let cur = doc;
  for (const k of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return;
    cur = (cur as Record<PathKey, unknown>)[k];
  }
  const last = path.at(-1);
  if (last === undefined || cur === null || typeof cur !== 'object') return;
  if (remove && Array.isArray(cur) && typeof last === 'number') cur.splice(last, 1);
  else if (remove) delete (cur as Record<PathKey, unknown>)[last];
  else (cur as Record<PathKey, unknown>)[last] = value;
}

/** transform.exclude drops fields, transform.mask hides values; both before anything is stored. */
export function applyTransform(entry: BaseScraperSpec, item: ScrapedItem): void {
  const applies = (types?: string[]) => !types || types.includes(item.type);
  for (const ex of entry.transform?.exclude ?? []) {
    if (!applies(ex.types)) continue;
    // Deepest and last first, so array indexes stay valid while removing.
    const matches = queryJsonPath(item.config, ex.jsonpath).reverse();
    for (const m of matches) setAt(item.config, m.path, undefined, true);
  }
  for (const mask of entry.transform?.mask ?? []) {
    if (!applies(mask.types)) continue;
    for (const m of queryJsonPath(item.config, mask.jsonpath))
      setAt(item.config, m.path, mask.value ?? '******', false);
  }
}

function resolveMap(doc: unknown, map: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map ?? {})) {
    const r = resolveField(doc, v);
    if (r !== undefined) out[k] = r;
  }
  return out;
}

function toNumber(doc: unknown, field: string | undefined): number | undefined {
  const v = resolveField(doc, field);
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function toDate(doc: unknown, fields: string[] | undefined): Date | undefined {
  for (const f of fields ?? []) {
    const v = resolveField(doc, f);
    const d = v ? new Date(v) : undefined;
    if (d && !Number.isNaN(d.getTime())) return d;
  }
  return undefined;
}

function lastSegment(type: string): string {
  return type.split('::').at(-1) ?? type;
}

function genericItem(entry: BaseScraperSpec, doc: unknown, where: string): ScrapedItem | string {
  const type = resolveField(doc, entry.type);
  if (!type) return `${where}: no type (set "type" to a literal or a JSONPath that matches)`;
  const id = resolveField(doc, entry.id ?? '$.id');
  if (!id) return `${where}: no id (set "id" to a JSONPath that matches, for example $.id)`;
  const parent = resolveField(doc, entry.parent);
  const cost = entry.cost;
  return {
    externalId: [id],
    type,
    configClass: resolveField(doc, entry.class) ?? lastSegment(type),
    name:
      resolveField(doc, entry.name) ?? (isPlainObject(doc) && typeof doc.name === 'string' ? doc.name : id),
    description: resolveField(doc, entry.description),
    status: resolveField(doc, entry.status),
    health: asHealth(resolveField(doc, entry.health)),
    labels: {},
    tags: {},
    config: doc,
    parent: parent ? { externalId: parent } : undefined,
    relationships: [],
    createdAt: toDate(doc, entry.createFields),
    deletedAt: toDate(doc, entry.deleteFields),
    costs: cost
      ? {
          perMinute: toNumber(doc, cost.perMinute),
          total1d: toNumber(doc, cost.total1d),
          total7d: toNumber(doc, cost.total7d),
          total30d: toNumber(doc, cost.total30d),
        }
      : undefined,
  };
}

/** Items of one scraper entry from the documents it read (`where` names the source in errors). */
export function extractItems(
  entry: BaseScraperSpec,
  docs: { doc: unknown; where: string }[],
  cluster = 'default',
): Extracted {
  const out: Extracted = { items: [], errors: [] };
  const units: { doc: unknown; where: string }[] = [];
  for (const d of docs) {
    if (entry.items) {
      queryJsonPath(d.doc, entry.items).forEach((m, i) =>
        units.push({ doc: m.value, where: `${d.where}#${i}` }),
      );
    } else if (isPlainObject(d.doc) && d.doc.kind === 'List' && Array.isArray(d.doc.items)) {
      d.doc.items.forEach((doc: unknown, i: number) => units.push({ doc, where: `${d.where}#${i}` }));
    } else units.push(d);
  }
  const kube = units.map((u) => u.doc).filter(isKubeObject);
  for (const u of units) {
    let item: ScrapedItem | string;
    if (!entry.type && isKubeObject(u.doc)) {
      item = kubeObjectToItem(u.doc as KubeObject, cluster, kube);
      if (entry.name) item.name = resolveField(u.doc, entry.name) ?? item.name;
      if (entry.class) item.configClass = resolveField(u.doc, entry.class) ?? item.configClass;
    } else {
      item = genericItem(entry, u.doc, u.where);
    }
    if (typeof item === 'string') {
      out.errors.push(item);
      continue;
    }
    item.labels = { ...item.labels, ...resolveMap(u.doc, entry.labels) };
    item.tags = { ...item.tags, ...resolveMap(u.doc, entry.tags) };
    item.config = structuredClone(item.config);
    applyTransform(entry, item);
    out.items.push(item);
  }
  return out;
}
