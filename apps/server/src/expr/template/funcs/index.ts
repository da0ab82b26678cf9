import { collectionFunctions } from './collections.js';
import { encodingFunctions } from './encoding.js';
import { goBuiltins } from './go-builtins.js';
import { miscFunctions } from './misc.js';
import { numberFunctions } from './numbers.js';
import { regexFunctions } from './regex.js';
import { stringFunctions } from './strings.js';
import { timeFunctions } from './time.js';
import type { FunctionSpec } from './types.js';

/**
 * Every function a template can call, by name. To add one, put it in the group file it
 * belongs to (or a new one listed here) and add a row to docs/expressions.md; the docs
 * test fails until both exist.
 */
export const templateFunctions: ReadonlyMap<string, FunctionSpec> = new Map(
  Object.entries({
    ...goBuiltins,
    ...stringFunctions,
    ...collectionFunctions,
    ...numberFunctions,
    ...encodingFunctions,
    ...timeFunctions,
    ...regexFunctions,
    ...miscFunctions,
  }),
);

export { fn, type FunctionSpec, type TemplateFunction } from './types.js';
