import { githubCheckSchema, parseSelectQuery, type GithubCheckSpec } from '@opsdeck/shared';
import { z } from 'zod';
import { fetchJson, joinUrl } from './http-json.js';
import { selectRows } from './select-rows.js';
import { type CheckRunner, fail, pass, redactUrl, type RunContext } from './types.js';
import { resolveValue } from './values.js';

const DEFAULT_API = 'https://api.github.com';

const user = z.object({ login: z.string() }).loose().nullish();
const checkRuns = z.object({
  check_runs: z.array(
    z
      .object({
        id: z.number(),
        name: z.string(),
        status: z.string(),
        conclusion: z.string().nullable(),
        head_sha: z.string().optional(),
        started_at: z.string().nullish(),
        completed_at: z.string().nullish(),
        html_url: z.string().nullish(),
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
      labels: z.array(z.union([z.string(), z.object({ name: z.string() }).loose()])).default([]),
      created_at: z.string(),
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

/** Rows of one askgit table function, from GitHub's REST API (first 100 entries). */
async function tableRows(
  name: string,
  args: string[],
  spec: GithubCheckSpec,
  ctx: RunContext,
): Promise<Row[]> {
  const repo = args[0] ?? '';
  if (name === 'github_repo_checks') {
    const ref = encodeURIComponent(args[1] ?? '');
    const body = checkRuns.parse(
      await getJson(`/repos/${repo}/commits/${ref}/check-runs?per_page=100`, spec, ctx),
    );
    return body.check_runs.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      conclusion: r.conclusion,
      head_sha: r.head_sha ?? null,
      started_at: r.started_at ?? null,
      completed_at: r.completed_at ?? null,
      url: r.html_url ?? null,
    }));
  }
  if (name === 'github_repo_issues') {
    const body = issues.parse(await getJson(`/repos/${repo}/issues?state=all&per_page=100`, spec, ctx));
    return body
      .filter((i) => i.pull_request === undefined)
      .map((i) => ({
        number: i.number,
        title: i.title,
        state: i.state,
        author_login: i.user?.login ?? null,
        labels: labelNames(i.labels),
        created_at: i.created_at,
        closed_at: i.closed_at ?? null,
        url: i.html_url ?? null,
      }));
  }
  const body = issues.parse(await getJson(`/repos/${repo}/pulls?state=all&per_page=100`, spec, ctx));
  return body.map((p) => ({
    number: p.number,
    title: p.title,
    state: p.state,
    author_login: p.user?.login ?? null,
    draft: p.draft ?? false,
    labels: labelNames(p.labels),
    created_at: p.created_at,
    closed_at: p.closed_at ?? null,
    merged_at: p.merged_at ?? null,
    base_ref: p.base?.ref ?? null,
    head_ref: p.head?.ref ?? null,
    url: p.html_url ?? null,
  }));
}

/**
 * GitHub: canary-checker runs the query through askgit; here the table functions
 * github_repo_checks, github_repo_issues and github_repo_prs are read from GitHub's REST API
 * (through the outbound policy) and the WHERE/ORDER BY/LIMIT applied to the rows. Like
 * canary-checker it passes with the rows in `results` and the `test` expression decides.
 */
export const githubRunner: CheckRunner<GithubCheckSpec> = {
  type: 'github',
  schema: githubCheckSchema,
  endpoint: (s) => redactUrl(githubApiBase(s)),
  async run(spec, ctx) {
    const q = parseSelectQuery(spec.query);
    let rows: Row[];
    try {
      rows = await tableRows(q.source.name.toLowerCase(), q.source.args.map(String), spec, ctx);
    } catch (e) {
      if (e instanceof z.ZodError)
        return fail('unexpected response from GitHub: not the shape its REST API returns');
      throw e;
    }
    const results = selectRows(rows, q);
    return pass(`${results.length} rows`, { results, count: results.length });
  },
};
