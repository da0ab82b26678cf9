/**
 * Turns a JSON Schema object's properties into simple form fields. Flat values are covered
 * (text, numbers, booleans, enums, lists of strings or numbers), lists of named values
 * (headers) and, when asked, objects of such fields as a group (an incident rule's template);
 * anything else is left to the Code view, which keeps it untouched.
 */
import { DURATION_PATTERN } from '@opsdeck/shared';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  /** Values a form offers as choices (an http check's response codes). */
  examples?: unknown[];
  minimum?: number;
  /** A string's pattern: Go durations ('5m', '1h30m') are edited as an amount and a unit. */
  pattern?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
};

export type FieldKind =
  | 'text'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'list'
  | 'numberList'
  /** A secret-capable value: static, secret reference or config map reference (valueSource.ts). */
  | 'valueSource'
  /** An expression: None, Go Template, Javascript, Expr or JSONPath. */
  | 'script'
  /** A list of `{name, value | valueFrom}` (an http check's headers): NamedValuesInput.tsx. */
  | 'namedValues'
  /** An object whose own fields are edited together (`fields`), with `{ groups: true }`. */
  | 'group'
  /** A Go duration: an amount and a unit (ui/DurationInput.tsx). */
  | 'duration'
  /** Text of several lines (a script, a query, a body): a text area. */
  | 'longText'
  /**
   * A list of objects edited as cards (a playbook's actions, a logging backend's backends):
   * `fields` are every item's own, and with `variants` each item is one of those keys (its
   * kind), whose fields follow (ObjectListInput.tsx). Only for the lists a form names.
   */
  | 'objectList';

export type SchemaField = {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** The choices of a 'select', or those a 'numberList' offers as checkboxes. */
  options?: string[];
  /** The smallest value of a number (thresholds, counts, SSL expiry: 0). */
  minimum?: number;
  description?: string;
  /** A group's own fields; an object list's item fields. */
  fields?: SchemaField[];
  /** An object list's kinds: each key an item may hold, with its fields. */
  variants?: Record<string, SchemaField[]>;
};

export type SchemaFieldOptions = {
  /** Objects whose fields the form can edit become groups (any depth). */
  groups?: boolean;
  /**
   * Lists of objects the form edits as cards, by name, each with the keys that make an item's
   * kind (none: every item has the same fields). A list not named stays in the YAML.
   */
  lists?: Readonly<Record<string, readonly string[]>>;
};

/** Text fields of several lines wherever they appear. */
const LONG_TEXT = new Set(['script', 'query', 'body', 'message']);

function isSchema(v: unknown): v is JsonSchema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function kindOf(
  s: JsonSchema,
  options: SchemaFieldOptions,
): Pick<SchemaField, 'kind' | 'options' | 'fields'> | undefined {
  if (Array.isArray(s.enum) && s.enum.every((e) => typeof e === 'string')) {
    return { kind: 'select', options: s.enum as string[] };
  }
  if (s.anyOf?.some((m) => isSchema(m) && isSchema(m.properties?.valueFrom))) return { kind: 'valueSource' };
  if (s.type === 'object' && ['expr', 'template', 'javascript'].every((k) => isSchema(s.properties?.[k]))) {
    return { kind: 'script' };
  }
  const item = s.type === 'array' && isSchema(s.items) ? s.items.properties : undefined;
  if (isSchema(item?.name) && item.name.type === 'string' && isSchema(item.value))
    return { kind: 'namedValues' };
  if (s.type === 'string' && s.pattern === DURATION_PATTERN.source) return { kind: 'duration' };
  if (options.groups && s.type === 'object' && isSchema(s.properties)) {
    const fields = schemaFields(s, options);
    return fields.length > 0 ? { kind: 'group', fields } : undefined;
  }
  switch (s.type) {
    case 'string':
      return { kind: 'text' };
    case 'number':
      return { kind: 'number' };
    case 'integer':
      return { kind: 'integer' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array': {
      const t = s.items?.type;
      if (t === 'string' && !s.items?.enum) return { kind: 'list' };
      if (t === 'number' || t === 'integer') {
        const offered = s.items?.examples;
        return Array.isArray(offered) && offered.length > 0 && offered.every((e) => typeof e === 'number')
          ? { kind: 'numberList', options: offered.map(String) }
          : { kind: 'numberList' };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The form fields of an object schema, required ones first, in the schema's order otherwise. */
export function schemaFields(schema: JsonSchema, options: SchemaFieldOptions = {}): SchemaField[] {
  const required = new Set(schema.required ?? []);
  const fields: SchemaField[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (!isSchema(prop)) continue;
    const listed = options.lists?.[name];
    const kind = listed ? objectList(prop, listed, options) : longText(name, kindOf(prop, options));
    if (!kind) continue;
    fields.push({
      name,
      required: required.has(name),
      ...kind,
      ...(prop.description ? { description: prop.description } : {}),
      ...(typeof prop.minimum === 'number' ? { minimum: prop.minimum } : {}),
    });
  }
  return fields.sort((a, b) => Number(b.required) - Number(a.required));
}

function longText(name: string, kind: ReturnType<typeof kindOf>): ReturnType<typeof kindOf> {
  return kind?.kind === 'text' && LONG_TEXT.has(name) ? { kind: 'longText' } : kind;
}

/** A list of objects as cards: the item's own fields, and each kind's (always with groups). */
function objectList(
  s: JsonSchema,
  kinds: readonly string[],
  options: SchemaFieldOptions,
): Pick<SchemaField, 'kind' | 'fields' | 'variants'> | undefined {
  const item = s.type === 'array' && isSchema(s.items) ? s.items : undefined;
  const properties: Record<string, JsonSchema> | undefined = item?.properties;
  if (!item || !properties) return undefined;
  const own: Record<string, JsonSchema> = {};
  for (const [k, v] of Object.entries(properties)) if (!kinds.includes(k)) own[k] = v;
  const fields = schemaFields({ ...item, properties: own }, { groups: options.groups ?? false });
  if (kinds.length === 0) return { kind: 'objectList', fields };
  const variants: Record<string, SchemaField[]> = {};
  for (const k of kinds) {
    const v = properties[k];
    if (isSchema(v)) variants[k] = schemaFields(v, { groups: true });
  }
  return { kind: 'objectList', fields, variants };
}

/** The schema of one item of the array property `key` (a check type's list in a canary spec). */
export function itemSchema(root: unknown, key: string): JsonSchema | undefined {
  if (!isSchema(root)) return undefined;
  const list = root.properties?.[key];
  return isSchema(list) && isSchema(list.items) ? list.items : undefined;
}

/** A field's value as the text its input shows. */
export function fieldText(field: SchemaField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'list' || field.kind === 'numberList') {
    return Array.isArray(value) ? value.map(String).join('\n') : String(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The value an input's text stands for; undefined removes the field. */
export function fieldValue(field: SchemaField, text: string): unknown {
  switch (field.kind) {
    case 'number':
    case 'integer': {
      if (text.trim() === '') return undefined;
      const n = Number(text);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'list':
    case 'numberList': {
      // One item a line or comma separated, blanks dropped.
      const items = text
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (items.length === 0) return undefined;
      if (field.kind === 'list') return items;
      return items.map(Number).filter((n) => Number.isFinite(n));
    }
    case 'boolean':
      return text === 'true' ? true : undefined;
    default:
      return text === '' ? undefined : text;
  }
}

/** `value` with the field set to `next`, or without it when `next` is undefined. */
export function withField(
  value: Record<string, unknown>,
  name: string,
  next: unknown,
): Record<string, unknown> {
  const out = { ...value };
  if (next === undefined) delete out[name];
  else out[name] = next;
  return out;
}

export const NUMBER_ERRORS = {
  required: 'This field is required',
  notNumber: 'This field must be a number',
  below: (min: number) => `This field must be at least ${min}`,
} as const;

/** What is wrong with a number field's text (doc 3 §5), or undefined. */
export function numberProblem(field: SchemaField, text: string): string | undefined {
  if (field.kind !== 'number' && field.kind !== 'integer') return undefined;
  const t = text.trim();
  if (t === '') return field.required ? NUMBER_ERRORS.required : undefined;
  const n = Number(t);
  if (!Number.isFinite(n) || (field.kind === 'integer' && !Number.isInteger(n)))
    return NUMBER_ERRORS.notNumber;
  if (field.minimum !== undefined && n < field.minimum) return NUMBER_ERRORS.below(field.minimum);
  return undefined;
}
