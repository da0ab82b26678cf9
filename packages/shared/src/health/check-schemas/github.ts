import { z } from 'zod';
import { common, envVar, type LazySchema } from './common.js';
import { parseSelectQuery } from './select-query.js';

/** Table functions the github check answers, with their arguments. */
export const GITHUB_SOURCES = {
  github_repo_checks: "github_repo_checks('owner/repo', 'ref')",
  github_repo_issues: "github_repo_issues('owner/repo')",
  github_repo_prs: "github_repo_prs('owner/repo')",
} as const;

/** Why a github query cannot run here, or undefined. */
export function githubQueryProblem(text: string): string | undefined {
  let q;
  try {
    q = parseSelectQuery(text);
  } catch (e) {
    return (e as Error).message;
  }
  const name = q.source.name.toLowerCase();
  if (!Object.hasOwn(GITHUB_SOURCES, name)) {
    return `${q.source.name} is not supported; use ${Object.values(GITHUB_SOURCES).join(', ')}`;
  }
  const wanted = name === 'github_repo_checks' ? 2 : 1;
  const repo = q.source.args[0];
  if (q.source.args.length !== wanted || typeof repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(repo)) {
    return `expected ${GITHUB_SOURCES[name as keyof typeof GITHUB_SOURCES]}`;
  }
  return undefined;
}

const build = () =>
  z
    .object({
      ...common(),
      githubToken: envVar().optional(),
      /** GitHub's API base (GitHub Enterprise, or a test server); default https://api.github.com. */
      url: z.string().optional(),
      query: z
        .string()
        .min(1, 'query is required')
        .superRefine((text, ctx) => {
          const problem = githubQueryProblem(text);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    })
    .loose();

/**
 * canary-checker's `github` check (askgit SQL): here the repository checks, issues and pull
 * requests table functions, answered from GitHub's REST API.
 */
export const githubCheckSchema: LazySchema<ReturnType<typeof build>> = z.lazy(build);
export type GithubCheckSpec = z.infer<typeof githubCheckSchema>;
