/**
 * A value built by its first use and kept: for large values only some requests need (the spec
 * JSON Schemas, tens of milliseconds each from their zod schemas), which a start built before it
 * could answer /readyz (docs/deploy.md, Start-up time). `build` must not depend on the request.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
