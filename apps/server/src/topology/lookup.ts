import type { LookupSpec } from '@opsdeck/shared';
import { evalCel, renderTemplate } from '../expr/index.js';
import { runJavaScript } from '../sandbox/javascript.js';
import type { ConfigSelector, SelectedConfig } from '../selectors.js';

/**
 * canary-checker's `lookup`: a canary spec run once, without storing results, whose checks'
 * output becomes components (or properties). Each check gives one result: the text of its
 * `display` (CEL `expr`, Go `template` or sandboxed `javascript`), or, without a display,
 * its data (the JSON body of an HTTP check, the items of a catalog lookup).
 */
export type Display = { expr?: string; template?: string; javascript?: string };

export type LookupRuntime = {
  /** Runs one check of the health area (http, exec, …) and returns its variables. */
  runCheck(type: string, spec: Record<string, unknown>): Promise<LookupCheckOutcome>;
  /** Config items for the `catalog` lookup. */
  configs(selector: ConfigSelector): Promise<SelectedConfig[]>;
  /** Kubernetes objects of a kind, when a cluster is configured. */
  kubernetes?(spec: Record<string, unknown>): Promise<unknown[]>;
};

export type LookupCheckOutcome = { pass: boolean; error: string | null; vars: Record<string, unknown> };

export class LookupError extends Error {}

/** The types this server runs in a lookup; the others the schema accepts are skipped with a warning. */
const RUN_BY_CHECK = new Set(['http', 'exec']);

/** Applies a display to a check's variables; JavaScript and CEL results that are not text become JSON. */
export async function applyDisplay(display: Display, vars: Record<string, unknown>): Promise<unknown> {
  if (display.expr) return evalCel(display.expr, vars);
  if (display.template) return renderTemplate(display.template, vars);
  if (display.javascript) return runJavaScript(display.javascript, vars);
  return undefined;
}

function catalogItem(c: SelectedConfig): Record<string, unknown> {
  // The fields canary-checker's catalog check gives each item (description = status reason).
  return {
    id: c.id,
    name: c.name,
    namespace: c.namespace,
    type: c.type,
    config_class: c.config_class,
    status: c.status,
    health: c.health,
    description: c.status ?? '',
    labels: c.labels,
    tags: c.tags,
    config: c.config,
  };
}

/** The variables one lookup check gives its display, or throws LookupError with the reason. */
async function variables(
  rt: LookupRuntime,
  type: string,
  entry: Record<string, unknown>,
): Promise<{ vars: Record<string, unknown>; data: unknown }> {
  if (type === 'catalog') {
    const selectors = (entry.selector as ConfigSelector[] | undefined) ?? [];
    const seen = new Map<string, Record<string, unknown>>();
    for (const s of selectors) for (const c of await rt.configs(s)) seen.set(c.id, catalogItem(c));
    const results = [...seen.values()];
    return { vars: { results }, data: results };
  }
  if (type === 'kubernetes') {
    if (!rt.kubernetes) throw new LookupError('kubernetes lookups need a configured cluster');
    const results = await rt.kubernetes(entry);
    return { vars: { results }, data: results };
  }
  if (!RUN_BY_CHECK.has(type))
    throw new LookupError(`${type} lookups are accepted but not run by this server`);
  const { display: _display, test: _test, ...spec } = entry;
  const out = await rt.runCheck(type, spec);
  if (!out.pass || out.error) throw new LookupError(out.error ?? `${type} lookup failed`);
  const data = type === 'http' ? (out.vars.json ?? out.vars.content) : out.vars.stdout;
  return { vars: { ...out.vars, results: type === 'exec' ? out.vars : data }, data };
}

/**
 * Runs every check of a lookup in order and returns one result per check (a string from a
 * display, otherwise the check's data). The first failing check fails the lookup.
 */
export async function runLookup(rt: LookupRuntime, lookup: LookupSpec): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const [type, list] of Object.entries(lookup)) {
    if (type === 'configs' || type === 'display' || type === 'kubeconfig' || !Array.isArray(list)) continue;
    for (const raw of list as Record<string, unknown>[]) {
      const label = `${type} lookup${typeof raw.name === 'string' && raw.name ? ` ${raw.name}` : ''}`;
      try {
        // canary-checker puts the kubeconfig next to the checks; each kubernetes check uses it.
        const entry =
          type === 'kubernetes' && lookup.kubeconfig && !raw.kubeconfig
            ? { ...raw, kubeconfig: lookup.kubeconfig }
            : raw;
        const { vars, data } = await variables(rt, type, entry);
        const display = (raw.display as Display | undefined) ?? lookup.display;
        if (display && (display.expr || display.template || display.javascript)) {
          const shown = await applyDisplay(display, vars);
          results.push(typeof shown === 'string' ? shown : JSON.stringify(shown));
        } else if (Array.isArray(data)) results.push(...(data as unknown[]));
        else results.push(data);
      } catch (e) {
        throw new LookupError(`${label}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
  }
  return results;
}

/** True when a lookup names a canary-checker check type (not only this server's `configs`). */
export function hasCheckLookup(lookup: LookupSpec | undefined): boolean {
  if (!lookup) return false;
  return Object.entries(lookup).some(
    ([k, v]) => k !== 'configs' && k !== 'display' && k !== 'kubeconfig' && Array.isArray(v) && v.length > 0,
  );
}
