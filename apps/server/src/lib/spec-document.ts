import type { z } from 'zod';
import { readSpecObject } from './spec-object.js';

export type DocumentMetadata = { name?: string; namespace?: string; labels?: Record<string, string> };

/** Zod issues as "path: message; …", path first so the reader finds the field. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], prefix: string): string {
  return issues
    .slice(0, 5)
    .map((i) => `${[prefix, ...i.path.map(String)].join('.')}: ${i.message}`)
    .join('; ');
}

/**
 * Reads a spec as users give it — an object or YAML/JSON text, either the bare spec or a whole
 * Kubernetes-style document of `kind` (apiVersion/kind/metadata/spec) — and validates it.
 * Throws `SpecError` (the caller's class, so its routes answer 400) naming the field.
 */
export function parseSpecDocument<S>(
  input: unknown,
  schemas: {
    spec: z.ZodType<S>;
    document: z.ZodType<{ spec: S; metadata: DocumentMetadata }>;
  },
  SpecError: new (message: string) => Error,
): { spec: S; metadata: DocumentMetadata } {
  const value = readSpecObject(input, SpecError);
  if ((value as { kind?: unknown }).kind !== undefined) {
    const doc = schemas.document.safeParse(value);
    if (!doc.success) throw new SpecError(describeIssues(doc.error.issues, 'document'));
    return { spec: doc.data.spec, metadata: doc.data.metadata };
  }
  const parsed = schemas.spec.safeParse(value);
  if (!parsed.success) throw new SpecError(describeIssues(parsed.error.issues, 'spec'));
  return { spec: parsed.data, metadata: {} };
}
