import { Network } from 'lucide-react';
import { z } from 'zod';
import { db, rows } from '../../api/postgrest.js';
import type { SearchSource } from '../../app/feature.js';

const nameRows = z.array(z.object({ id: z.string(), name: z.string(), type: z.string().nullable() }));

/** Command palette: components by name; a result opens the component. */
export const componentsSource: SearchSource = {
  id: 'components',
  label: 'Components',
  resource: 'topologies',
  async search(text, signal) {
    const q = db
      .from('component_names')
      .select('id,name,type')
      .ilike('name', `*${text.replace(/[*,()]/g, ' ').trim()}*`)
      .order('name')
      .limit(8);
    const list = nameRows.parse(await rows(signal ? q.abortSignal(signal) : q));
    return list.map((c) => ({
      id: c.id,
      title: c.name,
      subtitle: c.type ?? undefined,
      href: `/topology/${c.id}`,
      icon: Network,
    }));
  },
};
