import { playbookSpecSchema } from '@opsdeck/shared';
import { stringify } from 'yaml';
import { z } from 'zod';
import { parseYamlObject } from '../../../lib/yaml.js';
import type { PlaybookInput } from '../api/playbooks.js';
import type { PlaybookRow } from '../api/types.js';

export const REQUIRED = 'This field is required';
export const SPEC_NOT_OBJECT = 'The spec must be a YAML object';

export type SpecFormValues = {
  title: string;
  name: string;
  icon: string;
  category: string;
  description: string;
  spec: string;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The spec of the text: a bare spec, or a whole `kind: Playbook` document (pasted from a file),
 * whose metadata name is returned too.
 */
export function readSpecText(text: string): { spec: Record<string, unknown>; name?: string } | undefined {
  const doc = parseYamlObject(text);
  if (!doc) return undefined;
  if (doc.kind === 'Playbook' && isObject(doc.spec)) {
    const meta = isObject(doc.metadata) ? doc.metadata : {};
    return typeof meta.name === 'string' ? { spec: doc.spec, name: meta.name } : { spec: doc.spec };
  }
  return { spec: doc };
}

/** The first problem the shared spec schema finds, with where it is. */
export function specProblem(spec: Record<string, unknown>): string | undefined {
  const parsed = playbookSpecSchema.safeParse(spec);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (!issue) return undefined;
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Title and spec are required; the spec is YAML the playbook spec schema accepts. */
export const specFormSchema = z
  .object({
    title: z.string().trim().min(1, REQUIRED),
    name: z.string(),
    icon: z.string(),
    category: z.string(),
    description: z.string(),
    spec: z.string().trim().min(1, REQUIRED),
  })
  .superRefine((v, ctx) => {
    if (!v.spec.trim()) return;
    const read = readSpecText(v.spec);
    if (!read) {
      ctx.addIssue({ code: 'custom', path: ['spec'], message: SPEC_NOT_OBJECT });
      return;
    }
    const problem = specProblem(read.spec);
    if (problem) ctx.addIssue({ code: 'custom', path: ['spec'], message: problem });
  });

/** A name from a title: lower case, words joined by dashes. */
export function nameFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function formValues(row: PlaybookRow | undefined): SpecFormValues {
  if (!row) return { title: '', name: '', icon: '', category: '', description: '', spec: '' };
  return {
    title: row.title ?? '',
    name: row.name,
    icon: row.icon ?? '',
    category: row.category ?? '',
    description: row.description ?? '',
    spec: row.spec && Object.keys(row.spec).length ? stringify(row.spec) : '',
  };
}

/** What to store; an empty name comes from the document's name, else from the title. */
export function formInput(v: SpecFormValues): PlaybookInput {
  const read = readSpecText(v.spec);
  const optional = (s: string) => s.trim() || null;
  return {
    name: v.name.trim() || read?.name || nameFromTitle(v.title),
    title: v.title.trim(),
    icon: optional(v.icon),
    category: optional(v.category),
    description: optional(v.description),
    spec: read?.spec ?? {},
  };
}
