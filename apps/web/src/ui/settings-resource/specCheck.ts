import type { z } from 'zod';
import type { SpecCheck } from './types.js';

/**
 * A spec check from the table's zod schemas (those its JSON Schema is made from): a whole
 * document of `kind` is checked as one, anything else as the bare spec.
 */
export function zodSpecCheck(kind: string, spec: z.ZodType, document: z.ZodType): SpecCheck {
  return (value) => {
    const res = value.kind === kind ? document.safeParse(value) : spec.safeParse(value);
    if (res.success) return undefined;
    const issue = res.error.issues[0];
    if (!issue) return 'The spec is not valid';
    return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
  };
}
