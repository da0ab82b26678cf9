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

type PropertySpec = NonNullable<ComponentSpec['properties']>[number];
/** A property as stored on the component: the spec's fields, lookups resolved to text/value. */
export type ResolvedProperty = Omit<PropertySpec, 'configLookup' | 'checkLookup'>;
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
};

/** Lookups share one run's cache: the same selector is queried once. */
export class Builder {
  private readonly configCache = new Map<string, Promise<SelectedConfig[]>>();
  private readonly checkCache = new Map<string, Promise<SelectedCheck[]>>();
  readonly warnings: string[] = [];
  constructor(
    private readonly db: Queryable,
    private readonly agentId: string,
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
    const root: ComponentSpec = { ...spec, name, labels: { ...labels, ...(spec.labels ?? {}) } };
    if (spec.label && !root.text) root.text = spec.label;
    return this.component(root, 'root', undefined, 0);
  }

  private async component(
    spec: ComponentSpec,
    key: string,
    source: SelectedConfig | undefined,
    depth: number,
  ): Promise<DesiredComponent> {
    if (depth > 20) throw new Error(`The topology is nested more than 20 levels deep at ${key}`);
    const node: DesiredComponent = {
      key,
      name: spec.name,
      title: spec.title ?? null,
      text: spec.text ?? null,
      tooltip: spec.tooltip ?? null,
      type: spec.type ?? null,
      icon: spec.icon ?? null,
      namespace: spec.namespace ?? source?.namespace ?? null,
      owner: spec.owner ?? null,
      labels: spec.labels ?? {},
      hidden: spec.hidden ?? false,
      externalId: spec.external_id || null,
      configId: source?.id ?? null,
      agentId: this.agentId,
      properties: [],
      logSelectors: spec.logs ?? [],
      teams: [...new Set((spec.teams ?? []).map((t) => t.trim()).filter(Boolean))],
      checkLinks: [],
      configLinks: source ? [{ configId: source.id, selectorId: 'lookup' }] : [],
      selectors: (spec.selectors ?? []).map((s) => ({ selector: s, selectorId: selectorId(s) })),
      children: [],
    };
    for (const sel of spec.configs ?? []) {
      for (const c of await this.configs(sel))
        node.configLinks.push({ configId: c.id, selectorId: selectorId(sel) });
    }
    for (const link of spec.checks ?? []) {
      for (const k of await this.checks(link.selector)) {
        node.checkLinks.push({ checkId: k.id, canaryId: k.canary_id, selectorId: selectorId(link.selector) });
      }
    }
    for (const p of spec.properties ?? []) node.properties.push(await this.property(p, source, spec.name));

    const seen = new Set<string>();
    for (const child of spec.components ?? []) {
      const childKey = `${key}/${child.type ?? ''}:${child.name}`;
      if (seen.has(childKey)) {
        this.warnings.push(`${spec.name}: two components named ${child.name}; the second is ignored`);
        continue;
      }
      seen.add(childKey);
      node.children.push(await this.component(child, childKey, undefined, depth + 1));
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
    const { configLookup, checkLookup, ...out } = p;
    if (configLookup) {
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
