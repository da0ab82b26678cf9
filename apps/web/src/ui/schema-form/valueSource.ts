/**
 * Secret-capable values (doc 3 §3): a static value, a secret reference or a config map
 * reference (name and key), as specs write them — `"text"` or `{value}`, `{valueFrom:
 * {secretKeyRef: {name, key}}}`, `{valueFrom: {configMapKeyRef: {name, key}}}`.
 */
export const VALUE_SOURCES = [
  { kind: 'static', label: 'Static' },
  { kind: 'secret', label: 'Secret' },
  { kind: 'configmap', label: 'ConfigMap' },
] as const;
export type ValueSourceKind = (typeof VALUE_SOURCES)[number]['kind'];

const REF_KEY = { secret: 'secretKeyRef', configmap: 'configMapKeyRef' } as const;

export type ValueSource =
  | { kind: 'static'; text: string }
  | { kind: 'secret' | 'configmap'; name: string; key: string }
  /** A reference the form cannot edit (a connection's field): kept, edited in the Code view. */
  | { kind: 'other' };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function readValueSource(v: unknown): ValueSource {
  if (v === undefined || v === null || typeof v === 'string') return { kind: 'static', text: text(v) };
  if (!isObject(v)) return { kind: 'other' };
  const from = v.valueFrom;
  if (!isObject(from)) return { kind: 'static', text: text(v.value) };
  for (const kind of ['secret', 'configmap'] as const) {
    const ref = from[REF_KEY[kind]];
    if (isObject(ref)) return { kind, name: text(ref.name), key: text(ref.key) };
  }
  return { kind: 'other' };
}

/** The spec value of a source; an empty static value removes the field. */
export function writeValueSource(source: ValueSource, previous: unknown): unknown {
  switch (source.kind) {
    case 'static':
      if (source.text === '') return undefined;
      // `{value}` stays `{value}`; otherwise the plain text, which every such field takes.
      return isObject(previous) && 'value' in previous ? { value: source.text } : source.text;
    case 'secret':
    case 'configmap':
      return { valueFrom: { [REF_KEY[source.kind]]: { name: source.name, key: source.key } } };
    case 'other':
      return previous;
  }
}

/** Switching the source starts the new one empty: nothing of the previous one is kept. */
export function emptySource(kind: ValueSourceKind): ValueSource {
  return kind === 'static' ? { kind, text: '' } : { kind, name: '', key: '' };
}

/**
 * Script forms of `test`, `display` and `transform` (doc 3 §4): None or one kind; switching
 * clears the previous text.
 */
export const SCRIPT_KINDS = [
  { key: 'template', label: 'Go Template' },
  { key: 'javascript', label: 'Javascript' },
  { key: 'expr', label: 'Expr' },
  { key: 'jsonPath', label: 'JSONPath' },
] as const;
export type ScriptKey = (typeof SCRIPT_KINDS)[number]['key'];

export function readScript(v: unknown): { key: ScriptKey; text: string } | undefined {
  if (!isObject(v)) return undefined;
  for (const { key } of SCRIPT_KINDS) if (key in v) return { key, text: text(v[key]) };
  return undefined;
}
