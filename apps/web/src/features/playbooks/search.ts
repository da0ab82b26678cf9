import { BookOpenText } from 'lucide-react';
import { z } from 'zod';
import { tableSearchSource } from '../../platform/searchSource.js';

/** Command palette: playbooks by name; a hit opens its runs. */
export const playbooksSource = tableSearchSource({
  id: 'playbooks',
  label: 'Playbooks',
  resource: 'playbooks',
  table: 'playbooks',
  select: 'id,name,title,category',
  row: z.object({
    id: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    category: z.string().nullable(),
  }),
  skipDeleted: true,
  icon: BookOpenText,
  toResult: (p) => ({
    id: p.id,
    title: p.title || p.name,
    ...(p.category ? { subtitle: p.category } : {}),
    href: `/playbooks/runs?playbook=${p.id}`,
  }),
});
