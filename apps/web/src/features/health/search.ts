import { HeartPulse } from 'lucide-react';
import { z } from 'zod';
import { tableSearchSource } from '../../platform/searchSource.js';

/** Command palette: checks by name; a result opens the check panel on the dashboard. */
export const checksSource = tableSearchSource({
  id: 'checks',
  label: 'Health Checks',
  resource: 'canaries',
  table: 'checks',
  select: 'id,name,type,endpoint',
  row: z.object({
    id: z.string(),
    name: z.string(),
    type: z.string().nullable(),
    endpoint: z.string().nullable(),
  }),
  skipDeleted: true,
  icon: HeartPulse,
  toResult: (c) => ({
    id: c.id,
    title: c.name,
    subtitle: [c.type, c.endpoint].filter(Boolean).join(' · ') || undefined,
    href: `/health?checkId=${c.id}`,
  }),
});
