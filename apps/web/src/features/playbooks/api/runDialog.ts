import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, ilikePattern, rows } from '../../../api/postgrest.js';
import {
  runnablePlaybookSchema,
  runParamSchema,
  type RunnablePlaybook,
  type RunParam,
  type RunTarget,
} from './types.js';

/** The body key naming the resource of a run: config_id, check_id or component_id. */
export function targetKey(kind: RunTarget['kind']): 'config_id' | 'check_id' | 'component_id' {
  return `${kind}_id`;
}

/** GET /api/playbook/list?{kind}_id=X: the playbooks that may run on this resource. */
export async function fetchPlaybooksFor(target: Pick<RunTarget, 'kind' | 'id'>, signal?: AbortSignal) {
  const body = await http('/api/playbook/list', {
    query: { [targetKey(target.kind)]: target.id },
    ...(signal ? { signal } : {}),
  });
  return z.array(runnablePlaybookSchema).parse(body ?? []) satisfies RunnablePlaybook[];
}

/** POST /api/playbook/{id}/params: the parameters with their defaults rendered for the resource. */
export async function fetchRunParams(
  playbookId: string,
  target: Pick<RunTarget, 'kind' | 'id'> | undefined,
  signal?: AbortSignal,
): Promise<RunParam[]> {
  const body = await http(`/api/playbook/${encodeURIComponent(playbookId)}/params`, {
    method: 'POST',
    body: { id: playbookId, ...(target ? { [targetKey(target.kind)]: target.id } : {}) },
    ...(signal ? { signal } : {}),
  });
  return z.object({ params: z.array(runParamSchema).nullable().optional() }).parse(body ?? {}).params ?? [];
}

/** A choice of a picker (resource, team, person). */
export type PickOption = { value: string; label: string; hint?: string | undefined };

const TABLES = {
  config: { table: 'config_items', hintColumn: 'type' },
  check: { table: 'checks', hintColumn: 'type' },
  component: { table: 'components', hintColumn: 'type' },
} as const;

const optionRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable().optional(),
});

/** Live configs, checks or components whose name matches, optionally of the given types. */
export async function searchResources(
  kind: RunTarget['kind'],
  text: string,
  types: readonly string[] = [],
  signal?: AbortSignal,
): Promise<PickOption[]> {
  const t = TABLES[kind];
  let q = db.from(t.table).select(`id,name,${t.hintColumn}`).is('deleted_at', null);
  if (text.trim()) q = q.ilike('name', ilikePattern(text));
  if (types.length) q = q.in(t.hintColumn, [...types]);
  const limited = q.order('name').limit(50);
  const found = z.array(optionRow).parse(await rows(signal ? limited.abortSignal(signal) : limited));
  return found.map((r) => ({ value: r.id, label: r.name ?? r.id, hint: r.type ?? undefined }));
}

/** Teams for a team parameter. */
export async function fetchTeams(signal?: AbortSignal): Promise<PickOption[]> {
  const q = db.from('teams').select('id,name').is('deleted_at', null).order('name');
  const list = z
    .array(z.object({ id: z.string(), name: z.string() }))
    .parse(await rows(signal ? q.abortSignal(signal) : q));
  return list.map((t) => ({ value: t.id, label: t.name }));
}

/** People for a people parameter; `role` keeps those holding that role. */
export async function fetchPeople(role: string | undefined, signal?: AbortSignal): Promise<PickOption[]> {
  let q = db.from('people_roles').select('id,name,email');
  if (role) q = q.contains('roles', [role]);
  const ordered = q.order('name');
  const list = z
    .array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable().optional() }))
    .parse(await rows(signal ? ordered.abortSignal(signal) : ordered));
  return list.map((p) => ({ value: p.id, label: p.name ?? p.email ?? p.id, hint: p.email ?? undefined }));
}
