import { paramScriptEnv, resourceScriptEnv } from '@opsdeck/shared';

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * The variables an exec action's script gets from its run (docs/playbooks.md): the run's
 * resource (`COMPONENT_NAME`, `CHECK_ID`, `CONFIG_TYPE`…), `PLAYBOOK_ID`, `PLAYBOOK_NAME`,
 * `PLAYBOOK_RUN_ID` and each parameter as `PARAM_<NAME>` with the value the run was given.
 * Values reach the script as data, never as part of its text. Takes the run's template
 * environment as the engine or an agent has it (an agent's arrives as JSON).
 */
export function playbookScriptEnv(env: Row): Record<string, string> {
  const playbook = isRow(env.playbook) ? env.playbook : {};
  const run = isRow(env.run) ? env.run : {};
  // The values as given (a config parameter is its id), not the rows templates see.
  const params = isRow(run.parameters) ? run.parameters : isRow(env.params) ? env.params : {};
  const own: Record<string, string> = {};
  const add = (name: string, value: string | undefined) => {
    if (value !== undefined) own[name] = value;
  };
  add('PLAYBOOK_ID', text(playbook.id));
  add('PLAYBOOK_NAME', text(playbook.name));
  add('PLAYBOOK_RUN_ID', text(run.id));
  return {
    ...resourceScriptEnv({ config: env.config, component: env.component, check: env.check }),
    ...own,
    ...paramScriptEnv(params),
  };
}
