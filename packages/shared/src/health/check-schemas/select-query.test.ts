import { describe, expect, it } from 'vitest';
import { configDbQueryProblem } from './config-db.js';
import { githubQueryProblem } from './github.js';
import { parseSelectQuery } from './select-query.js';

describe('the read-only SELECT subset of configDB and github checks', () => {
  it('parses columns, a table function, AND-ed conditions, ORDER BY and LIMIT', () => {
    expect(
      parseSelectQuery(
        "select name, conclusion from github_repo_checks('acme', 'shop') where status = 'COMPLETED' and conclusion <> 'it''s' and summary is not null and name not like 'e2e%' order by name desc limit 5;",
      ),
    ).toEqual({
      columns: ['name', 'conclusion'],
      source: { name: 'github_repo_checks', args: ['acme', 'shop'] },
      where: [
        { column: 'status', op: '=', value: 'COMPLETED' },
        { column: 'conclusion', op: '!=', value: "it's" },
        { column: 'summary', op: 'IS NOT NULL' },
        { column: 'name', op: 'NOT LIKE', value: 'e2e%' },
      ],
      orderBy: { column: 'name', desc: true },
      limit: 5,
    });
    expect(parseSelectQuery('SELECT * FROM config_items WHERE ready = true AND health >= 2')).toMatchObject({
      columns: [],
      where: [
        { column: 'ready', op: '=', value: true },
        { column: 'health', op: '>=', value: 2 },
      ],
    });
  });

  it('refuses everything else with the reason', () => {
    const fails = (q: string) => () => parseSelectQuery(q);
    expect(fails('UPDATE config_items SET name = 1')).toThrow('expected SELECT, got "UPDATE"');
    expect(fails("SELECT * FROM config_items WHERE name = 'a' OR 1 = 1")).toThrow('OR is not supported');
    expect(fails('SELECT * FROM config_items WHERE name = other_column')).toThrow(
      'expected a quoted string or a number',
    );
    expect(fails('SELECT * FROM a JOIN b')).toThrow('unexpected "JOIN"');
    expect(fails("SELECT * FROM config_items WHERE name = 'open")).toThrow('unterminated string literal');
    expect(fails('SELECT count(*) FROM config_items')).toThrow('expected FROM, got "("');
  });

  it('configDB allows only config_items and its columns; github only askgit table functions with a repository', () => {
    expect(configDbQueryProblem('SELECT * FROM config_items')).toBeUndefined();
    expect(configDbQueryProblem('SELECT * FROM checks')).toBe('only config_items can be queried, not checks');
    expect(configDbQueryProblem("SELECT * FROM config_items WHERE tags = 'x'")).toMatch(/^tags is JSON/);
    expect(githubQueryProblem("SELECT * FROM github_repo_issues('acme/shop')")).toBeUndefined();
    expect(githubQueryProblem("SELECT * FROM github_repo_issues('acme', 'shop')")).toBeUndefined();
    expect(githubQueryProblem("SELECT * FROM github_repo_issues('../etc')")).toBe(
      "github_repo_issues takes ('owner/repo') or ('owner', 'repo')",
    );
  });
});
