import { topologyResourceSchema, topologySpecSchema, type TopologySpec } from '@opsdeck/shared';
import type { z } from 'zod';
import { CanarySpecError, parseCanarySpec } from '../health/index.js';
import { jsonPathProblem } from '../lib/jsonpath.js';
import { readSpecObject } from '../lib/spec-object.js';

export class TopologySpecError extends Error {}

export type TopologyMetadata = { name?: string; namespace?: string; labels?: Record<string, string> };

function describe(issues: z.core.$ZodIssue[], prefix = 'spec'): string {
  return issues
    .slice(0, 5)
    .map((i) => `${[prefix, ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');
}

/** Every configLookup.field of the spec, with where it is, so bad JSONPaths are refused on save. */
function badJsonPaths(value: unknown, path: string[] = []): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const bad = badJsonPaths(v, [...path, String(i)]);
      if (bad) return bad;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (
      k === 'configLookup' &&
      v &&
      typeof v === 'object' &&
      typeof (v as { field?: unknown }).field === 'string'
    ) {
      const problem = jsonPathProblem((v as { field: string }).field);
      if (problem) return `${[...path, k, 'field'].join('.')}: ${problem}`;
    }
    const bad = badJsonPaths(v, [...path, k]);
    if (bad) return bad;
  }
  return undefined;
}

/** Every inline canary (`checks[].inline`, `canarySelector[].inline`) must be a valid canary spec. */
function badInlineCanary(value: unknown, path: string[] = []): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const bad = badInlineCanary(v, [...path, String(i)]);
      if (bad) return bad;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const inCheckList = path.at(-2) === 'checks' || path.at(-2) === 'canarySelector';
    if (k === 'inline' && inCheckList && v && typeof v === 'object') {
      const specs = Array.isArray(v) ? v : [v];
      for (const [i, one] of specs.entries()) {
        try {
          parseCanarySpec(one);
        } catch (e) {
          if (!(e instanceof CanarySpecError)) throw e;
          const where = [...path, k, ...(Array.isArray(v) ? [String(i)] : [])].join('.');
          return `${where}: ${e.message}`;
        }
      }
      continue;
    }
    const bad = badInlineCanary(v, [...path, k]);
    if (bad) return bad;
  }
  return undefined;
}

/**
 * Reads a topology spec as users give it: an object or YAML/JSON text, either the bare spec
 * or a whole Mission Control document (apiVersion/kind/metadata/spec). Throws
 * TopologySpecError with the problems, path first.
 */
export function parseTopologySpec(input: unknown): { spec: TopologySpec; metadata: TopologyMetadata } {
  const value = readSpecObject(input, TopologySpecError);
  let spec: TopologySpec;
  let metadata: TopologyMetadata = {};
  if ((value as { kind?: unknown }).kind !== undefined) {
    const doc = topologyResourceSchema.safeParse(value);
    if (!doc.success) throw new TopologySpecError(describe(doc.error.issues, 'document'));
    spec = doc.data.spec;
    metadata = doc.data.metadata;
  } else {
    const parsed = topologySpecSchema.safeParse(value);
    if (!parsed.success) throw new TopologySpecError(describe(parsed.error.issues));
    spec = parsed.data;
  }
  const bad = badJsonPaths(spec, ['spec']) ?? badInlineCanary(spec, ['spec']);
  if (bad) throw new TopologySpecError(bad);
  return { spec, metadata };
}
