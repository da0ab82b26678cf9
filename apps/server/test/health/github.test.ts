import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundPolicy } from '../../src/net/outbound.js';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { httpServer, type Listening } from './peers.js';
import { directOpts } from './check-opts.js';

const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };
const TOKEN = 'ghp_test_token';

/** A loopback server speaking GitHub's REST shapes for one repository. */
let gh: Listening;
const seen: { url: string; auth: string | undefined; ua: string | undefined }[] = [];
beforeAll(async () => {
  gh = await httpServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, ua: req.headers['user-agent'] });
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return res
        .writeHead(401)
        .end('{"message":"Bad credentials","documentation_url":"https://docs.github.com/rest"}');
    }
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/repos/acme/shop/branches') {
      return res.end(
        JSON.stringify([
          { name: 'main', commit: { sha: 'aaa111' }, protected: true },
          { name: 'fix', commit: { sha: 'bbb222' }, protected: false },
        ]),
      );
    }
    const run = (name: string, status: string, conclusion: string | null) => ({
      id: name.length,
      name,
      status,
      conclusion,
      head_sha: 'x',
      started_at: '2026-01-01T00:00:00Z',
      completed_at: conclusion ? '2026-01-01T00:05:00Z' : null,
      html_url: `https://github.com/acme/shop/runs/${name}`,
      output: { title: null, summary: `${name} summary` },
      app: { name: 'GitHub Actions', slug: 'github-actions' },
    });
    if (u.pathname === '/repos/acme/shop/commits/aaa111/check-runs') {
      const runs = [
        run('lint', 'completed', 'success'),
        run('test', 'completed', 'failure'),
        run('e2e', 'in_progress', null),
      ];
      return res.end(JSON.stringify({ total_count: runs.length, check_runs: runs }));
    }
    if (u.pathname === '/repos/acme/shop/commits/bbb222/check-runs') {
      return res.end(JSON.stringify({ total_count: 1, check_runs: [run('lint', 'completed', 'failure')] }));
    }
    if (u.pathname === '/repos/acme/shop/issues') {
      return res.end(
        JSON.stringify([
          {
            number: 7,
            title: 'Checkout broken',
            state: 'open',
            user: { login: 'ann' },
            labels: [{ name: 'bug' }, { name: 'p1' }],
            created_at: '2026-01-02T00:00:00Z',
            closed_at: null,
          },
          {
            number: 8,
            title: 'A pull request',
            state: 'open',
            user: { login: 'bob' },
            labels: [],
            created_at: '2026-01-03T00:00:00Z',
            pull_request: { url: 'x' },
          },
          {
            number: 5,
            title: 'Old',
            state: 'closed',
            user: { login: 'ann' },
            labels: [],
            created_at: '2025-12-01T00:00:00Z',
            closed_at: '2025-12-02T00:00:00Z',
          },
        ]),
      );
    }
    if (u.pathname === '/repos/acme/shop/pulls') {
      return res.end(
        JSON.stringify([
          {
            number: 8,
            title: 'A pull request',
            state: 'open',
            draft: true,
            user: { login: 'bob' },
            labels: [],
            created_at: '2026-01-03T00:00:00Z',
            merged_at: null,
            base: { ref: 'main' },
            head: { ref: 'fix' },
          },
        ]),
      );
    }
    res.writeHead(404).end('{"message":"Not Found"}');
  });
});
afterAll(() => gh.close());

describe('github runner against a loopback server with GitHub REST shapes', () => {
  const check = (query: string, extra: Record<string, unknown> = {}) =>
    executeCheck('github', { url: `http://127.0.0.1:${gh.port}`, githubToken: TOKEN, query, ...extra }, opts);

  it('answers github_repo_checks with askgit columns and upper-case states; WHERE decides', async () => {
    const failing = await check(
      "SELECT branch, name, conclusion FROM github_repo_checks('acme/shop') WHERE status = 'COMPLETED' AND conclusion != 'SUCCESS' ORDER BY branch",
      { test: { expr: 'size(results) == 0' } },
    );
    expect(failing.pass).toBe(false);
    expect(failing.error).toBe('test expression returned false: size(results) == 0');
    expect(failing.details.results).toEqual([
      { branch: 'fix', name: 'lint', conclusion: 'FAILURE' },
      { branch: 'main', name: 'test', conclusion: 'FAILURE' },
    ]);
    const main = await check(
      "SELECT * FROM github_repo_checks('acme', 'shop') WHERE branch = 'main' ORDER BY name LIMIT 2",
    );
    expect(main).toMatchObject({ pass: true, message: '2 rows' });
    expect(main.details.results).toEqual([
      expect.objectContaining({
        name: 'e2e',
        status: 'IN_PROGRESS',
        conclusion: null,
        commitId: 'aaa111',
        app_name: 'GitHub Actions',
      }),
      expect.objectContaining({ name: 'lint', repository: 'acme/shop', summary: 'lint summary' }),
    ]);
    // Without a branch every branch's head is read; branch = 'main' is pushed down to one.
    expect(seen.some((s) => s.url.includes('bbb222'))).toBe(true);
    const before = seen.length;
    await check("SELECT name FROM github_repo_checks('acme/shop') WHERE branch = 'main'");
    expect(seen.slice(before).map((s) => s.url.split('?')[0])).toEqual([
      '/repos/acme/shop/branches',
      '/repos/acme/shop/commits/aaa111/check-runs',
    ]);
    expect(seen.at(-1)).toMatchObject({ auth: `Bearer ${TOKEN}`, ua: 'opsdeck-canary' });
  });

  it('answers issues (without pull requests) and pull requests', async () => {
    const issues = await check(
      "SELECT number, labels, closed FROM github_repo_issues('acme/shop') WHERE state = 'OPEN'",
    );
    expect(issues.details.results).toEqual([{ number: 7, labels: 'bug,p1', closed: false }]);
    const prs = await check(
      "SELECT number, draft, head_ref_name, state FROM github_repo_prs('acme/shop') WHERE author_login LIKE 'b%'",
    );
    expect(prs.details.results).toEqual([{ number: 8, draft: true, head_ref_name: 'fix', state: 'OPEN' }]);
  });

  it('fails clearly on a bad token, an unknown repository and an unsupported query', async () => {
    const bad = await check("SELECT * FROM github_repo_issues('acme/shop')", { githubToken: 'wrong' });
    expect(bad.error).toBe('GitHub refused the token (HTTP 401): Bad credentials');
    const missing = await check("SELECT * FROM github_repo_issues('acme/nope')");
    expect(missing.error).toBe('GitHub: /repos/acme/nope/issues?state=all&per_page=100 not found (HTTP 404)');
    const unsupported = await check('SELECT * FROM commits');
    expect(unsupported.error).toMatch(
      /^query cannot run here: commits is not supported; use github_repo_checks/,
    );
  });

  it('reads the API base from GITHUB_API_URL when the check has no url', async () => {
    process.env.GITHUB_API_URL = `http://127.0.0.1:${gh.port}`;
    try {
      const r = await executeCheck(
        'github',
        { githubToken: { value: TOKEN }, query: "SELECT * FROM github_repo_prs('acme/shop')" },
        opts,
      );
      expect(r).toMatchObject({ pass: true, message: '1 rows' });
    } finally {
      delete process.env.GITHUB_API_URL;
    }
  });

  it('goes through the outbound policy', async () => {
    const r = await executeCheck(
      'github',
      {
        url: `http://127.0.0.1:${gh.port}`,
        githubToken: TOKEN,
        query: "SELECT * FROM github_repo_prs('acme/shop')",
      },
      {
        ...opts,
        outbound: outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true }),
      },
    );
    expect(r.pass).toBe(false);
    expect(r.error).toMatch(/127\.0\.0\.1/);
    expect(r.error).toMatch(/loopback/i);
  });
});
