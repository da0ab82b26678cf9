import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `opsdeck/no-cycle`: no module may import, through any chain of relative imports, a module that
 * imports it back. Unlike import-x/no-cycle, type-only imports (`import type`, `export type … from`)
 * count: they vanish at run time, but a cycle through them still ties two files together (neither
 * can be understood, moved or split without the other), which is what "dependencies point one way"
 * forbids. The fix is the same either way: move what both need into a file of its own.
 *
 * Only relative specifiers are followed (`./x.js` is `x.ts` or `x.tsx`, a folder its index): other
 * packages are not part of a tree's cycles. The file being linted is read from the editor's text,
 * every other file from disk; each file's imports are kept while its modification time stays.
 */

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.mjs'];

/** @type {Map<string, { mtimeMs: number, imports: string[] }>} */
const cache = new Map();

/** The relative specifiers a source text imports or re-exports, type-only and dynamic ones included. */
function specifiersOf(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('./') || s.startsWith('../'));
}

/** The file a relative specifier names, or undefined when there is none. */
function resolveSpecifier(fromFile, specifier) {
  const target = path.resolve(path.dirname(fromFile), specifier);
  const base = target.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [
    ...EXTENSIONS.map((ext) => base + ext),
    ...(base !== target ? [target] : []),
    ...EXTENSIONS.map((ext) => path.join(target, `index${ext}`)),
  ];
  return candidates.find((c) => {
    try {
      return fs.statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

function importsOnDisk(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.imports;
  const text = fs.readFileSync(file, 'utf8');
  const imports = specifiersOf(text)
    .map((s) => resolveSpecifier(file, s))
    .filter((f) => f !== undefined);
  cache.set(file, { mtimeMs: stat.mtimeMs, imports });
  return imports;
}

/**
 * The shortest chain of imports from one of `starts` back to `target` (both ends included), or
 * undefined when `target` cannot be reached.
 */
function chainBack(starts, target) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map(starts.map((f) => [f, null]));
  const queue = [...starts];
  while (queue.length) {
    const file = queue.shift();
    for (const next of importsOnDisk(file)) {
      if (next === target) {
        const chain = [next, file];
        for (let f = cameFrom.get(file); f; f = cameFrom.get(f)) chain.push(f);
        return chain.reverse();
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{chain}}. Type-only imports count too: move what both files need into a file of its own.',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (!path.isAbsolute(filename)) return {};
    /** @type {Array<{ node: import('estree').Node, file: string }>} */
    const imports = [];
    const collect = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !(specifier.startsWith('./') || specifier.startsWith('../')))
        return;
      const file = resolveSpecifier(filename, specifier);
      if (file && file !== filename) imports.push({ node, file });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        // One walk over everything the file reaches first: most files are in no cycle.
        if (!chainBack([...new Set(imports.map((i) => i.file))], filename)) return;
        const shown = (f) => path.relative(path.dirname(filename), f);
        for (const { node, file } of imports) {
          const chain = chainBack([file], filename);
          if (chain)
            context.report({
              node,
              messageId: 'cycle',
              data: { chain: [filename, ...chain].map(shown).join(' → ') },
            });
        }
      },
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
