import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileScraperSpec } from '@opsdeck/shared';
import { isConnectionReference, resolveConnection } from '../../connections/index.js';
import { fileAccess } from '../../sandbox/file-roots.js';
import { GitSourceError, localGitRepository, runGit } from '../../sandbox/git.js';
import type { ScrapeContext } from './types.js';

/**
 * A file scraper's `url` (or its connection's URL) naming a git repository: only local
 * `file://` repositories inside the file roots are read. The repository is cloned with the
 * system `git` (sandbox/git.ts: fixed PATH, no prompts, only the file protocol) into a temp
 * folder that the caller removes; `?ref=` checks out a branch, tag or commit.
 */

export type Checkout = { dir: string; remove: () => Promise<void> };

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

/** Clones the repository into a new temp folder. */
export async function checkoutGit(url: string, sc: ScrapeContext): Promise<Checkout> {
  const { repo, ref } = await localGitRepository(url, fileAccess(sc.ctx.config));
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'opsdeck-git-'));
  const remove = () => fs.rm(tmp, { recursive: true, force: true });
  try {
    const dir = path.join(tmp, 'repo');
    await runGit(['clone', '--quiet', '--no-hardlinks', '--', `file://${repo}`, dir], tmp, tmp, sc.signal);
    // A branch other than the default one exists only as origin/<branch> in a fresh clone.
    if (ref)
      await runGit(['checkout', '--quiet', '--detach', ref], dir, tmp, sc.signal).catch(() =>
        runGit(['checkout', '--quiet', '--detach', `origin/${ref}`], dir, tmp, sc.signal),
      );
    return { dir, remove };
  } catch (e) {
    await remove();
    throw e;
  }
}
