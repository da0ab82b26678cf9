/**
 * `$(.config.name)` and `{{ .config.name }}` placeholders in forEach templates, resolved
 * against the item a looked-up component was made from (`config`) and the component
 * itself (`component`). Unknown paths become empty strings.
 */
export type TemplateScope = Record<string, unknown>;

const PLACEHOLDER = /\$\(\s*\.([\w.-]+)\s*\)|\{\{\s*\.([\w.-]+)\s*\}\}/g;

function lookup(scope: TemplateScope, path: string): string {
  let v: unknown = scope;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string, unknown>)[key];
  }
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function renderString(text: string, scope: TemplateScope): string {
  return text.replace(PLACEHOLDER, (_m, a: string | undefined, b: string | undefined) =>
    lookup(scope, a ?? b ?? ''),
  );
}

/**
 * Renders every string of a template except inside nested `forEach` blocks, which are
 * rendered later against the items of their own lookups.
 */
export function renderTemplate<T>(value: T, scope: TemplateScope): T {
  if (typeof value === 'string') return renderString(value, scope) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => renderTemplate(v, scope)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'forEach' ? v : renderTemplate(v, scope);
  return out as T;
}
