import { fileAccess } from '../../sandbox/file-roots.js';
import { listGitRefs, localGitRepository, type GitRef } from '../../sandbox/git.js';
import type { ConnectionTester } from './types.js';

/** Whether the ref names a branch, a tag, or (abbreviated) the commit at the tip of one. */
function hasRef(refs: GitRef[], ref: string): boolean {
  const commit = /^[0-9a-f]{7,40}$/i.test(ref);
  return refs.some(
    (r) =>
      r.name === ref ||
      r.name === `refs/heads/${ref}` ||
      r.name === `refs/tags/${ref}` ||
      (commit && r.sha.startsWith(ref.toLowerCase())),
  );
}

/**
 * Git: what the file scraper reads, a local `file://` repository inside the file roots, listed
 * with the system git (`git ls-remote`, sandbox/git.ts) without cloning it; the connection's ref
 * (or the URL's `?ref=`) must be one of its branches or tags. Remote repositories are not
 * fetched by this server, so testing one says so.
 */
export const gitTester: ConnectionTester = {
  types: ['git'],
  async test(conn, ctx) {
    if (!conn.url) throw new Error('the connection has no URL (expected file:///path/to/repository)');
    const { repo, ref: urlRef } = await localGitRepository(conn.url, fileAccess(ctx.config));
    const ref = urlRef ?? (conn.properties.ref || undefined);
    const refs = await listGitRefs(repo, ctx.signal);
    if (ref && !hasRef(refs, ref)) {
      const branches = refs.flatMap((r) =>
        r.name.startsWith('refs/heads/') ? [r.name.slice('refs/heads/'.length)] : [],
      );
      throw new Error(
        `ref ${ref} is not a branch or tag of ${repo} (branches: ${branches.join(', ') || 'none'})`,
      );
    }
    return { repository: repo, ...(ref ? { ref } : {}), refs: refs.length };
  },
};
