import { describe, expect, it } from 'vitest';
import { paramScriptEnv, resourceScriptEnv, SCRIPT_ENV_VARIABLES, withEnvEntries } from './script-env.js';

describe('script environment variables', () => {
  it('gives the fields of the resources a script is about, values as they are', () => {
    const name = `x-$(touch /tmp/x);\`id\`'"`;
    expect(
      resourceScriptEnv({
        component: { id: 'c1', name, type: 'API', namespace: null, labels: { a: 1 } },
        check: { name: 'web', status: 'unhealthy' },
        config: undefined,
      }),
    ).toEqual({
      COMPONENT_ID: 'c1',
      COMPONENT_NAME: name,
      COMPONENT_TYPE: 'API',
      COMPONENT_NAMESPACE: '',
      CHECK_NAME: 'web',
      CHECK_STATUS: 'unhealthy',
    });
    expect(SCRIPT_ENV_VARIABLES).toContain('CONFIG_TYPE');
    expect(SCRIPT_ENV_VARIABLES).toContain('PLAYBOOK_RUN_ID');
  });

  it('names parameters PARAM_<NAME>; the first name in order wins a clash', () => {
    expect(paramScriptEnv({ note: 'a b', 'my-param': '1', my_param: '2', über: 'x' })).toEqual({
      PARAM_NOTE: 'a b',
      PARAM_MY_PARAM: '1',
      PARAM__BER: 'x',
    });
  });

  it('adds variables to an env list without replacing the names it has', () => {
    expect(withEnvEntries([{ name: 'A', value: 'mine' }], { A: 'event', B: 'event' })).toEqual([
      { name: 'A', value: 'mine' },
      { name: 'B', value: 'event' },
    ]);
    expect(withEnvEntries(undefined, { B: 'x' })).toEqual([{ name: 'B', value: 'x' }]);
  });
});
