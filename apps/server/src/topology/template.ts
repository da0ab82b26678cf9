import { renderDeep, renderTemplate as renderText } from '../expr/index.js';

/**
 * `$(.config.name)` and `{{ .config.name }}` in forEach templates: Go templates (the
 * server's one engine, docs/expressions.md) rendered against the item a looked-up component
 * was made from (`config`) and the component itself (`component`). Unknown paths become
 * empty strings; a broken template throws a TemplateError naming the line.
 */
export type TemplateScope = Record<string, unknown>;

export function renderString(text: string, scope: TemplateScope): string {
  return renderText(text, scope);
}

/**
 * Renders every string of a template except inside nested `forEach` blocks, which are
 * rendered later against the items of their own lookups.
 */
export function renderTemplate<T>(value: T, scope: TemplateScope): T {
  return renderDeep(value, scope, { skipKeys: ['forEach'] });
}
