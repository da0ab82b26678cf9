import { describeSpecIssues, scrapeConfigSpecSchema, type ScrapeConfigSpec } from '@opsdeck/shared';
import YAML from 'yaml';
import type { SpecReference } from '../connections/index.js';
import { globProblem, type FileAccess } from '../sandbox/file-roots.js';
import { kubeconfigSaveProblem } from '../sandbox/kubeconfig.js';
import { isJsonPath, jsonPathProblem } from '../lib/jsonpath.js';
import { isPlainObject } from './merge-patch.js';

export type SpecCheck = { ok: true; spec: ScrapeConfigSpec } | { ok: false; message: string };

const PATH_FIELDS = ['id', 'name', 'type', 'class', 'items', 'status', 'health', 'description', 'parent'];

/** JSONPath expressions the evaluator cannot read, as "file.0.id: Unsupported selector …". */
function jsonPathProblems(spec: ScrapeConfigSpec): string[] {
  const problems: string[] = [];
  for (const [kind, entries] of Object.entries(spec)) {
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, i) => {
      if (!isPlainObject(entry)) return;
      const check = (field: string, value: unknown) => {
        if (typeof value !== 'string' || !isJsonPath(value)) return;
        const p = jsonPathProblem(value);
        if (p) problems.push(`${kind}.${i}.${field}: ${p}`);
      };
      for (const f of PATH_FIELDS) check(f, entry[f]);
      for (const f of ['labels', 'tags', 'cost']) {
        const m = entry[f];
        if (isPlainObject(m)) for (const [k, v] of Object.entries(m)) check(`${f}.${k}`, v);
      }
      const transform = entry.transform;
      if (isPlainObject(transform)) {
        for (const list of ['exclude', 'mask']) {
          const items = transform[list];
          if (Array.isArray(items)) {
            items.forEach((x: unknown, j) => {
              if (isPlainObject(x)) check(`transform.${list}.${j}.jsonpath`, x.jsonpath);
            });
          }
        }
      }
    });
  }
  return problems;
}

/** Validates a scraper spec (an object, or YAML/JSON text) and says what is wrong in one line. */
export function validateScraperSpec(input: unknown): SpecCheck {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = YAML.parse(input) as unknown;
    } catch (e) {
      return { ok: false, message: `spec: not valid YAML (${(e as Error).message.split('\n')[0]})` };
    }
  }
  if (!isPlainObject(value)) return { ok: false, message: 'spec: must be an object' };
  const parsed = scrapeConfigSpecSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: `spec: ${describeSpecIssues(parsed.error)}` };
  const problems = jsonPathProblems(parsed.data);
  if (problems.length) return { ok: false, message: `spec: ${problems.join('; ')}` };
  return { ok: true, spec: parsed.data };
}

/** The `connection` of every http and sql entry, with where it stands in the spec. */
export function scraperConnections(spec: ScrapeConfigSpec): SpecReference[] {
  return [
    ...(spec.http ?? []).map((e, i) => ({ path: `spec.http.${i}.connection`, value: e.connection })),
    ...(spec.sql ?? []).map((e, i) => ({ path: `spec.sql.${i}.connection`, value: e.connection })),
  ].filter((r) => r.value !== undefined);
}

/**
 * What a valid spec may not reach on this server, as "file.0.paths.1: path /etc is outside
 * the allowed file roots: …": file globs outside the roots, and kubeconfigs that run programs,
 * read the server's files or silently use its own credentials. Checked again at every run.
 */
export async function scraperReachProblems(spec: ScrapeConfigSpec, access: FileAccess): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, entry] of (spec.file ?? []).entries()) {
    for (const [j, pattern] of entry.paths.entries()) {
      const problem = await globProblem(pattern, access);
      if (problem) problems.push(`file.${i}.paths.${j}: ${problem}`);
    }
  }
  for (const [i, entry] of (spec.kubernetes ?? []).entries()) {
    const problem = await kubeconfigSaveProblem(entry, access);
    if (problem) problems.push(`kubernetes.${i}.kubeconfig: ${problem}`);
  }
  return problems;
}
