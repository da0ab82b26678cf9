import crypto from 'node:crypto';
import { z } from 'zod';
import type { SpecDocument } from './types.js';

/** What an applied row's `applied` column holds (migration 215_applied_objects.sql). */
export const appliedSchema = z
  .object({
    file: z.string().optional(),
    digest: z.string(),
    labels: z.record(z.string(), z.string()).default({}),
    document: z.unknown().optional(),
    at: z.string().optional(),
    /** Set by the database when someone changed the row's content by hand since. */
    edited: z.boolean().optional(),
  })
  .loose();
export type Applied = z.infer<typeof appliedSchema>;

/** JSON with object keys sorted, so equal documents give equal digests whatever their key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The digest of a document: the same file applied again has the same one. */
export function documentDigest(d: SpecDocument): string {
  return sha256(stableJson(d.document));
}

// Field names whose values are credentials: kept out of the stored copy of the document.
const SECRET_FIELD = /pass(word)?|secret|token|bearer|certificate|private.?key|api.?key|credential/i;

/**
 * The document as it is kept for `opsdeck diff`: credentials (password, token, … fields) are
 * replaced by a short digest, so a diff still shows that one changed but never its value.
 */
export function redactedDocument(value: unknown, secret = false): unknown {
  if (Array.isArray(value)) return value.map((v) => redactedDocument(v, secret));
  if (value !== null && typeof value === 'object') {
    // Below a credential's name (`password: {value: …}`) every value is the credential.
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        redactedDocument(v, secret || SECRET_FIELD.test(k)),
      ]),
    );
  }
  if (typeof value === 'string' && secret && !value.startsWith('connection://'))
    return `(redacted, sha256 ${sha256(value).slice(0, 12)})`;
  return value;
}

/** The `applied` column an apply of the document writes. */
export function appliedRecord(d: SpecDocument, at: Date): Applied {
  return {
    file: d.file,
    digest: documentDigest(d),
    labels: d.labels,
    document: redactedDocument(d.document),
    at: at.toISOString(),
  };
}
