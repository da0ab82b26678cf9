import { Database } from 'lucide-react';
import { z } from 'zod';
import { db, rows } from '../../api/postgrest.js';
import type { SearchSource } from '../../app/feature.js';
import { ilikePattern } from './api/catalog.js';

const found = z.array(z.object({ id: z.string(), name: z.string().nullable(), type: z.string() }));

/** Command palette: config items by name. */
export const configsSource: SearchSource = {
  id: 'configs',
  label: 'Catalog',
  resource: 'database',
  async search(text, signal) {
    const q = db
      .from('config_items')
      .select('id,name,type')
      .ilike('name', ilikePattern(text))
      .is('deleted_at', null)
      .order('name')
      .limit(8);
    const list = found.parse(await rows(signal ? q.abortSignal(signal) : q));
    return list.map((c) => ({
      id: c.id,
      title: c.name ?? c.id,
      subtitle: c.type,
      href: `/catalog/${c.id}`,
      icon: Database,
    }));
  },
};
