import { z } from 'zod';
import { commonCheckFields, envVarSchema } from './base.js';
import { parseSelectQuery } from './select-query.js';

/** askgit (mergestat) table functions the github check answers: `('owner/repo')` or `('owner', 'repo')`. */
export const GITHUB_SOURCES = ['github_repo_checks', 'github_repo_issues', 'github_repo_prs'] as const;

/** `owner/repo` from a table function's arguments, as askgit takes them. */
export function githubRepoOf(args: readonly unknown[]): string | undefined {
  const [first, second] = args;
  if (typeof first !== 'string' || args.length > 2) return undefined;
  const full = typeof second === 'string' ? `${first}/${second}` : args.length === 1 ? first : undefined;
  // GitHub's owner and repository names; `.` and `..` would move the API path elsewhere.
  return full && /^[A-Za-z0-9-]+\/(?!\.{1,2}$)[\w.-]+$/.test(full) ? full : undefined;
}

/** Why a github query cannot run here, or undefined. */
export function githubQueryProblem(text: string): string | undefined {
  let q;
  try {
    q = parseSelectQuery(text);
  } catch (e) {
    return (e as Error).message;
  }
  const name = q.source.name.toLowerCase();
  if (!(GITHUB_SOURCES as readonly string[]).includes(name)) {
    return `${q.source.name} is not supported; use ${GITHUB_SOURCES.map((s) => `${s}('owner/repo')`).join(', ')}`;
  }
  if (!githubRepoOf(q.source.args)) return `${name} takes ('owner/repo') or ('owner', 'repo')`;
  return undefined;
}

/**
 * canary-checker's `github` check (askgit SQL): here askgit's repository checks, issues and
 * pull requests table functions, answered from GitHub's REST API.
 */
export const githubCheckSchema = z
  .object({
    ...commonCheckFields,
    githubToken: envVarSchema.optional(),
    /** GitHub's API base (GitHub Enterprise, or a test server); default https://api.github.com. */
    url: z.string().optional(),
    /**
     * askgit SQL. Any query is accepted at save (canary-checker's other askgit tables are valid
     * there); one this server cannot answer fails the check, saying why (githubQueryProblem).
     */
    query: z.string().min(1, 'query is required'),
  })
  .loose();

export type GithubCheckSpec = z.infer<typeof githubCheckSchema>;
