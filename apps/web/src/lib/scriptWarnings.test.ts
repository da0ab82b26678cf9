import { lintPlaybookScripts, lintTopologyScripts } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import { specPath, yamlScriptWarnings } from './scriptWarnings.js';

describe('yamlScriptWarnings', () => {
  it('places each warning on the template action in plain and block scalars', () => {
    const text = [
      'actions:',
      '  - name: plain',
      '    exec:',
      '      script: echo "{{.component.name}}" $(.params.note)',
      '  - name: block',
      '    exec:',
      '      script: |',
      '        echo {{ .check.name }}',
      '        echo {{ .check.name }}',
      '',
    ].join('\n');
    const found = yamlScriptWarnings(text, lintPlaybookScripts).map((w) => [
      w.path,
      text.slice(w.from, w.to),
    ]);
    expect(found).toEqual([
      ['actions[0].exec.script', '{{.component.name}}'],
      ['actions[0].exec.script', '$(.params.note)'],
      ['actions[1].exec.script', '{{ .check.name }}'],
      ['actions[1].exec.script', '{{ .check.name }}'],
    ]);
    const [, , third, fourth] = yamlScriptWarnings(text, lintPlaybookScripts);
    expect(fourth!.from).toBeGreaterThan(third!.from);
  });

  it('falls back to the whole script when the YAML spells it differently, and gives nothing for broken YAML', () => {
    const text =
      'actions:\n  - name: q\n    exec:\n      script: "echo {{ printf \\"%s\\" .component.name }}"\n';
    const [w] = yamlScriptWarnings(text, lintPlaybookScripts);
    expect(text.slice(w!.from, w!.to)).toBe('"echo {{ printf \\"%s\\" .component.name }}"');
    expect(yamlScriptWarnings('actions: [\n', lintPlaybookScripts)).toEqual([]);
  });

  it('reads topology forEach scripts too', () => {
    const text =
      'components:\n  - name: a\n    forEach:\n      properties:\n        - name: p\n          lookup:\n            exec:\n              - script: echo $(.component.name)\n';
    expect(yamlScriptWarnings(text, lintTopologyScripts).map((w) => w.path)).toEqual([
      'components[0].forEach.properties[0].lookup.exec[0].script',
    ]);
    expect(specPath(['spec', 'actions', 1, 'exec'])).toBe('spec.actions[1].exec');
  });
});
