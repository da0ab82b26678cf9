import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type FileAccess, pathProblem } from './file-roots.js';
import { SCRIPT_PATH } from './run-script.js';

/**
 * The system `git`, as the server runs it for the file scraper and Test Connection: only local
 * `file://` repositories inside the file roots, fixed PATH, no prompts, no hooks, no config or
 * credentials from the server's environment, every other protocol refused.
 */

const GIT_TIMEOUT_MS = 60_000;
const REF = /^[A-Za-z0-9_][\w./@^~{}-]*$/;

export class GitSourceError extends Error {}
/** A remote repository: accepted in specs, not fetched by this server. */
export class RemoteGitUrlError extends GitSourceError {}

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

/** parseGitUrl, and the repository must lie inside the file roots. */
export async function localGitRepository(
  url: string,
  access: FileAccess,
): Promise<{ repo: string; ref?: string }> {
  const parsed = parseGitUrl(url);
  const problem = await pathProblem(parsed.repo, access);
  if (problem) throw new GitSourceError(problem);
  return parsed;
}

/** Runs git in `cwd` with `home` as its HOME; resolves with its standard output. */
export function runGit(args: string[], cwd: string, home: string, signal: AbortSignal): Promise<string> {
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
      (err, stdout, stderr) => {
        if (!err) return resolve(String(stdout));
        const detail = String(stderr).trim().split('\n').at(-1) || err.message;
        reject(new GitSourceError(`git ${args[0]}: ${detail}`));
      },
    );
  });
}

export type GitRef = { sha: string; name: string };

/** The branches and tags of a local repository (`git ls-remote`), without cloning it. */
export async function listGitRefs(repo: string, signal: AbortSignal): Promise<GitRef[]> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'opsdeck-git-'));
  try {
    const out = await runGit(['ls-remote', '--', `file://${repo}`], home, home, signal);
    return out
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((parts): parts is [string, string] => parts.length === 2 && Boolean(parts[0]))
      .map(([sha, name]) => ({ sha, name }));
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}
