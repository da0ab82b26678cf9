import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileScraperSpec } from '@opsdeck/shared';
import { isConnectionReference, resolveConnection } from '../../connections/index.js';
import { SCRIPT_PATH } from '../../sandbox/run-script.js';
import { fileAccess, pathProblem } from '../../sandbox/file-roots.js';
import type { ScrapeContext } from './types.js';

/**
 * A file scraper's `url` (or its connection's URL) naming a git repository: only local
 * `file://` repositories inside the file roots are read. The repository is cloned with the
 * system `git` (fixed PATH, no prompts, only the file protocol) into a temp folder that the
 * caller removes; `?ref=` checks out a branch, tag or commit.
 */

const GIT_TIMEOUT_MS = 60_000;
const REF = /^[A-Za-z0-9_][\w./@^~{}-]*$/;

export class GitSourceError extends Error {}
/** A remote repository: accepted in specs, not fetched by this server. */
export class RemoteGitUrlError extends GitSourceError {}

export type Checkout = { dir: string; remove: () => Promise<void> };

/** The repository's folder and ref from `file:///path/repo?ref=x` (also `git::file://…`). */
export function parseGitUrl(url: string): { repo: string; ref?: string } {
  const raw = url.startsWith('git::') ? url.slice(5) : url;
  if (!raw.startsWith('file://'))
    throw new RemoteGitUrlError(
      `${raw.split('?')[0]}: only local file:// git repositories are read by this server (remote repositories are not fetched)`,
    );
  const u = new URL(raw);
  const ref = u.searchParams.get('ref') ?? undefined;
  if (ref !== undefined && !REF.test(ref))
    throw new GitSourceError(`ref "${ref}" is not a branch, tag or commit`);
  return { repo: decodeURIComponent(u.pathname), ref };
}

/** The URL the entry reads from, or undefined for plain file paths. */
export async function gitUrlOf(entry: FileScraperSpec, sc: ScrapeContext): Promise<string | undefined> {
  if (entry.url) return entry.url;
  if (entry.connection === undefined) return undefined;
  if (!isConnectionReference(entry.connection))
    throw new GitSourceError('connection must be connection://namespace/name or a connection id');
  const conn = await resolveConnection(sc.ctx, entry.connection);
  if (!conn.url) throw new GitSourceError(`connection ${entry.connection} has no URL`);
  // A git connection's `ref` property applies unless its URL names one.
  const ref = conn.properties.ref;
  if (ref && !/[?&]ref=/.test(conn.url))
    return `${conn.url}${conn.url.includes('?') ? '&' : '?'}ref=${encodeURIComponent(ref)}`;
  return conn.url;
}

function git(args: string[], cwd: string, home: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [
        '-c',
        'protocol.allow=never',
        '-c',
        'protocol.file.allow=always',
        '-c',
        'core.hooksPath=/dev/null',
        ...args,
      ],
      {
        cwd,
        timeout: GIT_TIMEOUT_MS,
        signal,
        maxBuffer: 1024 * 1024,
        // Never the server's own environment: no credentials, no config, no prompts.
        env: { PATH: SCRIPT_PATH, HOME: home, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LANG: 'C' },
      },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        const detail = String(stderr).trim().split('\n').at(-1) || err.message;
        reject(new GitSourceError(`git ${args[0]}: ${detail}`));
      },
    );
  });
}

/** Clones the repository into a new temp folder. */
export async function checkoutGit(url: string, sc: ScrapeContext): Promise<Checkout> {
  const { repo, ref } = parseGitUrl(url);
  const problem = await pathProblem(repo, fileAccess(sc.ctx.config));
  if (problem) throw new GitSourceError(problem);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'opsdeck-git-'));
  const remove = () => fs.rm(tmp, { recursive: true, force: true });
  try {
    const dir = path.join(tmp, 'repo');
    await git(['clone', '--quiet', '--no-hardlinks', '--', `file://${repo}`, dir], tmp, tmp, sc.signal);
    // A branch other than the default one exists only as origin/<branch> in a fresh clone.
    if (ref)
      await git(['checkout', '--quiet', '--detach', ref], dir, tmp, sc.signal).catch(() =>
        git(['checkout', '--quiet', '--detach', `origin/${ref}`], dir, tmp, sc.signal),
      );
    return { dir, remove };
  } catch (e) {
    await remove();
    throw e;
  }
}
