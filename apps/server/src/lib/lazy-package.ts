/**
 * npm packages only a check, scraper, connection test, notification, playbook action, log
 * backend or sign-in method uses, loaded on first use rather than at start: each import costs
 * the start 40–300 ms (docs/deploy.md, Start-up time). The types stay `import type` at the top
 * of the user's file; the code is `const { Client } = await ssh2();` inside the function.
 *
 * A package that cannot be loaded (a broken or partial install) fails the one piece of work
 * that needed it, with an error naming the package, instead of the server's start.
 */

/** The package could not be imported; `cause` is Node's own error. */
export class PackageLoadError extends Error {
  constructor(
    readonly packageName: string,
    cause: unknown,
  ) {
    super(
      `the npm package "${packageName}" could not be loaded (${cause instanceof Error ? cause.message : String(cause)}); ` +
        'reinstall Opsdeck with its dependencies (npm ci)',
      { cause },
    );
    this.name = 'PackageLoadError';
  }
}

/**
 * A function that imports the package once and hands out the same module afterwards. A
 * failed import is not kept: the next call tries again (the install may have been repaired).
 */
export function lazyPackage<T>(packageName: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw new PackageLoadError(packageName, e);
    }));
}
