import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: no comment, test or doc points at design documents that ship
 * separately from it, and every link between the repository's own docs resolves.
 */

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Build output, installed packages and local state, as .gitignore lists them. */
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
  '.tmp',
  '.catalog-scratch',
]);

/**
 * Pointers at the documents kept outside the repository: sections of the product spec (the
 * word spec, a document number and a section sign), the design document, the API contract and
 * the upstream reference. Written in pieces so this file does not match itself.
 */
const OUTSIDE_DOCUMENTS: { pattern: RegExp; what: string }[] = [
  { pattern: new RegExp('spec' + ' [0-9]'), what: 'a section of the product spec' },
  { pattern: new RegExp('[Ss]pec' + ' §'), what: 'a section of the product spec' },
  { pattern: new RegExp('API' + '\\.md'), what: 'the API contract' },
  { pattern: new RegExp('ARCHI' + 'TECTURE'), what: 'the design document' },
  { pattern: new RegExp('shared' + '/reference'), what: 'the upstream reference' },
  { pattern: new RegExp('mission-control' + '\\.md'), what: 'the upstream reference' },
];

/** Every text file under `dir` (repository-relative paths), build output and local state left out. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(REPO, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (entry.isFile() && isText(child)) {
        out.push(child);
      }
    }
  };
  walk(dir);
  return out;
}

function isText(rel: string): boolean {
  const bytes = fs.readFileSync(path.join(REPO, rel));
  return bytes.length < 5_000_000 && !bytes.includes(0);
}

const DOCS = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
const SCANNED = [...filesUnder('apps'), ...filesUnder('packages'), ...DOCS];

function linesOf(rel: string): string[] {
  return fs.readFileSync(path.join(REPO, rel), 'utf8').split('\n');
}

describe('self-contained docs', () => {
  it('scans the source, tests and docs of every workspace', () => {
    expect(SCANNED).toContain('apps/server/src/app.ts');
    expect(SCANNED).toContain('apps/web/src/app/router.tsx');
    expect(SCANNED).toContain('packages/shared/src/rbac.ts');
    expect(SCANNED).toContain('apps/server/src/db/migrations/001_foundation.sql');
    expect(SCANNED).toContain('docs/architecture.md');
    expect(SCANNED.some((f) => f.includes('node_modules') || f.startsWith('apps/web/dist/'))).toBe(false);
  });

  it('points at no document outside the repository', () => {
    const found = SCANNED.flatMap((file) =>
      linesOf(file).flatMap((line, i) =>
        OUTSIDE_DOCUMENTS.filter(({ pattern }) => pattern.test(line)).map(
          ({ what }) => `${file}:${i + 1} points at ${what}: ${line.trim()}`,
        ),
      ),
    );
    expect(found, 'describe the behaviour where it lives, or point at a docs/ page').toEqual([]);
  });

  it('resolves every relative link of the docs and the README', () => {
    const dead = DOCS.flatMap((doc) =>
      linesOf(doc).flatMap((line, i) =>
        [...line.matchAll(/\]\(([^)\s]+)\)/g)]
          .map((m) => m[1]!)
          .filter((target) => !/^(https?:|mailto:|#)/.test(target))
          .filter((target) => !fs.existsSync(path.join(REPO, path.dirname(doc), target.split('#')[0]!)))
          .map((target) => `${doc}:${i + 1} links to ${target}, which does not exist`),
      ),
    );
    expect(dead).toEqual([]);
  });

  it('names only docs/ pages that exist, in code and docs alike', () => {
    const dead = SCANNED.flatMap((file) =>
      linesOf(file).flatMap((line, i) =>
        [...line.matchAll(/(?<![\w/.-])docs\/([\w-]+\.md)/g)]
          .filter((m) => !fs.existsSync(path.join(REPO, 'docs', m[1]!)))
          .map((m) => `${file}:${i + 1} names ${m[0]}, which does not exist`),
      ),
    );
    expect(dead).toEqual([]);
  });
});
