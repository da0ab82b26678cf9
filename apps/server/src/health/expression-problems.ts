import { CHECK_TYPES } from '@opsdeck/shared';
import { celSyntaxProblem, parseTemplate } from '../expr/index.js';
import { javaScriptSyntaxProblem } from '../sandbox/javascript.js';

const FIELDS = ['test', 'display', 'transform'] as const;

/**
 * Syntax errors in the checks' `test`, `display` and `transform` (CEL, Go template or
 * JavaScript), found when a canary is saved so they are a 400 naming the field rather than a
 * failure at every run. Only syntax: an unknown function or variable is judged at run time.
 */
export async function expressionProblems(spec: unknown): Promise<string[]> {
  const problems: string[] = [];
  for (const type of CHECK_TYPES) {
    const list: unknown = (spec as Record<string, unknown> | null)?.[type];
    if (!Array.isArray(list)) continue;
    for (const [i, check] of list.entries()) {
      for (const field of FIELDS) {
        const e: unknown = (check as Record<string, unknown> | null)?.[field];
        if (!e || typeof e !== 'object') continue;
        const { expr, template, javascript } = e as Record<string, unknown>;
        const where = `spec.${type}.${i}.${field}`;
        if (typeof expr === 'string') {
          const why = celSyntaxProblem(expr);
          if (why) problems.push(`${where}.expr: ${why}`);
        }
        if (typeof template === 'string') {
          try {
            parseTemplate(template);
          } catch (err) {
            problems.push(`${where}.template: ${(err as Error).message.split('\n')[0]}`);
          }
        }
        if (typeof javascript === 'string') {
          const why = await javaScriptSyntaxProblem(javascript);
          if (why) problems.push(`${where}.javascript: ${why}`);
        }
      }
    }
  }
  return problems;
}
