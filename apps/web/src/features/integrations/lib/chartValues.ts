import type { JsonSchema } from '../../../ui/schema-form/schemaFields.js';

/** The nested object properties of a schema (sections of the values form), in schema order. */
export function objectSections(schema: JsonSchema): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).filter(
    ([, s]) => s.type === 'object' && Object.keys(s.properties ?? {}).length > 0,
  );
}

/** The starting values: each property's `default`, nested objects included. */
export function schemaDefaults(schema: JsonSchema & { default?: unknown }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(schema.properties ?? {}) as [
    string,
    JsonSchema & { default?: unknown },
  ][]) {
    if (s.default !== undefined && s.default !== '') out[k] = s.default;
    else if (s.type === 'object' && s.properties) {
      const inner = schemaDefaults(s);
      if (Object.keys(inner).length > 0) out[k] = inner;
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Required values that are missing, as dotted paths. A nested object's own requirements count
 * only once something in it is filled (an optional section left empty is fine).
 */
export function missingRequired(schema: JsonSchema, value: Record<string, unknown>, prefix = ''): string[] {
  const missing: string[] = [];
  for (const name of schema.required ?? []) {
    const prop = schema.properties?.[name];
    const v = value[name];
    // Objects and lists have no input of their own; their fields say what they need.
    if (prop?.type === 'object' || prop?.type === 'array') continue;
    if (v === undefined || v === null || v === '') missing.push(`${prefix}${name}`);
  }
  for (const [name, s] of objectSections(schema)) {
    const v = value[name];
    const required = (schema.required ?? []).includes(name);
    if (isObject(v) ? Object.keys(v).length > 0 || required : required)
      missing.push(...missingRequired(s, isObject(v) ? v : {}, `${prefix}${name}.`));
  }
  return missing;
}
