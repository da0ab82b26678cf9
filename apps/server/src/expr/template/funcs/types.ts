/** A template function: receives evaluated arguments (a piped value comes last). */
export type TemplateFunction = (...args: unknown[]) => unknown;

export type FunctionSpec = {
  fn: TemplateFunction;
  /** Fewest and most arguments; checked before the call (`wrong number of args`). */
  minArgs: number;
  maxArgs: number;
};

export type FunctionTable = Record<string, FunctionSpec>;

/** Declares a function with its argument count; `max` defaults to `min`, Infinity means variadic. */
export function fn(min: number, max: number | undefined, impl: TemplateFunction): FunctionSpec {
  return { fn: impl, minArgs: min, maxArgs: max ?? min };
}
