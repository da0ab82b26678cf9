import { canaryResourceSchema, canarySpecSchema } from '@opsdeck/shared';
import { z } from 'zod';
import { parseYamlObject } from '../../../lib/yaml.js';

export const REQUIRED = 'This field is required';
export const LABELS_ERROR = 'Labels must be a JSON object';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The first problem of a canary spec (or a whole Canary document), as 'path: message'. */
export function specProblem(spec: Record<string, unknown>): string | undefined {
  const res =
    spec.kind === 'Canary' ? canaryResourceSchema.safeParse(spec) : canarySpecSchema.safeParse(spec);
  if (res.success) return undefined;
  const issue = res.error.issues[0];
  if (!issue) return 'The spec is not valid';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

export const canaryFormSchema = z
  .object({
    name: z.string().trim().min(1, REQUIRED),
    namespace: z.string().trim(),
    labels: z.string(),
    schedule: z.string(),
    spec: z.string(),
  })
  .superRefine((v, ctx) => {
    const text = v.labels.trim();
    if (text) {
      try {
        if (!isObject(JSON.parse(text)))
          ctx.addIssue({ code: 'custom', path: ['labels'], message: LABELS_ERROR });
      } catch {
        ctx.addIssue({ code: 'custom', path: ['labels'], message: LABELS_ERROR });
      }
    }
    if (!v.spec.trim()) {
      ctx.addIssue({ code: 'custom', path: ['spec'], message: REQUIRED });
      return;
    }
    const spec = parseYamlObject(v.spec);
    if (!spec) {
      ctx.addIssue({ code: 'custom', path: ['spec'], message: 'The spec must be a YAML object' });
      return;
    }
    const problem = specProblem(spec);
    if (problem) ctx.addIssue({ code: 'custom', path: ['spec'], message: problem });
  });
export type CanaryFormValues = z.infer<typeof canaryFormSchema>;
