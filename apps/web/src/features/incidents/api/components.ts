import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import type { Incident } from './types.js';

/** A topology component as the incident page's strip shows it. */
export const stripComponentSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  icon: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  status_reason: z.string().nullable().optional(),
  // Read with the card but not drawn yet; its shape varies by component type.
  summary: z.unknown().optional(),
});
export type StripComponent = z.infer<typeof stripComponentSchema>;

export const STRIP_SELECT = 'id,name,icon,type,status,status_reason,summary';

/** The distinct components named by topology evidence, in the order they first appear. */
export function topologyComponentIds(incident: Incident): string[] {
  const ids = incident.hypotheses.flatMap((h) =>
    h.evidences.flatMap((e) => (e.type === 'topology' && e.component_id ? [e.component_id] : [])),
  );
  return [...new Set(ids)];
}

/** The components with these ids, in one data-API call (`id=in.(…)`). */
export async function fetchStripComponents(ids: string[], signal?: AbortSignal): Promise<StripComponent[]> {
  const q = db.from('components').select(STRIP_SELECT).in('id', ids);
  return z.array(stripComponentSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}
