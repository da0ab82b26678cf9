import type { PlaybookSpec } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import type { SeedModule } from '../seed/types.js';
import { createRunIn } from './create-run.js';

/**
 * Demo playbooks that run for real on this machine (shell commands only, nothing that needs a
 * cluster). Two are started by their triggers as the demo comes to life (payments pods created by
 * the first scrape, components turning unhealthy), one is queued against a demo check, and the
 * maintenance window waits for its approver — so /playbooks/runs, the catalog's Playbooks tab
 * and the topology panel are not empty.
 */
type DemoPlaybook = {
  name: string;
  spec: PlaybookSpec;
  /** SQL returning one resource id to run against, as config_id / check_id / component_id. */
  runOn?: { column: 'config_id' | 'check_id' | 'component_id'; sql: string };
  /** Queue a first run at seed time (with `runOn`'s resource when there is one). */
  queue?: boolean;
  params?: Record<string, string>;
};

export const DEMO_PLAYBOOKS: readonly DemoPlaybook[] = [
  {
    name: 'diagnose-http-check',
    spec: {
      title: 'Diagnose HTTP check',
      category: 'Health',
      icon: 'http',
      description: 'Prints what the check knows and times a local DNS lookup',
      checks: [{ types: ['http'] }],
      parameters: [{ name: 'note', label: 'Note for the log', default: 'triggered from {{.check.name}}' }],
      actions: [
        {
          name: 'describe',
          exec: {
            // Values from the check and the parameter reach the script as variables, never as its text.
            script: 'echo "Check $CHECK_NAME ($CHECK_TYPE) is $CHECK_STATUS: $PARAM_NOTE"',
          },
        },
        { name: 'resolver', exec: { script: 'getent hosts localhost; date -u' } },
      ],
    },
    runOn: { column: 'check_id', sql: `SELECT id FROM checks WHERE type = 'http' ORDER BY name LIMIT 1` },
    queue: true,
  },
  {
    name: 'catalog-item-keys',
    spec: {
      title: 'Summarise catalog item',
      category: 'Catalog',
      icon: 'kubernetes',
      description: 'Lists the top-level keys of the item and its labels',
      configs: [{ types: ['Kubernetes::Pod', 'Kubernetes::Deployment'] }],
      // The demo's payments pods, as the first scrape creates them.
      on: {
        config: [
          { event: 'created', filter: "config.type == 'Kubernetes::Pod' && config.namespace == 'payments'" },
        ],
      },
      actions: [
        {
          name: 'keys',
          contentType: 'application/json',
          exec: { script: 'echo {{.config.config | toJSON | shellQuote}} | jq -c "{keys: keys}"' },
        },
      ],
    },
  },
  {
    name: 'rotate-missing-logs',
    spec: {
      title: 'Rotate service logs',
      category: 'Maintenance',
      icon: 'logs',
      description: 'Fails on this machine (no such folder) and reports it with a failure() step',
      components: [{ types: ['API', 'Database'] }],
      on: { component: [{ event: 'unhealthy', filter: "component.type in ['API', 'Database']" }] },
      actions: [
        { name: 'rotate', exec: { script: 'ls /var/log/opsdeck-demo-service' } },
        {
          name: 'report failure',
          if: 'failure()',
          exec: { script: 'echo "rotation failed for $COMPONENT_NAME"' },
        },
      ],
    },
    runOn: {
      column: 'component_id',
      sql: `SELECT id FROM components WHERE type = 'Service' ORDER BY name LIMIT 1`,
    },
  },
  {
    name: 'maintenance-window',
    spec: {
      title: 'Open maintenance window',
      category: 'Maintenance',
      icon: 'clock',
      description: 'Needs an approver before it runs',
      parameters: [
        {
          name: 'length',
          label: 'Length',
          type: 'duration',
          default: '1h',
          properties: { min: '15m', max: '8h', options: ['15m', '1h', '4h', '8h'] },
        },
      ],
      approval: { type: 'any', approvers: { people: ['maya.okafor@example.com'] } },
      actions: [{ name: 'announce', exec: { script: 'echo "maintenance window for $PARAM_LENGTH"' } }],
    },
    queue: true,
  },
];

async function oneId(tx: Queryable, sql: string): Promise<string | undefined> {
  const { rows } = await tx.query<{ id: string }>(sql);
  return rows[0]?.id;
}

export const playbooksSeed: SeedModule = {
  name: 'playbooks',
  async run(tx) {
    const author = await oneId(tx, `SELECT id FROM people WHERE email = 'maya.okafor@example.com'`);
    // Runs by an editor who is not the approver, so the maintenance window waits for Maya.
    const runner = await oneId(tx, `SELECT id FROM people WHERE email = 'priya.raman@example.com'`);
    for (const p of DEMO_PLAYBOOKS) {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO playbooks (name, title, category, icon, description, spec, source, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, 'demo', $7) RETURNING id`,
        [
          p.name,
          p.spec.title,
          p.spec.category,
          p.spec.icon,
          p.spec.description,
          JSON.stringify(p.spec),
          author,
        ],
      );
      const playbookId = rows[0]!.id;
      if (!p.queue) continue;
      const resourceId = p.runOn ? await oneId(tx, p.runOn.sql) : undefined;
      if (p.runOn && !resourceId) continue;
      await createRunIn(tx, {
        playbookId,
        ...(p.runOn && resourceId ? { [p.runOn.column]: resourceId } : {}),
        params: p.params ?? {},
        trigger: 'api',
        createdBy: runner ?? null,
      });
    }
  },
};
