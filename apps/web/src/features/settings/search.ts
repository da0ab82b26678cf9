import { User, Users } from 'lucide-react';
import { z } from 'zod';
import { tableSearchSource } from '../../platform/searchSource.js';

export const teamsSource = tableSearchSource({
  id: 'teams',
  label: 'Teams',
  resource: 'database',
  table: 'teams',
  select: 'id,name',
  row: z.object({ id: z.string(), name: z.string() }),
  skipDeleted: true,
  icon: Users,
  toResult: (t) => ({ id: t.id, title: t.name, href: `/settings/teams/${t.id}` }),
});

export const peopleSource = tableSearchSource({
  id: 'people',
  label: 'People',
  resource: 'database',
  table: 'people',
  select: 'id,name,email',
  row: z.object({ id: z.string(), name: z.string(), email: z.string().nullable().optional() }),
  skipDeleted: true,
  icon: User,
  toResult: (p) => ({
    id: p.id,
    title: p.name,
    subtitle: p.email ?? undefined,
    href: `/settings/users?id=${p.id}`,
  }),
});
