import type { HtmlTagDescriptor, Plugin } from 'vite';

type ChunkInfo = { type: 'chunk'; imports: string[]; dynamicImports: string[] };
type Bundle = Record<string, ChunkInfo | { type: 'asset' }>;

/** `file` and every chunk it imports statically. */
function staticClosure(bundle: Bundle, file: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (seen.has(file) || chunk?.type !== 'chunk') return seen;
  seen.add(file);
  for (const f of chunk.imports) staticClosure(bundle, f, seen);
  return seen;
}

/**
 * The entry module (src/main.tsx) imports nothing heavy: it asks for the session, then loads
 * the app shell with `import()`. So that the shell's files still download while the page is
 * parsed (as they did when the entry imported them), index.html lists them as modulepreload
 * links: fetched and compiled in parallel, run only when the entry imports them.
 */
export function preloadShell(): Plugin {
  return {
    name: 'opsdeck-preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Bundle | undefined;
        const entry = ctx.chunk as ChunkInfo | undefined;
        if (!bundle || !entry) return [];
        const listed = staticClosure(bundle, ctx.chunk?.fileName ?? '');
        const shell = new Set<string>();
        for (const f of entry.dynamicImports) staticClosure(bundle, f, shell);
        return [...shell]
          .filter((f) => !listed.has(f))
          .map((f): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
