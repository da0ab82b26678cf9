import { HeartPulse } from 'lucide-react';
import { z } from 'zod';
import { db, rows } from '../../api/postgrest.js';
import type { SearchSource } from '../../app/feature.js';

const LIMIT = 8;
const checkRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.string().nullable(),
    endpoint: z.string().nullable(),
  }),
);

/** PostgREST ilike pattern: '*' is its wildcard, so '*', ',' and parentheses in the text are dropped. */
function pattern(text: string): string {
  return `*${text.replace(/[*,()]/g, ' ').trim()}*`;
}

/** Command palette: checks by name; a result opens the check panel on the dashboard. */
export const checksSource: SearchSource = {
  id: 'checks',
  label: 'Health Checks',
  resource: 'canaries',
  async search(text, signal) {
    const q = db
      .from('checks')
      .select('id,name,type,endpoint')
      .ilike('name', pattern(text))
      .is('deleted_at', null)
      .order('name')
      .limit(LIMIT);
    const list = checkRows.parse(await rows(signal ? q.abortSignal(signal) : q));
    return list.map((c) => ({
      id: c.id,
      title: c.name,
      subtitle: [c.type, c.endpoint].filter(Boolean).join(' · ') || undefined,
      href: `/health?checkId=${c.id}`,
      icon: HeartPulse,
    }));
  },
};
