import { markdownValues, renderDeep, type TemplateFunction } from '../../expr/index.js';

type Funcs = Readonly<Record<string, TemplateFunction>>;

/**
 * An action's body rendered against the run's template environment. A notification's
 * `message` is Markdown whose values are text, as in notification rules: a check's output
 * holding `[label](url)` is sent as those characters unless the template says
 * `{{ … | markdown }}` (docs/notifications.md).
 */
export function renderActionBody(kind: string, body: unknown, env: unknown, funcs: Funcs = {}): unknown {
  if (kind !== 'notification' || typeof body !== 'object' || body === null || Array.isArray(body))
    return renderDeep(body, env, { funcs });
  const { message, ...rest } = body as Record<string, unknown>;
  const rendered = renderDeep(rest, env, { funcs });
  if (message === undefined) return rendered;
  return { ...rendered, message: renderDeep(message, env, markdownValues(funcs)) };
}
