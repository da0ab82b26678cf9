import { collectionFunctions } from './collections.js';
import { encodingFunctions } from './encoding.js';
import { goBuiltins } from './go-builtins.js';
import { gomplateCollFunctions } from './gomplate-coll.js';
import { gomplateDataFunctions } from './gomplate-data.js';
import { gomplateStringFunctions } from './gomplate-strings.js';
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
    // gomplate's namespaces (`strings.ToUpper`) and its aliases that sprig lacks.
    ...gomplateStringFunctions,
    ...gomplateDataFunctions,
    ...gomplateCollFunctions,
  }),
);

export { fn, type FunctionSpec, type TemplateFunction } from './types.js';
