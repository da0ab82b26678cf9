import path from 'node:path';
import {
  describeSpecIssues,
  IMPLEMENTED_SCRAPER_KINDS,
  scrapeConfigSpecSchema,
  type FileScraperSpec,
  type ScrapeConfigSpec,
} from '@opsdeck/shared';
import YAML from 'yaml';
import type { SpecReference } from '../connections/index.js';
import { globProblem, pathProblem, type FileAccess } from '../sandbox/file-roots.js';
import { javaScriptSyntaxProblem } from '../sandbox/javascript.js';
import { kubeconfigSaveProblem } from '../sandbox/kubeconfig.js';
import { compileCel, parseTemplate } from '../expr/index.js';
import { isJsonPath, jsonPathProblem } from '../lib/jsonpath.js';
import { isPlainObject } from './merge-patch.js';
import { parseGitUrl, RemoteGitUrlError } from '../sandbox/git.js';

export type SpecCheck = { ok: true; spec: ScrapeConfigSpec } | { ok: false; message: string };

const RUN_KINDS = new Set<string>(IMPLEMENTED_SCRAPER_KINDS);

const PATH_FIELDS = ['id', 'name', 'type', 'class', 'status', 'health', 'description', 'parent'];

function celProblem(expression: string): string | undefined {
  try {
    compileCel(expression);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

function templateProblem(text: string): string | undefined {
  try {
    parseTemplate(text);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The transform's JSONPaths (always paths, `$` optional), CEL and Go templates. */
function transformProblems(transform: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  const add = (field: string, problem: string | undefined) => {
    if (problem) problems.push(`${at}.${field}: ${problem}`);
  };
  for (const list of ['exclude', 'mask']) {
    const items = transform[list];
    if (!Array.isArray(items)) continue;
    items.forEach((x: unknown, j) => {
      if (!isPlainObject(x)) return;
      if (typeof x.jsonpath === 'string') add(`${list}.${j}.jsonpath`, jsonPathProblem(x.jsonpath));
      if (typeof x.selector === 'string' && x.selector.trim())
        add(`${list}.${j}.selector`, celProblem(x.selector));
    });
  }
  if (typeof transform.expr === 'string') add('expr', celProblem(transform.expr));
  if (typeof transform.gotemplate === 'string') add('gotemplate', templateProblem(transform.gotemplate));
  if (typeof transform.jsonpath === 'string') add('jsonpath', jsonPathProblem(transform.jsonpath));
  const rels = transform.relationship;
  if (Array.isArray(rels)) {
    rels.forEach((r: unknown, j) => {
      if (!isPlainObject(r)) return;
      for (const f of ['filter', 'expr']) {
        const v = r[f];
        if (typeof v === 'string' && v.trim()) add(`relationship.${j}.${f}`, celProblem(v));
      }
      for (const [k, v] of Object.entries(r)) {
        if (isPlainObject(v) && typeof v.expr === 'string')
          add(`relationship.${j}.${k}.expr`, celProblem(v.expr));
      }
    });
  }
  return problems;
}

/** JSONPath, CEL and template expressions that cannot run, as "file.0.id: Unsupported selector …". */
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
      // `items` is always a path, with or without its `$`.
      if (typeof entry.items === 'string') {
        const p = jsonPathProblem(entry.items);
        if (p) problems.push(`${kind}.${i}.items: ${p}`);
      }
      for (const f of ['labels', 'tags', 'cost']) {
        const m = entry[f];
        if (isPlainObject(m)) for (const [k, v] of Object.entries(m)) check(`${f}.${k}`, v);
      }
      // Kinds only kept in the spec never run their expressions: their imports are not refused.
      if (isPlainObject(entry.transform) && RUN_KINDS.has(kind))
        problems.push(...transformProblems(entry.transform, `${kind}.${i}.transform`));
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
    ...(spec.file ?? []).map((e, i) => ({ path: `spec.file.${i}.connection`, value: e.connection })),
    ...(spec.http ?? []).map((e, i) => ({ path: `spec.http.${i}.connection`, value: e.connection })),
    ...(spec.sql ?? []).map((e, i) => ({ path: `spec.sql.${i}.connection`, value: e.connection })),
  ].filter((r) => r.value !== undefined);
}

/** A git entry: its globs stay inside the repository, a file:// repository inside the roots. */
async function repoEntryProblems(entry: FileScraperSpec, i: number, access: FileAccess): Promise<string[]> {
  const problems: string[] = [];
  for (const [j, pattern] of entry.paths.entries()) {
    if (path.isAbsolute(pattern) || pattern.split('/').includes('..'))
      problems.push(`file.${i}.paths.${j}: must be a relative path inside the repository`);
  }
  if (entry.url !== undefined) {
    try {
      const { repo } = parseGitUrl(entry.url);
      const problem = await pathProblem(repo, access);
      if (problem) problems.push(`file.${i}.url: ${problem}`);
    } catch (e) {
      // Remote repositories are accepted (imports keep working) and reported when run.
      if (!(e instanceof RemoteGitUrlError)) problems.push(`file.${i}.url: ${(e as Error).message}`);
    }
  }
  return problems;
}

/**
 * What a valid spec may not reach on this server, as "file.0.paths.1: path /etc is outside
 * the allowed file roots: …": file globs outside the roots, and kubeconfigs that run programs,
 * read the server's files or silently use its own credentials. Checked again at every run.
 * JavaScript transforms that do not compile are named here too (the check is asynchronous).
 */
export async function scraperReachProblems(spec: ScrapeConfigSpec, access: FileAccess): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, entry] of (spec.file ?? []).entries()) {
    if (entry.url !== undefined || entry.connection !== undefined) {
      problems.push(...(await repoEntryProblems(entry, i, access)));
      continue;
    }
    for (const [j, pattern] of entry.paths.entries()) {
      const problem = await globProblem(pattern, access);
      if (problem) problems.push(`file.${i}.paths.${j}: ${problem}`);
    }
  }
  for (const kind of IMPLEMENTED_SCRAPER_KINDS) {
    for (const [i, entry] of (spec[kind] ?? []).entries()) {
      const code = entry.transform?.javascript;
      const problem = code === undefined ? undefined : await javaScriptSyntaxProblem(code);
      if (problem) problems.push(`${kind}.${i}.transform.javascript: ${problem}`);
    }
  }
  for (const [i, entry] of (spec.kubernetes ?? []).entries()) {
    const problem = await kubeconfigSaveProblem(entry, access);
    if (problem) problems.push(`kubernetes.${i}.kubeconfig: ${problem}`);
  }
  return problems;
}
