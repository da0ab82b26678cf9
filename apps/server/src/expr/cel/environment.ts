import { Environment } from '@marcbachmann/cel-js';
import { registerCanaryExtensions } from './ext-canary.js';
import { registerCollectionExtensions } from './ext-collections.js';
import { registerMatchExtensions } from './ext-match.js';
import { registerMathExtensions } from './ext-math.js';
import { registerStringExtensions } from './ext-strings.js';
import { registerTimeExtensions } from './ext-time.js';

/**
 * The one CEL environment of the server: variables are dynamic (specs reference whatever
 * the event carries), lists and maps may mix types, optional syntax (`a.?b.orValue(x)`) is
 * on, and the extensions canary-checker / Mission Control specs use are registered.
 */

let env: Environment | undefined;

export function celEnvironment(): Environment {
  if (!env) {
    env = new Environment({
      unlistedVariablesAreDyn: true,
      homogeneousAggregateLiterals: false,
      enableOptionalTypes: true,
    });
    registerStringExtensions(env);
    registerCollectionExtensions(env);
    registerMathExtensions(env);
    registerTimeExtensions(env);
    registerMatchExtensions(env);
    registerCanaryExtensions(env);
  }
  return env;
}
