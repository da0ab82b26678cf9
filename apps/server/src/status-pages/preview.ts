import type { StatusPageGroup } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { MATCHED_CTES } from './select-sql.js';

/** Members listed per group in a preview; `count` says how many there are in all. */
const PREVIEW_MEMBERS = 50;

export type PreviewMember = { kind: 'check' | 'component'; name: string; state: string };
export type PreviewGroup = { name: string; count: number; members: PreviewMember[] };

const PREVIEW_SQL = `
WITH grp AS (
  SELECT g.ord, g.value ->> 'name' AS name, g.value -> 'selectors' AS selectors
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS g(value, ord)
),
${MATCHED_CTES}
SELECT grp.name, (SELECT count(*)::int FROM matched m WHERE m.ord = grp.ord) AS count,
  coalesce((SELECT jsonb_agg(jsonb_build_object('kind', x.kind, 'name', x.name, 'state', x.state) ORDER BY x.name)
    FROM (SELECT * FROM matched m WHERE m.ord = grp.ord ORDER BY m.name, m.kind LIMIT ${PREVIEW_MEMBERS}) x), '[]'::jsonb) AS members
FROM grp ORDER BY grp.ord`;

/** What each group would choose now: the same matching as the public page (select-sql.ts). */
export async function previewGroups(db: Queryable, groups: StatusPageGroup[]): Promise<PreviewGroup[]> {
  const { rows } = await db.query<PreviewGroup>(PREVIEW_SQL, [JSON.stringify(groups)]);
  return rows;
}
