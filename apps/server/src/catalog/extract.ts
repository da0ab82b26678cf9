import type { BaseScraperSpec } from '@opsdeck/shared';
import { queryJsonPath, resolveField } from '../lib/jsonpath.js';
import { isKubeObject, kubeObjectToItem, type KubeObject } from './kubernetes-objects.js';
import { isPlainObject } from './merge-patch.js';
import { collectRelationshipSelectors } from './relationships.js';
import { applyExcludes, applyMasks, runTransformScript } from './transform.js';
import { asHealth, type ScrapedItem } from './types.js';

/**
 * Turns documents read by a scraper into items, the same way for every kind: `items` splits a
 * document, Kubernetes objects are recognised when the entry sets no `type`, and otherwise
 * `id`, `type`, `name`, `class`… are read with JSONPath (or used as literals).
 */
export type Extracted = { items: ScrapedItem[]; errors: string[] };

/**
 * Per item, in config-db's order: `exclude` drops fields, `relationship` selectors are read
 * (from the config as excluded, before masking), `mask` hides values. Returns problems.
 */
export function applyTransform(entry: BaseScraperSpec, item: ScrapedItem): string[] {
  applyExcludes(entry, item);
  const errors = collectRelationshipSelectors(entry, item);
  applyMasks(entry, item);
  return errors;
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

type Unit = { doc: unknown; where: string };

/**
 * The documents items are made of, in config-db's order: `items` splits a document; the
 * transform script then runs on each piece; an array (the document's or the script's output)
 * is one item per element, and a Kubernetes `List` one per object.
 */
async function unitsOf(entry: BaseScraperSpec, docs: Unit[], errors: string[]): Promise<Unit[]> {
  const pieces: Unit[] = [];
  for (const d of docs) {
    if (entry.items) {
      queryJsonPath(d.doc, entry.items).forEach((m, i) =>
        pieces.push({ doc: m.value, where: `${d.where}#${i}` }),
      );
    } else pieces.push(d);
  }
  const units: Unit[] = [];
  for (const p of pieces) {
    let docsOut: unknown[] | undefined;
    try {
      docsOut = await runTransformScript(entry.transform, p.doc);
    } catch (e) {
      errors.push(`${p.where}: ${(e as Error).message}`);
      continue;
    }
    const list =
      docsOut ??
      (Array.isArray(p.doc)
        ? p.doc
        : isPlainObject(p.doc) && p.doc.kind === 'List' && Array.isArray(p.doc.items)
          ? (p.doc.items as unknown[])
          : undefined);
    if (list === undefined) units.push(p);
    else list.forEach((doc, i) => units.push({ doc, where: `${p.where}#${i}` }));
  }
  return units;
}

/** Items of one scraper entry from the documents it read (`where` names the source in errors). */
export async function extractItems(
  entry: BaseScraperSpec,
  docs: Unit[],
  cluster = 'default',
): Promise<Extracted> {
  const out: Extracted = { items: [], errors: [] };
  const units = await unitsOf(entry, docs, out.errors);
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
    out.errors.push(...applyTransform(entry, item).map((e) => `${u.where}: ${e}`));
    out.items.push(item);
  }
  return out;
}
