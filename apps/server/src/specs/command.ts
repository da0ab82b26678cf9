import { parseArgs } from 'node:util';
import { appliedRecord } from './applied-record.js';
import { apiClient, ApiCallError, type ApiClient } from './client.js';
import { readDocuments } from './documents.js';
import { DocumentError } from './errors.js';
import { KINDS } from './kinds.js';
import { parseSelector, planApply, planDelete, planPrune, type Change } from './plan.js';
import { CLUSTER_KINDS } from './types.js';

export const SPEC_USAGE = `Usage: opsdeck apply|diff|delete -f <file|dir> [-f …] [options]

  apply     create or update every object the files hold (Canary, ScrapeConfig, Topology,
            StatusPage, Playbook, Notification, NotificationSilence, MaintenanceWindow,
            IncidentRule, Connection, Team, LoggingBackend); an object whose file did not change
            is left alone
  diff      print what apply would change, as a unified diff; exit 1 when it would change something
  delete    delete the objects the files name

Options:
  -f, --filename P   a YAML/JSON file (several documents with ---) or a directory, read recursively
  --prune            apply: also delete objects an earlier apply made that the files no longer hold,
                     among those whose labels match --selector (required with --prune)
  -l, --selector S   labels, k=v[,k2=v2]
  --dry-run          apply/delete: print the changes, change nothing

Environment: OPSDECK_URL (the console, e.g. https://opsdeck.example.com) and OPSDECK_TOKEN (an
access token: POST /api/auth/create_token); the roles of the token's account decide what may change.
See docs/specs-as-code.md.`;

type Out = { log(line: string): void; error(line: string): void };

const VERB: Record<Change['action'], string> = {
  create: 'created',
  update: 'configured',
  unchanged: 'unchanged',
  delete: 'deleted',
};

/** `Canary/default/web (checks/web.yaml; edited by hand since the last apply)`. */
function label(c: Change): string {
  const parts = [c.action === 'delete' ? undefined : c.doc.file, c.note].filter(Boolean);
  return parts.length ? `${c.key} (${parts.join('; ')})` : c.key;
}

/** Writes one change through the data API, as the web app would. */
async function perform(client: ApiClient, c: Change, now: Date): Promise<void> {
  const table = KINDS[c.kind].table;
  if (c.action === 'delete') {
    await client.send('PATCH', `/api/db/${table}?id=eq.${c.stored.id}`, { deleted_at: now.toISOString() });
    return;
  }
  if (c.action === 'unchanged') return;
  const d = c.doc;
  const row = {
    [KINDS[d.kind].nameColumn ?? 'name']: d.name,
    ...(CLUSTER_KINDS.includes(d.kind) ? {} : { namespace: d.namespace }),
    ...KINDS[d.kind].columns(d),
    source: 'apply',
    applied: appliedRecord(d, now),
  };
  if (c.action === 'create') await client.send('POST', `/api/db/${table}`, row);
  else await client.send('PATCH', `/api/db/${table}?id=eq.${c.stored?.id ?? ''}`, row);
}

function describeError(e: unknown): string {
  if (e instanceof ApiCallError || e instanceof DocumentError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/**
 * `opsdeck apply|diff|delete`: reads the files, asks the console what it holds, prints the plan
 * and (unless a dry run or diff) carries it out one object at a time. A refused object is
 * reported with the server's reason and the others go on; the exit code says whether all went.
 */
export async function runSpecCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: Out = { log: (l) => console.log(l), error: (l) => console.error(l) },
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  let values: {
    filename?: string[];
    prune?: boolean;
    selector?: string;
    'dry-run'?: boolean;
    help?: boolean;
  };
  let command: string | undefined;
  try {
    const parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        filename: { type: 'string', short: 'f', multiple: true },
        prune: { type: 'boolean' },
        selector: { type: 'string', short: 'l' },
        'dry-run': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    command = parsed.positionals[0];
  } catch (e) {
    out.error(`${(e as Error).message}\n\n${SPEC_USAGE}`);
    return 2;
  }
  if (values.help) {
    out.log(SPEC_USAGE);
    return 0;
  }
  const files = values.filename ?? [];
  if (files.length === 0) {
    out.error(`opsdeck ${command ?? ''}: give the files with -f\n\n${SPEC_USAGE}`);
    return 2;
  }
  if (values.prune && command !== 'apply' && command !== 'diff') {
    out.error('--prune goes with apply (or diff)');
    return 2;
  }
  let selector: Record<string, string> | undefined;
  try {
    if (values.selector !== undefined) selector = parseSelector(values.selector);
    if (values.prune && !selector)
      throw new Error('--prune needs --selector k=v: it only removes applied objects carrying those labels');
  } catch (e) {
    out.error((e as Error).message);
    return 2;
  }
  const url = env.OPSDECK_URL?.trim();
  const token = env.OPSDECK_TOKEN?.trim();
  if (!url || !token) {
    out.error('set OPSDECK_URL (the console) and OPSDECK_TOKEN (an access token); see docs/specs-as-code.md');
    return 2;
  }
  const client = apiClient(url, token, fetchImpl);

  let changes: Change[];
  try {
    const docs = readDocuments(files);
    changes =
      command === 'delete'
        ? await planDelete(client, docs)
        : [
            ...(await planApply(client, docs)),
            ...(values.prune && selector ? await planPrune(client, docs, selector) : []),
          ];
  } catch (e) {
    out.error(`error: ${describeError(e)}`);
    return 2;
  }

  if (command === 'diff') {
    const changed = changes.filter((c) => c.action !== 'unchanged');
    for (const c of changed) {
      out.log(`${c.action === 'delete' ? 'delete' : c.action} ${label(c)}`);
      if (c.action !== 'delete' && c.diff) out.log(c.diff.trimEnd());
    }
    if (changed.length === 0) out.log('no changes');
    return changed.length ? 1 : 0;
  }

  const dryRun = Boolean(values['dry-run']);
  const now = new Date();
  let failed = 0;
  for (const c of changes) {
    if (dryRun) {
      out.log(`${label(c)} ${VERB[c.action]} (dry run)`);
      continue;
    }
    try {
      await perform(client, c, now);
      out.log(`${label(c)} ${VERB[c.action]}`);
    } catch (e) {
      failed++;
      out.error(`error: ${label(c)}: ${describeError(e)}`);
    }
  }
  if (changes.length === 0) out.log('nothing to do');
  return failed ? 1 : 0;
}
