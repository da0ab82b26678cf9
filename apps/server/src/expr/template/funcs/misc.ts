import { formatBytes } from '@opsdeck/shared';
import { satisfiesConstraint } from '../../common/semver.js';
import { truth } from '../values.js';
import { num, str } from './args.js';
import { fn, type FunctionTable } from './types.js';

/** Defaults and conditionals from sprig, and a few flanksource additions. */

export const miscFunctions: FunctionTable = {
  default: fn(1, 2, (fallback, ...given) => (given.length && truth(given[0]) ? given[0] : fallback)),
  empty: fn(1, 1, (v) => !truth(v)),
  coalesce: fn(0, Infinity, (...args) => args.find(truth)),
  ternary: fn(3, 3, (a, b, cond) => (truth(cond) ? a : b)),
  semverCompare: fn(2, 2, (constraint, version) => satisfiesConstraint(str(constraint), str(version))),
  humanizeBytes: fn(1, 1, (n) => formatBytes(num(n))),
};
