import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { renderTemplate, type TemplateFunction } from '../../src/expr/index.js';

/**
 * Renders a Helm chart of deploy/charts the way `helm template` does: with `helm` when it is on
 * PATH, else with the server's Go-template engine plus the few Helm functions the charts use
 * (include, required, fail and Helm's toYaml), after merging the values files over values.yaml
 * and checking the result against values.schema.json, as Helm does before rendering.
 */

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
};

export type Rendered = {
  manifests: Manifest[];
  /** NOTES.txt; `helm template` does not render it, so undefined when helm rendered. */
  notes: string | undefined;
  renderer: 'helm' | 'engine';
};

export type Release = { name: string; namespace: string };

/** Thrown for values the schema refuses or a template that fails (`fail`, `required`). */
export class ChartError extends Error {}

type Values = Record<string, unknown>;

const isMap = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Helm's merge of a values file over the defaults: maps merge, anything else replaces, null deletes. */
export function coalesceValues(base: Values, over: Values): Values {
  const out: Values = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === null) delete out[key];
    else if (isMap(value) && isMap(out[key])) out[key] = coalesceValues(out[key], value);
    else out[key] = value;
  }
  return out;
}

function readYaml(file: string): Values {
  const value: unknown = parse(fs.readFileSync(file, 'utf8'));
  return isMap(value) ? value : {};
}

export function helmOnPath(): boolean {
  return spawnSync('helm', ['version', '--short'], { stdio: 'ignore' }).status === 0;
}

/** The values a chart renders with: values.yaml, then each file, then `set` (like --set-json). */
export function chartValues(chartDir: string, valuesFiles: readonly string[], set: Values = {}): Values {
  let values = readYaml(path.join(chartDir, 'values.yaml'));
  for (const file of valuesFiles) values = coalesceValues(values, readYaml(file));
  return coalesceValues(values, set);
}

/** The schema's complaints about `values` (empty when it accepts them). */
export function schemaProblems(chartDir: string, values: Values): string[] {
  const schema = JSON.parse(fs.readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8')) as object;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  if (validate(values)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
}

/** Chart.yaml as templates see it: `.Chart.Name`, `.Chart.Version`, `.Chart.AppVersion`. */
function chartObject(chartDir: string): Values {
  const meta = readYaml(path.join(chartDir, 'Chart.yaml'));
  return Object.fromEntries(
    Object.entries(meta).map(([k, v]) => [k.charAt(0).toUpperCase() + k.slice(1), v]),
  );
}

/** Helm's toYaml: keys sorted (sigs.k8s.io/yaml), no trailing newline, "" for nil. */
function helmToYaml(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  return stringify(value, { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, '');
}

const MARK = '\u0000--opsdeck-render--\u0000';

function renderWithEngine(chartDir: string, values: Values, release: Release): Rendered {
  const templatesDir = path.join(chartDir, 'templates');
  const files = fs.readdirSync(templatesDir).sort();
  // Every file's `define`s are visible to every template, as in Helm.
  const defines = files
    .filter((f) => f.endsWith('.tpl'))
    .map((f) => fs.readFileSync(path.join(templatesDir, f), 'utf8'))
    .join('\n');
  const data = {
    Values: values,
    Chart: chartObject(chartDir),
    Release: { Name: release.name, Namespace: release.namespace, Service: 'Helm', IsInstall: true },
  };
  // Only `{{ }}`: `$(VAR)` in a template is Kubernetes' own expansion, not an action.
  const delimiters = [{ left: '{{', right: '}}' }];
  const render = (text: string, dot: unknown): string => {
    const out = renderTemplate(`${defines}${MARK}${text}`, dot, { funcs, delimiters });
    return out.slice(out.indexOf(MARK) + MARK.length);
  };
  const funcs: Record<string, TemplateFunction> = {
    include: (name, dot) => render(`{{- template ${JSON.stringify(String(name))} . -}}`, dot),
    required: (message, value) => {
      if (value === undefined || value === null || value === '') throw new ChartError(String(message));
      return value;
    },
    fail: (message) => {
      throw new ChartError(String(message));
    },
    toYaml: helmToYaml,
  };
  const run = (file: string): string => {
    try {
      return render(fs.readFileSync(path.join(templatesDir, file), 'utf8'), data);
    } catch (e) {
      throw new ChartError(`${path.basename(chartDir)}/templates/${file}: ${(e as Error).message}`);
    }
  };
  const manifests: Manifest[] = [];
  for (const file of files.filter((f) => f.endsWith('.yaml'))) {
    manifests.push(...parseManifests(run(file), file));
  }
  const notes = files.includes('NOTES.txt') ? run('NOTES.txt') : undefined;
  return { manifests, notes, renderer: 'engine' };
}

function parseManifests(text: string, source: string): Manifest[] {
  const out: Manifest[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) throw new ChartError(`${source}: ${doc.errors[0]?.message}\n${text}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isMap(value) || typeof value.kind !== 'string')
      throw new ChartError(`${source}: not an object\n${text}`);
    out.push(value as Manifest);
  }
  return out;
}

function renderWithHelm(chartDir: string, valuesFiles: readonly string[], set: Values, release: Release) {
  const args = ['template', release.name, chartDir, '--namespace', release.namespace];
  for (const file of valuesFiles) args.push('--values', file);
  for (const [key, value] of Object.entries(set)) args.push('--set-json', `${key}=${JSON.stringify(value)}`);
  const res = spawnSync('helm', args, { encoding: 'utf8' });
  if (res.status !== 0) throw new ChartError(res.stderr.trim());
  return {
    manifests: parseManifests(res.stdout, 'helm template'),
    notes: undefined,
    renderer: 'helm' as const,
  };
}

/**
 * Renders `chartDir` with the values files (and top-level `set` values) for a release.
 * Throws ChartError for values the schema refuses and for templates that fail.
 */
export function renderChart(
  chartDir: string,
  valuesFiles: readonly string[] = [],
  options: { set?: Values; release?: Release; useHelm?: boolean } = {},
): Rendered {
  const release = options.release ?? { name: 'ops', namespace: 'opsdeck' };
  const set = options.set ?? {};
  if (options.useHelm ?? helmOnPath()) return renderWithHelm(chartDir, valuesFiles, set, release);
  const values = chartValues(chartDir, valuesFiles, set);
  const problems = schemaProblems(chartDir, values);
  if (problems.length)
    throw new ChartError(`values don't meet the specifications of the schema: ${problems.join('; ')}`);
  return renderWithEngine(chartDir, values, release);
}
