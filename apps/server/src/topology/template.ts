import { resourceScriptEnv, withEnvEntries } from '@opsdeck/shared';
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

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every `exec` entry (a lookup's, an inline canary's check) below a rendered forEach gets the
 * item's fields as variables (`COMPONENT_NAME`, `CONFIG_ID`…): looked-up names come from
 * remote data, and a script reads them as data that way (docs/topology.md). Nested forEach
 * blocks get their own items' values when they are rendered.
 */
function withScriptEnv(value: unknown, variables: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(value)) return value.map((v) => withScriptEnv(v, variables));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (key === 'forEach') return [key, v];
      if (key === 'exec' && Array.isArray(v)) {
        return [
          key,
          v.map((entry) =>
            isObject(entry) && typeof entry.script === 'string'
              ? { ...(withScriptEnv(entry, variables) as Json), env: withEnvEntries(entry.env, variables) }
              : withScriptEnv(entry, variables),
          ),
        ];
      }
      return [key, withScriptEnv(v, variables)];
    }),
  );
}

/**
 * Renders every string of a template except inside nested `forEach` blocks, which are
 * rendered later against the items of their own lookups; exec entries get the item's values
 * as variables.
 */
export function renderTemplate<T>(value: T, scope: TemplateScope): T {
  const rendered = renderDeep(value, scope, { skipKeys: ['forEach'] });
  const variables = resourceScriptEnv({ config: scope.config, component: scope.component });
  return withScriptEnv(rendered, variables) as T;
}
