import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `opsdeck` as the docs and the UI print it: `npx opsdeck …` in the repository, `opsdeck …` on
 * PATH after `npm install -g .`, and every printed command one the program knows. Needs the build
 * (`npm install` makes it).
 */

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(REPO, 'apps/server/dist/main.js');

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const res = spawnSync(command, args, {
    cwd: options.cwd ?? REPO,
    env: options.env ?? process.env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

/** The usage text: its Commands lines (`serve`, `admin reset-password`, …) and its --options. */
function readUsage(text: string): { commands: string[][]; options: Set<string> } {
  const commands = [...text.matchAll(/^ {2}([a-z][\w-]*(?: [a-z][\w-]*)?)(?= {2,}|\s*\[| [A-Z]|$)/gm)].map(
    (m) => (m[1] ?? '').split(' '),
  );
  return { commands, options: new Set([...text.matchAll(/--[a-z][\w-]*/g)].map((m) => m[0])) };
}

/** Text files the docs and the UI are made of. */
function printedSources(): string[] {
  const out = ['README.md', ...fs.readdirSync(path.join(REPO, 'docs')).map((f) => `docs/${f}`)];
  const walk = (dir: string, keep: (f: string) => boolean) => {
    for (const e of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) walk(rel, keep);
      else if (keep(rel)) out.push(rel);
    }
  };
  const source = (f: string) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f);
  walk('apps/web/src', source);
  walk('apps/server/src', source);
  walk('deploy', (f) => /\.(txt|yaml|md)$/.test(f));
  return out.filter((f) => !f.endsWith('/'));
}

const COMMAND = /(?<![\w/.@-]|--name )(npx )?opsdeck((?: [a-z][\w-]*| --?[a-z][\w-]*(?:[ =][^\s`'"\\]+)?)+)/g;

/**
 * Every `opsdeck …` command printed in docs (anywhere) and in source (a whole string or after
 * "Run: "), and every `opsdeck:<tag> <command>` of a container line, with where it was found.
 */
function printedCommands(): { where: string; words: string[] }[] {
  const found: { where: string; words: string[] }[] = [];
  for (const file of printedSources()) {
    const isDoc = /\.(md|txt|yaml)$/.test(file);
    const isMarkdown = file.endsWith('.md');
    let fenced = false;
    fs.readFileSync(path.join(REPO, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (isMarkdown && line.trimStart().startsWith('```')) fenced = !fenced;
        for (const m of line.matchAll(COMMAND)) {
          const before = line.slice(0, m.index);
          const after = line.slice((m.index ?? 0) + m[0].length);
          // Markdown: in a code block or a code span, not in a sentence.
          if (isMarkdown && !fenced && (before.split('`').length - 1) % 2 === 0) continue;
          // Source: a command that is a whole string (or follows "Run: ").
          if (!isDoc && !(/['"`]$|Run: $/.test(before) && /^['"`]/.test(after))) continue;
          let words = (m[2] ?? '').trim().split(/\s+/);
          // `compose exec opsdeck opsdeck …`: a service named opsdeck, then the command.
          if (words[0] === 'opsdeck') words = words.slice(1);
          found.push({ where: `${file}:${i + 1}`, words });
        }
        if (isDoc)
          for (const m of line.matchAll(/\bopsdeck:[\w.${}-]+((?: [a-z][\w-]*)+)/g))
            found.push({ where: `${file}:${i + 1}`, words: (m[1] ?? '').trim().split(' ') });
      });
  }
  return found;
}

describe('opsdeck on PATH and as printed', () => {
  let usage: { commands: string[][]; options: Set<string> };
  beforeAll(() => {
    if (!fs.existsSync(MAIN)) throw new Error('apps/server/dist/main.js is missing: run npm run build');
    const help = run(process.execPath, [MAIN, '--help']);
    expect(help.status).toBe(0);
    usage = readUsage(help.out);
  });

  it('the root package names the built server as its `opsdeck` program, with a shebang', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.bin).toEqual({ opsdeck: 'apps/server/dist/main.js' });
    expect(fs.readFileSync(MAIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    // `npm install -g .` runs `prepare` (the build) as a global install, where npm refuses
    // workspace flags: the build goes through --prefix instead.
    expect(pkg.scripts.build).not.toMatch(/\s(-w|--workspace)\b/);
  });

  it('`npx opsdeck --help` works in the repository root', () => {
    const res = run('npx', ['opsdeck', '--help']);
    expect(res.out).toContain('Usage: opsdeck <command>');
    expect(res.status).toBe(0);
  });

  it('`npm install -g .` puts `opsdeck` on PATH', () => {
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-global-'));
    try {
      // --ignore-scripts: the build is there already (the previous test's checkout); a real
      // install runs it again through `prepare`.
      const install = run('npm', [
        'install',
        '-g',
        '.',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
      ]);
      expect(install.status, install.out).toBe(0);
      const env = {
        ...process.env,
        PATH: `${path.join(prefix, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      };
      const res = run('opsdeck', ['--help'], { cwd: os.tmpdir(), env });
      expect(res.out).toContain('Usage: opsdeck <command>');
      expect(res.status).toBe(0);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });

  it('every command the docs and the UI print is one `opsdeck --help` lists, with options it knows', () => {
    const printed = printedCommands();
    // The scan sees the ones this change is about.
    const seen = printed.map((p) => `${p.where} ${p.words.join(' ')}`).join('\n');
    expect(seen).toMatch(/apps\/server\/src\/auth\/password-banner\.ts:\d+ admin reset-password/);
    expect(seen).toMatch(/apps\/web\/src\/features\/agents\/lib\/install\.ts:\d+ agent/);
    expect(seen).toMatch(/README\.md:\d+ serve/);
    expect(seen).toMatch(/docs\/agents\.md:\d+ agent/);
    const unknown = printed.filter(({ words }) => {
      const [first, second] = words.filter((w) => !w.startsWith('-'));
      // No command: `serve`, as `opsdeck --help` and `opsdeck --port 9000` are.
      const listed =
        first === undefined ||
        usage.commands.find((c) => c[0] === first && (c.length === 1 || c[1] === second));
      const badOption = words.some((w) => w.startsWith('--') && !usage.options.has(w.split('=')[0] ?? w));
      return !listed || badOption;
    });
    expect(unknown.map((p) => `${p.where}: opsdeck ${p.words.join(' ')}`)).toEqual([]);
  });
});
