import { describe, expect, inject, it } from 'vitest';
import { executeCheck } from '../../src/health/run-check.js';
import { directOpts as opts } from './check-opts.js';

describe('sql check with a PostgreSQL URL', () => {
  it('runs on the test PostgreSQL by the URL scheme, with $(username)/$(password) filled', async () => {
    const url = new URL(inject('pgUrl'));
    const ok = await executeCheck('sql', { url: url.toString(), query: 'SELECT 1 AS one' }, opts);
    expect(ok).toMatchObject({ pass: true, error: null });
    expect(ok.details.results).toEqual([{ one: 1 }]);
    const templated = new URL(url);
    templated.username = '$(username)';
    templated.password = '$(password)';
    const filled = await executeCheck(
      'sql',
      {
        url: decodeURIComponent(templated.toString()),
        username: decodeURIComponent(url.username),
        password: { value: decodeURIComponent(url.password) },
        driver: 'postgres',
      },
      opts,
    );
    expect(filled).toMatchObject({ pass: true, error: null });
  });
});
