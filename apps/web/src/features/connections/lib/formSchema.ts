import type { ConnectionTypeDef, FieldTarget } from '@opsdeck/shared';
import { z } from 'zod';
import { fieldText, propertyName, type ConnectionFormState } from './formState.js';

/** Validation texts. */
const REQUIRED_TEXT = 'This field is required';
const NUMBER_TEXT = 'This field must be a number';

const base = z.object({
  name: z.string(),
  namespace: z.string(),
  url: z.string(),
  username: z.string(),
  password: z.string(),
  certificate: z.string(),
  insecure_tls: z.boolean(),
  properties: z.record(z.string(), z.string()),
});

function pathOf(key: FieldTarget): string[] {
  const prop = propertyName(key);
  return prop === undefined ? [key] : ['properties', prop];
}

/**
 * The connection form's rules: name and namespace (new connections only: they cannot change
 * later), the type's required fields, and numbers. A required secret the server already holds
 * (masked) may stay empty: that keeps it.
 */
export function connectionFormSchema(
  def: ConnectionTypeDef,
  opts: { editing: boolean; masked: ReadonlySet<FieldTarget> },
): z.ZodType<ConnectionFormState, ConnectionFormState> {
  return base.superRefine((values, ctx) => {
    if (!opts.editing) {
      for (const key of ['name', 'namespace'] as const)
        if (values[key].trim() === '') ctx.addIssue({ code: 'custom', message: REQUIRED_TEXT, path: [key] });
    }
    for (const field of def.fields) {
      if (field.input === 'checkbox') continue;
      const text = fieldText(values, field.key).trim();
      if (text === '') {
        if (field.required && !opts.masked.has(field.key))
          ctx.addIssue({ code: 'custom', message: REQUIRED_TEXT, path: pathOf(field.key) });
      } else if (field.input === 'number' && !Number.isFinite(Number(text))) {
        ctx.addIssue({ code: 'custom', message: NUMBER_TEXT, path: pathOf(field.key) });
      }
    }
  });
}
