import {
  githubCheckSchema,
  githubQueryProblem,
  githubRepoOf,
  parseSelectQuery,
  type GithubCheckSpec,
  type SelectQuery,
} from '@opsdeck/shared';
import { z } from 'zod';
import { fetchJson, joinUrl } from './http-json.js';
import { selectRows } from './select-rows.js';
import { type CheckRunner, fail, pass, redactUrl, type RunContext } from './types.js';
import { resolveValue } from './values.js';

const DEFAULT_API = 'https://api.github.com';

const user = z.object({ login: z.string() }).loose().nullish();
const branches = z.array(
  z.object({ name: z.string(), commit: z.object({ sha: z.string() }).loose() }).loose(),
);
const checkRuns = z.object({
  check_runs: z.array(
    z
      .object({
        name: z.string(),
        status: z.string(),
        conclusion: z.string().nullable(),
        started_at: z.string().nullish(),
        completed_at: z.string().nullish(),
        html_url: z.string().nullish(),
        output: z.object({ summary: z.string().nullish() }).loose().nullish(),
        app: z.object({ name: z.string() }).loose().nullish(),
      })
      .loose(),
  ),
});
const issues = z.array(
  z
    .object({
      number: z.number(),
      title: z.string(),
      state: z.string(),
      user,
      body: z.string().nullish(),
      labels: z.array(z.union([z.string(), z.object({ name: z.string() }).loose()])).default([]),
      comments: z.number().optional(),
      locked: z.boolean().optional(),
      created_at: z.string(),
      updated_at: z.string().nullish(),
      closed_at: z.string().nullish(),
      html_url: z.string().optional(),
      pull_request: z.unknown().optional(),
      draft: z.boolean().optional(),
      merged_at: z.string().nullish(),
      base: z.object({ ref: z.string() }).loose().optional(),
      head: z.object({ ref: z.string() }).loose().optional(),
    })
    .loose(),
);

type Row = Record<string, unknown>;

/** Branches whose check runs are read when the query does not name one (`branch = '…'`). */
const MAX_BRANCHES = 20;

/** The API base: the check's `url`, else GITHUB_API_URL, else api.github.com. */
export function githubApiBase(spec: GithubCheckSpec): string {
  return spec.url ?? process.env.GITHUB_API_URL ?? DEFAULT_API;
}

async function getJson(path: string, spec: GithubCheckSpec, ctx: RunContext): Promise<unknown> {
  const token = resolveValue(spec.githubToken);
  const res = await fetchJson(joinUrl(githubApiBase(spec), path), ctx, {
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      'user-agent': 'opsdeck-canary',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const message = (res.json as { message?: unknown } | null)?.message;
  const why = typeof message === 'string' ? message : res.text;
  if (res.status === 401) throw new Error(`GitHub refused the token (HTTP 401): ${why}`);
  if (res.status === 403) throw new Error(`GitHub denied access (HTTP 403): ${why}`);
  if (res.status === 404) throw new Error(`GitHub: ${path} not found (HTTP 404)`);
  if (res.status !== 200) throw new Error(`GitHub answered HTTP ${res.status}: ${why}`);
  return res.json;
}

const labelNames = (labels: (string | { name: string })[]) =>
  labels.map((l) => (typeof l === 'string' ? l : l.name)).join(',');
/** askgit reads GitHub's GraphQL API, whose enums are upper case (COMPLETED, SUCCESS, OPEN). */
const upper = (v: string | null | undefined) => (v ? v.toUpperCase() : null);

/** Check runs of the head commit of each branch (only the branches `branch = '…'` names, if any). */
async function checkRows(
  repo: string,
  q: SelectQuery,
  spec: GithubCheckSpec,
  ctx: RunContext,
): Promise<Row[]> {
  const named = q.where.flatMap((c) => (c.column === 'branch' && c.op === '=' ? [String(c.value)] : []));
  const all = branches.parse(await getJson(`/repos/${repo}/branches?per_page=100`, spec, ctx));
  const chosen = (named.length ? all.filter((b) => named.includes(b.name)) : all).slice(0, MAX_BRANCHES);
  const rows: Row[] = [];
  for (const b of chosen) {
    const body = checkRuns.parse(
      await getJson(`/repos/${repo}/commits/${b.commit.sha}/check-runs?per_page=100`, spec, ctx),
    );
    for (const r of body.check_runs) {
      rows.push({
        name: r.name,
        workflow_name: null,
        repository: repo,
        branch: b.name,
        commitId: b.commit.sha,
        conclusion: upper(r.conclusion),
        workflow_conclusion: null,
        status: upper(r.status),
        summary: r.output?.summary ?? null,
        user: null,
        started_at: r.started_at ?? null,
        completed_at: r.completed_at ?? null,
        url: r.html_url ?? null,
        app_name: r.app?.name ?? null,
      });
    }
  }
  return rows;
}

/** Rows of one askgit table function, from GitHub's REST API (first 100 entries). */
async function tableRows(q: SelectQuery, spec: GithubCheckSpec, ctx: RunContext): Promise<Row[]> {
  const repo = githubRepoOf(q.source.args) ?? '';
  const name = q.source.name.toLowerCase();
  if (name === 'github_repo_checks') return checkRows(repo, q, spec, ctx);
  const common = (i: z.infer<typeof issues>[number]) => ({
    number: i.number,
    title: i.title,
    author_login: i.user?.login ?? null,
    body: i.body ?? null,
    labels: labelNames(i.labels),
    closed: i.state === 'closed',
    created_at: i.created_at,
    updated_at: i.updated_at ?? null,
    closed_at: i.closed_at ?? null,
    url: i.html_url ?? null,
  });
  if (name === 'github_repo_issues') {
    const body = issues.parse(await getJson(`/repos/${repo}/issues?state=all&per_page=100`, spec, ctx));
    return body
      .filter((i) => i.pull_request === undefined)
      .map((i) => ({
        ...common(i),
        state: upper(i.state),
        comment_count: i.comments ?? 0,
        locked: i.locked ?? false,
      }));
  }
  const body = issues.parse(await getJson(`/repos/${repo}/pulls?state=all&per_page=100`, spec, ctx));
  return body.map((p) => ({
    ...common(p),
    state: p.merged_at ? 'MERGED' : upper(p.state),
    draft: p.draft ?? false,
    merged: Boolean(p.merged_at),
    merged_at: p.merged_at ?? null,
    base_ref_name: p.base?.ref ?? null,
    head_ref_name: p.head?.ref ?? null,
  }));
}

/**
 * GitHub: canary-checker runs the query through askgit; here askgit's table functions
 * github_repo_checks, github_repo_issues and github_repo_prs (same columns, GraphQL's upper-case
 * states) are read from GitHub's REST API through the outbound policy, and the
 * WHERE/ORDER BY/LIMIT applied to the rows. Like
 * canary-checker it passes with the rows in `results` and the `test` expression decides.
 */
export const githubRunner: CheckRunner<GithubCheckSpec> = {
  type: 'github',
  schema: githubCheckSchema,
  endpoint: (s) => redactUrl(githubApiBase(s)),
  async run(spec, ctx) {
    const problem = githubQueryProblem(spec.query);
    if (problem) return fail(`query cannot run here: ${problem}`);
    const q = parseSelectQuery(spec.query);
    let rows: Row[];
    try {
      rows = await tableRows(q, spec, ctx);
    } catch (e) {
      if (e instanceof z.ZodError)
        return fail('unexpected response from GitHub: not the shape its REST API returns');
      throw e;
    }
    const results = selectRows(rows, q);
    return pass(`${results.length} rows`, { results, count: results.length });
  },
};
