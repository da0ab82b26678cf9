import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { globMatch, matchesLabels, parseLabelSelector } from '../../src/selectors.js';
import { freshDb } from '../helpers.js';

const LABELS: Record<string, string>[] = [
  {},
  { tier: 'public' },
  { tier: 'internal', team: 'web' },
  { tier: 'public', team: 'web', 'app.kubernetes.io/name': 'shop' },
];
const SELECTORS = [
  '',
  'tier=public',
  'tier==public',
  'tier!=public',
  'team',
  '!team',
  'tier=public,team',
  'tier=public, !team',
  ' tier = public , team = web ',
  'app.kubernetes.io/name=shop',
  'missing=',
  'tier!=',
];
const NAMES = ['api-one', 'api_two', 'api%x', 'web', 'a\\b'];
const PATTERNS = ['api-*', 'api_*', '*', 'api%*', 'web', '*o*', 'a\\b'];

/** Migration 250 writes the selectors of src/selectors.ts in SQL: both must agree. */
describe('status page selector SQL agrees with src/selectors.ts', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb('pglite'));
    await migrate(db);
  }, 300_000);
  afterAll(() => drop());

  it('matches labels as matchesLabels(parseLabelSelector(…)) does', async () => {
    for (const labels of LABELS)
      for (const selector of SELECTORS) {
        const { rows } = await db.query<{ ok: boolean }>(
          'SELECT status_page_labels_match($1::jsonb, $2) AS ok',
          [JSON.stringify(labels), selector],
        );
        expect(rows[0]?.ok, `${JSON.stringify(labels)} ${selector}`).toBe(
          matchesLabels(labels, parseLabelSelector(selector)),
        );
      }
  });

  it('matches names with * wildcards as globMatch does, LIKE characters taken literally', async () => {
    for (const name of NAMES)
      for (const pattern of PATTERNS) {
        const { rows } = await db.query<{ ok: boolean }>('SELECT $1::text LIKE status_page_like($2) AS ok', [
          name,
          pattern,
        ]);
        expect(rows[0]?.ok, `${name} ${pattern}`).toBe(globMatch(pattern, name));
      }
  });
});
