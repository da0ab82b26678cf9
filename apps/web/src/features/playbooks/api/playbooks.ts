import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { playbookRowSchema, type PlaybookRow } from './types.js';

const PLAYBOOK_COLUMNS = 'id,name,title,icon,category,description,source,spec';

/** Live playbooks, by category then name. */
export async function fetchPlaybooks(signal?: AbortSignal): Promise<PlaybookRow[]> {
  const q = db
    .from('playbooks')
    .select(PLAYBOOK_COLUMNS)
    .is('deleted_at', null)
    .order('category', { ascending: true })
    .order('name', { ascending: true });
  return z.array(playbookRowSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

const nameRow = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
});
export type PlaybookName = z.infer<typeof nameRow>;

/** Every playbook's id and name, for the runs filter. */
export async function fetchPlaybookNames(signal?: AbortSignal): Promise<PlaybookName[]> {
  const q = db.from('playbook_names').select('*').order('name', { ascending: true });
  return z.array(nameRow).parse(await rows(signal ? q.abortSignal(signal) : q));
}

/** What the spec editor stores. */
export type PlaybookInput = {
  name: string;
  title: string;
  icon: string | null;
  category: string | null;
  description: string | null;
  spec: Record<string, unknown>;
};

/** POST /api/db/playbooks; the id of the new playbook. */
export async function createPlaybook(input: PlaybookInput): Promise<string> {
  const created = await rows(
    db
      .from('playbooks')
      .insert({ ...input, source: 'UI' })
      .select('id'),
  );
  return z.array(z.object({ id: z.string() })).parse(created)[0]?.id ?? '';
}

/** PATCH /api/db/playbooks?id=eq.X */
export async function updatePlaybook(id: string, input: PlaybookInput): Promise<void> {
  await rows(db.from('playbooks').update(input).eq('id', id).select('id'));
}

/** Playbooks are deleted softly: deleted_at is set to now. */
export async function deletePlaybook(id: string): Promise<void> {
  await rows(db.from('playbooks').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'));
}
