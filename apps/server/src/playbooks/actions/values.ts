import { inlineValue, type ValueField } from '../../lib/inline-value.js';

/** A `{name, value | valueFrom}` entry of an action's env or headers list. */
export type NamedValue = { name?: unknown; value?: unknown; valueFrom?: unknown };

/**
 * An inline value ('' when none is given). The engine reads `valueFrom` references before the
 * action runs (value-refs.ts); one still here (an action an agent runs) fails the action
 * clearly rather than being left empty.
 */
export const resolveValue = (v: ValueField, what: string): string =>
  inlineValue(v, { what, valueFrom: 'unsupported' }) ?? '';

/** A list of named values as a map; entries without a name are ignored. */
export function namedValues(list: unknown, what: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list as NamedValue[]) {
    if (!item || typeof item.name !== 'string' || item.name === '') continue;
    out[item.name] = resolveValue(item, `${what} ${item.name}`);
  }
  return out;
}

/**
 * The first of `fields` the body sets, as "<kind> action: <field> is not supported": fields of
 * Mission Control's that change what the action does fail it rather than being ignored.
 */
export function unsupportedField(kind: string, body: unknown, fields: readonly string[]): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const set = fields.find((f) => {
    const v = (body as Record<string, unknown>)[f];
    return v !== undefined && v !== null && v !== false;
  });
  return set ? `${kind} action: ${set} is not supported` : undefined;
}
