import type { LookupOption } from '@opsdeck/shared';
import { z } from 'zod';
import type { OutboundCall } from '../../net/outbound.js';
import type { HydratedConnection } from '../types.js';
import { ticketingGet } from './ticketing.js';

/** Jira REST v2 (Cloud and Data Center answer it alike): what the Jira responder form offers. */

const named = z.object({ name: z.string() }).loose();
const projectsSchema = z.array(z.object({ key: z.string(), name: z.string() }).loose());
const createMetaSchema = z
  .object({
    projects: z.array(
      z
        .object({ key: z.string(), issuetypes: z.array(named.extend({ subtask: z.boolean().optional() })) })
        .loose(),
    ),
  })
  .loose();

const byLabel = (a: LookupOption, b: LookupOption) => a.label.localeCompare(b.label);

/** GET /rest/api/2/project: the projects the connection's user sees; the key is stored. */
export async function jiraProjects(conn: HydratedConnection, call: OutboundCall): Promise<LookupOption[]> {
  const projects = await ticketingGet(conn, '/rest/api/2/project', projectsSchema, call);
  return projects.map((p) => ({ value: p.key, label: `${p.name} (${p.key})` })).sort(byLabel);
}

/** GET /rest/api/2/issue/createmeta?projectKeys=KEY: the issue types one may create there (no sub-tasks). */
export async function jiraIssueTypes(
  conn: HydratedConnection,
  project: string,
  call: OutboundCall,
): Promise<LookupOption[]> {
  const meta = await ticketingGet(
    conn,
    `/rest/api/2/issue/createmeta?projectKeys=${encodeURIComponent(project)}`,
    createMetaSchema,
    call,
  );
  const types = meta.projects.find((p) => p.key === project)?.issuetypes ?? [];
  return types.filter((t) => !t.subtask).map((t) => ({ value: t.name, label: t.name }));
}

/** GET /rest/api/2/priority: the instance's priorities, in its own order. */
export async function jiraPriorities(conn: HydratedConnection, call: OutboundCall): Promise<LookupOption[]> {
  const priorities = await ticketingGet(conn, '/rest/api/2/priority', z.array(named), call);
  return priorities.map((p) => ({ value: p.name, label: p.name }));
}
