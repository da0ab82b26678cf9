import { describe, expect, it } from 'vitest';
import { findScriptSplices, lintPlaybookScripts, lintTopologyScripts } from './script-lint.js';

const fields = (script: string) => findScriptSplices(script).map((s) => s.field);

describe('findScriptSplices (playbook scripts)', () => {
  it('finds event values pasted into a script, in both delimiter forms and as value functions', () => {
    expect(fields('echo "rotation failed for {{.component.name}}"')).toEqual(['.component.name']);
    expect(fields('echo $(.params.note) $(params.other)')).toEqual(['.params.note', '.params.other']);
    expect(fields('echo {{ $.check.name }} {{ index .params "x" }} {{ upper .config.type }}')).toEqual([
      '.check.name',
      '.params',
      '.config.type',
    ]);
    expect(fields('echo {{ .request.json.user }} {{ .user.name }} {{ .run.parameters.x }} {{ . }}')).toEqual([
      '.request.json.user',
      '.user.name',
      '.run.parameters.x',
      '.',
    ]);
    expect(
      fields(`echo '{{ (getAction "count").result.stdout }}' {{ getLastAction.result.stdout }}`),
    ).toEqual(['getAction', 'getLastAction']);
  });

  it('names the variable that holds the value, and where the action is', () => {
    const script = 'echo "Check {{.check.name}} and $(.params.my-note) of {{ .config.config }}"';
    expect(findScriptSplices(script)).toEqual([
      { start: 12, end: 27, fragment: '{{.check.name}}', field: '.check.name', variable: 'CHECK_NAME' },
      {
        start: 32,
        end: 50,
        fragment: '$(.params.my-note)',
        field: '.params.my-note',
        variable: 'PARAM_MY_NOTE',
      },
      { start: 54, end: 74, fragment: '{{ .config.config }}', field: '.config.config' },
    ]);
  });

  it('accepts quoted values, ids, spec values and shell command substitutions', () => {
    expect(
      fields(
        [
          'echo {{ .component.name | shellQuote }} {{ shellQuote .check.name }}',
          'echo $(.params.note | shellQuote) {{ .config.config | toJSON | shellQuote }}',
          'echo {{ .component.id }} {{ .playbook.name }} {{ .env.GREETING }} {{ .run.id }} {{ .agent.name }}',
          'echo {{ .params.count | int }} {{ len .config.tags }} {{ .config.name | b64enc }}',
          'echo $(date +%s) $(hostname) $(ls -la | wc -l) $((1 + 2)) "$COMPONENT_NAME"',
          '{{/* {{ .component.name }} in a comment */}}',
          '{{ if .component.name }}echo yes{{ end }}',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('flags a value quoted and then changed again, and quote/squote (they do not stop $( ) in a shell)', () => {
    expect(fields(`echo {{ .component.name | shellQuote | replace "'" "" }}`)).toEqual(['.component.name']);
    expect(fields('echo {{ .component.name | quote }} {{ squote .check.name }}')).toEqual([
      '.component.name',
      '.check.name',
    ]);
  });

  it('follows with, range and variables', () => {
    expect(fields('{{ with .component }}echo {{ .name }}{{ end }}')).toEqual(['.component.name']);
    expect(fields('{{ with .playbook }}echo {{ .name }}{{ end }}')).toEqual([]);
    expect(fields('{{ range .config.tags }}echo {{ . }}{{ end }}')).toEqual(['.config.tags']);
    expect(fields('{{ range $k, $v := .config.tags }}echo {{ $v }} {{ $k }}{{ end }}')).toEqual([
      '.config.tags',
    ]);
    expect(fields('{{ $n := .component.name }}echo {{ $n }}')).toEqual(['.component.name']);
    expect(fields('{{ $n := .component.name | shellQuote }}echo {{ $n }}')).toEqual([]);
    expect(fields('{{ with .component }}{{ else }}echo {{ .check.name }}{{ end }}')).toEqual(['.check.name']);
  });

  it('reads the delimiters a gotemplate header names', () => {
    expect(
      fields('# gotemplate: left-delim=$[[ right-delim=]]\necho $[[ .component.name ]] {{ x }}'),
    ).toEqual(['.component.name']);
    expect(
      fields(
        '#!/bin/bash\n# gotemplate: left-delim=$[[ right-delim=]]\necho $[[ .check.name ]] {{ .config.name }}',
      ),
    ).toEqual(['.check.name']);
  });
});

describe('lintPlaybookScripts', () => {
  it('warns for each exec script with its path and a message naming the fix', () => {
    const warnings = lintPlaybookScripts({
      actions: [
        { name: 'ok', exec: { script: 'echo "$COMPONENT_NAME"' } },
        { name: 'http', http: { url: 'http://x/{{.component.name}}' } },
        { name: 'bad', exec: { script: 'echo "rotation failed for {{.component.name}}"' } },
      ],
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ path: ['actions', 2, 'exec', 'script'], variable: 'COMPONENT_NAME' });
    expect(warnings[0]!.message).toBe(
      '{{.component.name}} pastes .component.name, a value from outside the spec, into the script as code; ' +
        'read "$COMPONENT_NAME" in the script instead, or quote it: {{ .component.name | shellQuote }}',
    );
  });

  it('reads a whole kind: Playbook document', () => {
    const doc = {
      kind: 'Playbook',
      spec: { actions: [{ name: 'a', exec: { script: 'echo $(.params.x)' } }] },
    };
    expect(lintPlaybookScripts(doc).map((w) => w.path)).toEqual([['spec', 'actions', 0, 'exec', 'script']]);
    expect(lintPlaybookScripts('not a spec')).toEqual([]);
  });
});

describe('lintTopologyScripts', () => {
  it('warns for scripts in forEach lookups and inline exec checks, not for scripts outside forEach', () => {
    const spec = {
      components: [
        {
          name: 'group',
          lookup: { exec: [{ name: 'list', script: 'echo {{ .component.name }}' }] },
          forEach: {
            properties: [{ name: 'p', lookup: { exec: [{ script: 'echo $(.component.name)' }] } }],
            checks: [
              { inline: { exec: [{ name: 'c', script: 'echo "$COMPONENT_NAME" {{ .config.name }}' }] } },
            ],
          },
        },
      ],
    };
    expect(lintTopologyScripts(spec).map((w) => [w.path.join('.'), w.field])).toEqual([
      ['components.0.forEach.properties.0.lookup.exec.0.script', '.component.name'],
      ['components.0.forEach.checks.0.inline.exec.0.script', '.config.name'],
    ]);
  });
});
