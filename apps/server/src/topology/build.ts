import type { ComponentSpec, ComponentTemplate, TopologySpec } from '@opsdeck/shared';
import { jsonPathValue } from '../lib/jsonpath.js';
import type { Queryable } from '../db/types.js';
import {
  type CheckSelector,
  type ConfigSelector,
  type SelectedCheck,
  type SelectedConfig,
  selectChecks,
  selectConfigs,
  selectorId,
} from '../selectors.js';
import { renderTemplate } from './template.js';
import { applyDisplay, hasCheckLookup, runLookup, type LookupRuntime } from './lookup.js';
import { componentsFromResults, mergeIntoComponents, propertyData, type RawObject } from './lookup-merge.js';
import type { InlineCanaries } from './inline-canary.js';

type PropertySpec = NonNullable<ComponentSpec['properties']>[number];
/** A property as stored on the component: the spec's fields, lookups resolved to text/value. */
export type ResolvedProperty = Omit<PropertySpec, 'configLookup' | 'checkLookup' | 'lookup' | 'summary'>;
type ParentLookup = NonNullable<ComponentSpec['parentLookup']>;
export type ComponentSelector = NonNullable<ComponentSpec['selectors']>[number];

/** A component as the spec wants it, before it is matched with the stored rows. */
export type DesiredComponent = {
  key: string;
  name: string;
  title: string | null;
  text: string | null;
  tooltip: string | null;
  type: string | null;
  icon: string | null;
  namespace: string | null;
  owner: string | null;
  labels: Record<string, string>;
  hidden: boolean;
  externalId: string | null;
  configId: string | null;
  agentId: string;
  properties: ResolvedProperty[];
  logSelectors: NonNullable<ComponentSpec['logs']>;
  teams: string[];
  checkLinks: { checkId: string; canaryId: string; selectorId: string }[];
  configLinks: { configId: string; selectorId: string }[];
  selectors: { selector: ComponentSelector; selectorId: string }[];
  children: DesiredComponent[];
  /** A status the spec or a lookup gives; the roll-up counts it with the checks'. */
  status: string | null;
  statusReason: string | null;
  /** CEL over the component's summary, evaluated by the roll-up. */
  statusExpr: string | null;
  parentLookup: ParentLookup | null;
};

/** Optional services of a build: lookups that run checks, and inline canaries. */
export type BuildServices = { lookups?: LookupRuntime; inline?: InlineCanaries };

/** The fields a looked-up component may carry, as canary-checker's lookups return them. */
function specFromResult(o: RawObject): ComponentSpec {
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
  const labels = o.labels && typeof o.labels === 'object' ? (o.labels as Record<string, string>) : undefined;
  const selectors = Array.isArray(o.selectors) ? (o.selectors as ComponentSelector[]) : undefined;
  const children = Array.isArray(o.components)
    ? (o.components as RawObject[]).map(specFromResult)
    : undefined;
  return {
    name: str('name'),
    title: str('title'),
    text: str('text'),
    tooltip: str('tooltip'),
    type: str('type'),
    icon: str('icon'),
    namespace: str('namespace'),
    owner: str('owner'),
    external_id: str('external_id') ?? str('externalID'),
    status: str('status'),
    status_reason: str('status_reason'),
    statusExpr: str('statusExpr'),
    hidden: o.hidden === true ? true : undefined,
    labels,
    selectors,
    components: children,
    properties: Array.isArray(o.properties) ? (o.properties as PropertySpec[]) : undefined,
  };
}

/** Lookups share one run's cache: the same selector is queried once. */
export class Builder {
  private readonly configCache = new Map<string, Promise<SelectedConfig[]>>();
  private readonly checkCache = new Map<string, Promise<SelectedCheck[]>>();
  readonly warnings: string[] = [];
  constructor(
    private readonly db: Queryable,
    private readonly agentId: string,
    private readonly services: BuildServices = {},
  ) {}

  configs(s: ConfigSelector): Promise<SelectedConfig[]> {
    const k = JSON.stringify(s);
    let p = this.configCache.get(k);
    if (!p) this.configCache.set(k, (p = selectConfigs(this.db, s)));
    return p;
  }

  checks(s: CheckSelector): Promise<SelectedCheck[]> {
    const k = JSON.stringify(s);
    let p = this.checkCache.get(k);
    if (!p) this.checkCache.set(k, (p = selectChecks(this.db, s)));
    return p;
  }

  async latestResult(checkId: string) {
    const { rows } = await this.db.query<{
      status: boolean;
      duration: number;
      message: string | null;
      error: string | null;
      time: Date;
    }>(
      'SELECT status, duration, message, error, time FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1',
      [checkId],
    );
    return rows[0];
  }

  async build(spec: TopologySpec, name: string, labels: Record<string, string>): Promise<DesiredComponent> {
    const { groupBy, push: _push, schedule: _schedule, label: _label, ...fields } = spec;
    const root: ComponentSpec = { ...fields, name, labels: { ...labels, ...(spec.labels ?? {}) } };
    if (spec.label && !root.text) root.text = spec.label;
    if (groupBy) root.components = await this.grouped(groupBy, spec.components ?? []);
    const node = await this.component(root, 'root', undefined, 0);
    reparent(node, this.warnings);
    return node;
  }

  /** groupBy: one synthetic component per value of the tag, holding the components filtered to it. */
  private async grouped(
    groupBy: NonNullable<TopologySpec['groupBy']>,
    components: ComponentSpec[],
  ): Promise<ComponentSpec[]> {
    const { rows } = await this.db.query<{ value: string }>(
      `SELECT DISTINCT tags ->> $1 AS value FROM config_items
       WHERE deleted_at IS NULL AND tags ? $1 ORDER BY 1 LIMIT 500`,
      [groupBy.tag],
    );
    let values = rows.map((r) => r.value);
    if (groupBy.selector) {
      const allowed = new Set((await this.configs(groupBy.selector)).map((c) => c.tags[groupBy.tag]));
      values = values.filter((v) => allowed.has(v));
    }
    if (values.length === 0) this.warnings.push(`groupBy: no config item has the tag ${groupBy.tag}`);
    return values.map((value) => ({
      name: value,
      type: 'group',
      labels: { [groupBy.tag]: value },
      components: components.map((c) => withTag(c, `${groupBy.tag}=${value}`)),
    }));
  }

  private async component(
    spec: ComponentSpec,
    key: string,
    source: SelectedConfig | undefined,
    depth: number,
  ): Promise<DesiredComponent> {
    if (depth > 20) throw new Error(`The topology is nested more than 20 levels deep at ${key}`);
    const name = spec.name || key.split('/').pop() || key;
    const node: DesiredComponent = {
      key,
      name,
      title: spec.title ?? null,
      text: spec.text ?? null,
      tooltip: spec.tooltip ?? null,
      type: spec.type ?? null,
      icon: spec.icon ?? null,
      namespace: spec.namespace ?? source?.namespace ?? null,
      owner: spec.owner ?? null,
      labels: spec.labels ?? {},
      hidden: spec.hidden ?? false,
      externalId: spec.external_id || spec.externalID || null,
      configId: source?.id ?? null,
      agentId: this.agentId,
      properties: [],
      logSelectors: spec.logs ?? [],
      teams: [...new Set((spec.teams ?? []).map((t) => t.trim()).filter(Boolean))],
      checkLinks: [],
      configLinks: source ? [{ configId: source.id, selectorId: 'lookup' }] : [],
      selectors: (spec.selectors ?? []).map((s) => ({ selector: s, selectorId: selectorId(s) })),
      children: [],
      status: spec.status ?? spec.health ?? null,
      statusReason: spec.status_reason ?? null,
      statusExpr: spec.statusExpr ?? spec.healthExpr ?? null,
      parentLookup: spec.parentLookup ?? null,
    };
    for (const sel of spec.configs ?? []) {
      for (const c of await this.configs(sel))
        node.configLinks.push({ configId: c.id, selectorId: selectorId(sel) });
    }
    type Inline = Record<string, unknown>;
    const links: { selector?: CheckSelector; inlines: Inline[] }[] = [
      ...(spec.checks ?? []).map((c) => ({ selector: c.selector, inlines: c.inline ? [c.inline] : [] })),
      ...(spec.canarySelector ?? []).map(({ inline, ...selector }) => ({
        selector: Object.keys(selector).length ? selector : undefined,
        inlines: Array.isArray(inline) ? inline : inline ? [inline] : [],
      })),
    ];
    let inlineIndex = 0;
    for (const link of links) {
      if (link.selector) {
        for (const k of await this.checks(link.selector)) {
          node.checkLinks.push({
            checkId: k.id,
            canaryId: k.canary_id,
            selectorId: selectorId(link.selector),
          });
        }
      }
      for (const inline of link.inlines) {
        if (!this.services.inline) {
          this.warnings.push(`${name}: inline canaries are not run here`);
          continue;
        }
        const owned = await this.services.inline.ensure(key, name, inlineIndex++, inline);
        node.checkLinks.push(...owned);
      }
    }
    for (const p of spec.properties ?? []) {
      if (p.lookup) continue; // merged below, once the component exists
      node.properties.push(await this.property(p, source, name));
    }
    await this.propertyLookups(spec.properties ?? [], [node]);

    const seen = new Set<string>();
    for (const [i, child] of (spec.components ?? []).entries()) {
      if (hasCheckLookup(child.lookup)) {
        // canary-checker: a component with a lookup stands for the components it finds.
        for (const found of await this.lookedUp(child, key, depth + 1)) {
          if (seen.has(found.key)) continue;
          seen.add(found.key);
          node.children.push(found);
        }
        continue;
      }
      const childName = child.name || `${child.type ?? 'component'}-${i + 1}`;
      const childKey = `${key}/${child.type ?? ''}:${childName}`;
      if (seen.has(childKey)) {
        this.warnings.push(`${name}: two components named ${childName}; the second is ignored`);
        continue;
      }
      seen.add(childKey);
      node.children.push(await this.component({ ...child, name: childName }, childKey, undefined, depth + 1));
    }
    for (const sel of spec.lookup?.configs ?? []) {
      for (const item of await this.configs(sel)) {
        const childKey = `${key}/config:${item.id}`;
        if (seen.has(childKey)) continue;
        seen.add(childKey);
        node.children.push(await this.lookupChild(spec.forEach ?? {}, item, node, childKey, depth + 1));
      }
    }
    return node;
  }

  /** The components a check lookup returns, each shaped by the spec's forEach and properties. */
  private async lookedUp(spec: ComponentSpec, parentKey: string, depth: number): Promise<DesiredComponent[]> {
    const label = spec.name || spec.type || 'component';
    const rt = this.services.lookups;
    if (!rt || !spec.lookup) {
      this.warnings.push(`${label}: lookups are not run here`);
      return [];
    }
    let found: RawObject[];
    try {
      found = componentsFromResults(await runLookup(rt, spec.lookup));
    } catch (e) {
      this.warnings.push(`${label}: ${(e as Error).message}`);
      return [];
    }
    const out: DesiredComponent[] = [];
    for (const raw of found) {
      const base = specFromResult(raw);
      if (!base.name) {
        this.warnings.push(`${label}: the lookup returned a component without a name; it is skipped`);
        continue;
      }
      const each = spec.forEach
        ? renderTemplate(spec.forEach, { component: raw, properties: propertyMap(base.properties) })
        : {};
      const merged: ComponentSpec = {
        ...base,
        type: base.type ?? (spec.type === 'virtual' || spec.type === 'lookup' ? undefined : spec.type),
        icon: base.icon ?? spec.icon,
        owner: base.owner ?? spec.owner,
        labels: { ...(spec.labels ?? {}), ...(base.labels ?? {}) },
        configs: [...(each.configs ?? []), ...(base.configs ?? [])],
        selectors: [...(each.selectors ?? []), ...(base.selectors ?? [])],
        checks: each.checks,
        components: [...(base.components ?? []), ...(each.components ?? [])],
        // The spec's own properties, then the forEach ones, are merged after the lookup's.
        properties: base.properties?.map((p) => ({ ...p })),
      };
      const key = `${parentKey}/lookup:${merged.type ?? ''}:${base.name}`;
      const node = await this.component(merged, key, undefined, depth);
      await this.propertyLookups(each.properties ?? [], [node]);
      out.push(node);
    }
    await this.propertyLookups(spec.properties ?? [], out);
    return out;
  }

  /** Properties of a spec component merged into the components it stands for. */
  private async propertyLookups(props: PropertySpec[], targets: DesiredComponent[]): Promise<void> {
    for (const p of props) {
      if (!p.lookup) {
        if (targets.length === 1 && targets[0]!.properties.some((x) => x.name === p.name)) continue;
        const plain = await this.property(p, undefined, p.name);
        mergeIntoComponents(asTargets(targets), { kind: 'properties', list: [plain] }, plain, this.warn);
        continue;
      }
      if (!hasCheckLookup(p.lookup) || !this.services.lookups) {
        this.warnings.push(`property ${p.name}: its lookup is not run here`);
        continue;
      }
      try {
        const data = propertyData(await runLookup(this.services.lookups, p.lookup));
        const { lookup: _l, summary: _s, configLookup: _c, checkLookup: _k, ...plain } = p;
        if (data) mergeIntoComponents(asTargets(targets), data, plain, this.warn);
      } catch (e) {
        this.warnings.push(`property ${p.name}: ${(e as Error).message}`);
      }
    }
  }

  private readonly warn = (text: string): void => {
    this.warnings.push(text);
  };

  private async lookupChild(
    template: ComponentTemplate,
    item: SelectedConfig,
    parent: DesiredComponent,
    key: string,
    depth: number,
  ): Promise<DesiredComponent> {
    const scope = {
      config: item,
      component: { name: parent.name, type: parent.type, namespace: parent.namespace, labels: parent.labels },
    };
    const t = renderTemplate(template, scope);
    const spec: ComponentSpec = {
      ...t,
      name: t.name || item.name || item.id,
      type: t.type ?? item.type,
      labels: { ...(item.labels ?? {}), ...(t.labels ?? {}) },
    };
    return this.component(spec, key, item, depth);
  }

  private async property(
    p: PropertySpec,
    source: SelectedConfig | undefined,
    component: string,
  ): Promise<ResolvedProperty> {
    const { configLookup, checkLookup, lookup: _lookup, summary: _summary, ...out } = p;
    if (configLookup?.display) {
      const item = configLookup.config ? (await this.configs(configLookup.config))[0] : source;
      if (!item) this.warnings.push(`${component}: property ${p.name}: no config item matches`);
      else {
        try {
          const v = await applyDisplay(configLookup.display, { config: item.config, item });
          if (typeof v === 'number') out.value = v;
          else if (v !== undefined && v !== null) out.text = typeof v === 'string' ? v : JSON.stringify(v);
        } catch (e) {
          this.warnings.push(`${component}: property ${p.name}: ${(e as Error).message.split('\n')[0]}`);
        }
      }
    } else if (configLookup?.field) {
      const item = configLookup.config ? (await this.configs(configLookup.config))[0] : source;
      const v = item ? jsonPathValue(item.config, configLookup.field) : undefined;
      if (typeof v === 'number') out.value = v;
      else if (v !== undefined && v !== null) out.text = typeof v === 'string' ? v : JSON.stringify(v);
      else this.warnings.push(`${component}: property ${p.name}: nothing at ${configLookup.field}`);
    }
    if (checkLookup) {
      const check = (await this.checks(checkLookup.check))[0];
      const last = check ? await this.latestResult(check.id) : undefined;
      if (!last) this.warnings.push(`${component}: property ${p.name}: the check has no result yet`);
      else if (checkLookup.field === 'duration') {
        out.value = last.duration;
        out.unit ??= 'ms';
      } else if (checkLookup.field === 'message') out.text = last.message || last.error || '';
      else if (checkLookup.field === 'time') out.text = new Date(last.time).toISOString();
      else {
        out.text = last.status ? 'healthy' : 'unhealthy';
        out.color ??= last.status ? 'green' : 'red';
      }
    }
    return out;
  }
}

function propertyMap(props: PropertySpec[] | undefined): Record<string, unknown> {
  return Object.fromEntries((props ?? []).map((p) => [p.name, p.value ?? p.text]));
}

function asTargets(nodes: DesiredComponent[]): { name: string; properties: RawObject[] }[] {
  // The targets share the nodes' property arrays, so merges land on the nodes.
  return nodes.map((n) => ({ name: n.name, properties: n.properties as RawObject[] }));
}

/** Adds a tag filter to every config selector of a component's catalog and config lookups. */
function withTag(spec: ComponentSpec, filter: string): ComponentSpec {
  const add = <S extends { tagSelector?: string }>(s: S): S => ({
    ...s,
    tagSelector: s.tagSelector ? `${s.tagSelector},${filter}` : filter,
  });
  const lookup = spec.lookup && {
    ...spec.lookup,
    configs: spec.lookup.configs?.map(add),
    catalog: spec.lookup.catalog?.map((c) => ({ ...c, selector: c.selector.map(add) })),
  };
  return { ...spec, lookup, components: spec.components?.map((c) => withTag(c, filter)) };
}

/** parentLookup: moves components under the component they name (name/type/namespace or externalID). */
function reparent(root: DesiredComponent, warnings: string[]): void {
  const all: { node: DesiredComponent; parent: DesiredComponent | null }[] = [];
  const walk = (n: DesiredComponent, parent: DesiredComponent | null) => {
    all.push({ node: n, parent });
    n.children.forEach((c) => walk(c, n));
  };
  walk(root, null);
  for (const { node, parent } of all) {
    const want = node.parentLookup;
    if (!want || !parent) continue;
    const target = all.find(
      ({ node: n }) =>
        n !== node &&
        (want.externalID
          ? (n.externalId ?? n.name) === want.externalID
          : (!want.name || n.name === want.name) &&
            (!want.type || n.type === want.type) &&
            (!want.namespace || n.namespace === want.namespace)),
    )?.node;
    if (!target) {
      warnings.push(`${node.name}: parentLookup matches no component; it stays where it is`);
      continue;
    }
    if (contains(node, target)) {
      warnings.push(`${node.name}: parentLookup names its own descendant; it stays where it is`);
      continue;
    }
    parent.children = parent.children.filter((c) => c !== node);
    target.children.push(node);
  }
}

function contains(n: DesiredComponent, x: DesiredComponent): boolean {
  return n === x || n.children.some((c) => contains(c, x));
}
