import { FINAL_RUN_STATUSES } from '@opsdeck/shared';
import type { SeedModule } from '../seed/types.js';

/**
 * Demo playbooks seeded before scripts got event values as variables pasted the component's
 * name, the check's fields and parameters into their scripts' text: a component named
 * `x-$(id)` ran `id` (docs/playbooks.md, "Values in scripts"). This gives those installs the
 * scripts new ones get, in the playbooks and in the copies their unfinished runs hold. A
 * script a person has changed since is left alone.
 */
const REWRITES: readonly { playbook: string; action: number; old: string; script: string }[] = [
  {
    playbook: 'diagnose-http-check',
    action: 0,
    old: 'echo "Check {{.check.name}} ({{.check.type}}) is {{.check.status}}: $(.params.note)"',
    script: 'echo "Check $CHECK_NAME ($CHECK_TYPE) is $CHECK_STATUS: $PARAM_NOTE"',
  },
  {
    playbook: 'rotate-missing-logs',
    action: 1,
    old: 'echo "rotation failed for {{.component.name}}"',
    script: 'echo "rotation failed for $COMPONENT_NAME"',
  },
  {
    playbook: 'maintenance-window',
    action: 0,
    old: 'echo "maintenance window for $(.params.length)"',
    script: 'echo "maintenance window for $PARAM_LENGTH"',
  },
];

export const playbooksScriptEnvSeed: SeedModule = {
  name: 'playbooks-script-env',
  upgrade: true,
  async run(tx) {
    for (const r of REWRITES) {
      const path = `{actions,${r.action},exec,script}`;
      const params = [r.playbook, r.old, JSON.stringify(r.script), path];
      await tx.query(
        `UPDATE playbooks SET spec = jsonb_set(spec, $4::text[], $3::jsonb), updated_at = now()
         WHERE source = 'demo' AND name = $1 AND spec #>> $4::text[] = $2`,
        params,
      );
      await tx.query(
        `UPDATE playbook_runs r SET spec = jsonb_set(r.spec, $4::text[], $3::jsonb)
         FROM playbooks p
         WHERE p.id = r.playbook_id AND p.source = 'demo' AND p.name = $1 AND r.spec #>> $4::text[] = $2
           AND r.status <> ALL ($5::text[])`,
        [...params, FINAL_RUN_STATUSES],
      );
    }
  },
};
