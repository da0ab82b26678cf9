import { User, Users } from 'lucide-react';
import { z } from 'zod';
import { db, rows } from '../../api/postgrest.js';
import type { SearchSource } from '../../app/feature.js';

const LIMIT = 8;
const named = z.array(
  z.object({ id: z.string(), name: z.string(), email: z.string().nullable().optional() }),
);

/** PostgREST ilike pattern: '*' is its wildcard, so a literal '*' or ',' in the text is dropped. */
function pattern(text: string): string {
  return `*${text.replace(/[*,()]/g, ' ').trim()}*`;
}

export const teamsSource: SearchSource = {
  id: 'teams',
  label: 'Teams',
  resource: 'database',
  async search(text, signal) {
    const q = db
      .from('teams')
      .select('id,name')
      .ilike('name', pattern(text))
      .is('deleted_at', null)
      .order('name')
      .limit(LIMIT);
    const list = named.parse(await rows(signal ? q.abortSignal(signal) : q));
    return list.map((t) => ({ id: t.id, title: t.name, href: `/settings/teams/${t.id}`, icon: Users }));
  },
};

export const peopleSource: SearchSource = {
  id: 'people',
  label: 'People',
  resource: 'database',
  async search(text, signal) {
    const q = db
      .from('people')
      .select('id,name,email')
      .ilike('name', pattern(text))
      .is('deleted_at', null)
      .order('name')
      .limit(LIMIT);
    const list = named.parse(await rows(signal ? q.abortSignal(signal) : q));
    return list.map((p) => ({
      id: p.id,
      title: p.name,
      subtitle: p.email ?? undefined,
      href: `/settings/users?id=${p.id}`,
      icon: User,
    }));
  },
};
