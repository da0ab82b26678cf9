/**
 * canary-checker runs JavaScript with underscore.js loaded (`_.map(results, …)`); our
 * sandbox has no libraries, so the functions its fixtures and users rely on are defined
 * here, in the sandbox, before the user's script. Plain ES5 so the last expression of the
 * user's script stays the value returned.
 */
export const UNDERSCORE_PRELUDE = `var _ = (function () {
  function vals(o) { return Array.isArray(o) ? o : o == null ? [] : Object.keys(o).map(function (k) { return o[k]; }); }
  function fn(f) { return typeof f === 'function' ? f : function (x) { return x == null ? undefined : x[f]; }; }
  return {
    map: function (o, f) { f = fn(f); return Array.isArray(o) ? o.map(function (v, i) { return f(v, i, o); }) : Object.keys(o || {}).map(function (k) { return f(o[k], k, o); }); },
    each: function (o, f) { if (Array.isArray(o)) o.forEach(f); else Object.keys(o || {}).forEach(function (k) { f(o[k], k, o); }); return o; },
    filter: function (o, f) { return vals(o).filter(fn(f)); },
    reject: function (o, f) { f = fn(f); return vals(o).filter(function (v) { return !f(v); }); },
    find: function (o, f) { return vals(o).find(fn(f)); },
    reduce: function (o, f, init) { return vals(o).reduce(f, init); },
    some: function (o, f) { return vals(o).some(fn(f)); },
    every: function (o, f) { return vals(o).every(fn(f)); },
    pluck: function (o, k) { return vals(o).map(function (v) { return v == null ? undefined : v[k]; }); },
    keys: function (o) { return Object.keys(o || {}); },
    values: vals,
    size: function (o) { return vals(o).length; },
    first: function (o) { return vals(o)[0]; },
    last: function (o) { var v = vals(o); return v[v.length - 1]; },
    sortBy: function (o, f) { f = fn(f); return vals(o).slice().sort(function (a, b) { var x = f(a), y = f(b); return x < y ? -1 : x > y ? 1 : 0; }); },
    groupBy: function (o, f) { f = fn(f); var out = {}; vals(o).forEach(function (v) { var k = f(v); (out[k] = out[k] || []).push(v); }); return out; },
    uniq: function (o) { return vals(o).filter(function (v, i, a) { return a.indexOf(v) === i; }); },
    flatten: function (o) { return vals(o).reduce(function (a, v) { return a.concat(Array.isArray(v) ? v : [v]); }, []); },
    isEmpty: function (o) { return o == null || (Array.isArray(o) || typeof o === 'string' ? o.length === 0 : Object.keys(o).length === 0); },
    contains: function (o, v) { return vals(o).indexOf(v) >= 0; }
  };
})();`;
