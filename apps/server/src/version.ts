// Filled in by build.mjs (esbuild define); absent when running from source.
declare const __OPSDECK_BUILD__: { version: string; commit: string } | undefined;

export const buildInfo: { version: string; commit: string } =
  typeof __OPSDECK_BUILD__ === 'undefined' ? { version: '0.0.0-dev', commit: 'dev' } : __OPSDECK_BUILD__;
