import { describe, expect, it } from 'vitest';
import { renderDeep, renderTemplate } from '../../src/expr/index.js';

/** Cases written for Opsdeck's specs: playbook params, config items, check results. */
const data = {
  params: {
    replicas: 3,
    name: 'web',
    empty: '',
    zero: 0,
    flag: true,
    list: ['a', 'b', 'c'],
    nested: { deep: { x: 'X' } },
  },
  config: {
    id: 'c-1',
    name: 'pod-1',
    type: 'Kubernetes::Pod',
    tags: { namespace: 'shop', cluster: 'prod' },
    config: { metadata: { labels: { tier: 'fe', app: 'web' } }, spec: { replicas: 2 } },
  },
  check: { name: 'http', status: 'unhealthy' },
  items: [
    { name: 'a', ok: true },
    { name: 'b', ok: false },
  ],
  env: { path: '/srv' },
};

type Case = [name: string, text: string, expected: string];

const cases: Case[] = [
  // actions and fields
  ['plain text is returned as is', 'no actions here', 'no actions here'],
  ['field chain', '{{ .config.tags.namespace }}/{{ .config.name }}', 'shop/pod-1'],
  ['dot prints the current value', '{{ with .check }}{{ .name }}:{{ .status }}{{ end }}', 'http:unhealthy'],
  ['missing key renders empty', '[{{ .config.nope }}][{{ .nope.deeper.still }}]', '[][]'],
  ['field on a string is empty, not an error', '[{{ .config.name.length }}]', '[]'],
  [
    'lists and maps print as JSON',
    '{{ .params.list }} {{ .config.tags }}',
    '["a","b","c"] {"namespace":"shop","cluster":"prod"}',
  ],
  [
    'numbers and booleans',
    '{{ .params.replicas }} {{ .params.flag }} {{ 1.5 }} {{ -3 }} {{ 0x1F }}',
    '3 true 1.5 -3 31',
  ],
  ['nil prints empty', '[{{ print nil }}]', '[]'],
  // both delimiter sets and value functions
  ['both delimiters in one text', '$(.config.name) and {{ .config.name }}', 'pod-1 and pod-1'],
  ['value function', '$(params.name) {{ params.name }} $(config.tags.cluster)', 'web web prod'],
  ['value function as an argument', '{{ index params "name" }} {{ len params.list }}', 'web 3'],
  ['piped value function', '{{ params.name | upper }}', 'WEB'],
  ['parens inside $( )', '$(index (index .config "tags") "cluster")', 'prod'],
  [
    'shell command substitutions survive',
    'echo $(date +%s) $(hostname -f) $(whoami) $((1 + 2))',
    'echo $(date +%s) $(hostname -f) $(whoami) $((1 + 2))',
  ],
  [
    'template actions next to shell ones',
    'kubectl -n $(.config.tags.namespace) get pod $(hostname)',
    'kubectl -n shop get pod $(hostname)',
  ],
  [
    'gotemplate header switches delimiters',
    '# gotemplate: left-delim=$[[ right-delim=]]\n$[[ .env.path ]] $(.env.path) {{ .env.path }}',
    '/srv $(.env.path) {{ .env.path }}',
  ],
  ['header with only a left delimiter', '# gotemplate: left-delim=<<\n<< .env.path }}', '/srv'],
  [
    'gotemplate header after a shebang and other comments (Mission Control)',
    '#!/bin/bash\n# shellcheck disable=SC2016\n# gotemplate: left-delim=$[[ right-delim=]]\necho "$[[ .env.path ]]" \'{{ x }}\'',
    '#!/bin/bash\n# shellcheck disable=SC2016\necho "/srv" \'{{ x }}\'',
  ],
  [
    'gotemplate header after a YAML document marker',
    '---\n# gotemplate: left-delim=<<< right-delim=>>>\npath: <<< .env.path >>> {{ kept }}',
    '---\npath: /srv {{ kept }}',
  ],
  [
    'a gotemplate comment after the first command is text',
    'echo hi\n# gotemplate: left-delim=$[[ right-delim=]]\n{{ .env.path }}',
    'echo hi\n# gotemplate: left-delim=$[[ right-delim=]]\n/srv',
  ],
  // comments and trimming
  ['comment', 'a{{/* a comment */}}b', 'ab'],
  ['trimmed comment', 'a  {{- /* c */ -}}  b', 'ab'],
  ['trim markers', 'x  \n  {{- .params.name -}}  \n  y', 'xweby'],
  ['minus number is not a trim marker', '{{-3}}', '-3'],
  ['trim in $( )', 'a $(- .params.name -) b', 'awebb'],
  // if / else
  ['if true', '{{ if .params.flag }}yes{{ end }}', 'yes'],
  ['if empty string is false', '{{ if .params.empty }}yes{{ else }}no{{ end }}', 'no'],
  ['if zero is false', '{{ if .params.zero }}yes{{ else }}no{{ end }}', 'no'],
  ['if missing is false', '{{ if .nope }}yes{{ else }}no{{ end }}', 'no'],
  [
    'else if chain',
    '{{ if eq .check.status "healthy" }}ok{{ else if eq .check.status "unhealthy" }}bad{{ else }}?{{ end }}',
    'bad',
  ],
  [
    'else with inside if needs its own end',
    '{{ if false }}a{{ else with .config.tags }}{{ .cluster }}{{ end }}{{ end }}',
    'prod',
  ],
  ['and / or return operands', '{{ and 1 "x" }} {{ or "" 0 "z" }} {{ or false 0 }}', 'x z 0'],
  ['and short-circuits', '{{ if and .nope (index .nope "x") }}y{{ else }}n{{ end }}', 'n'],
  ['not', '{{ not .params.flag }} {{ not "" }}', 'false true'],
  // with
  ['with sets dot', '{{ with .config.config.spec }}{{ .replicas }}{{ end }}', '2'],
  ['with else', '{{ with .nope }}x{{ else }}none{{ end }}', 'none'],
  ['else with chain', '{{ with .nope }}1{{ else with .config.tags }}{{ .namespace }}{{ end }}', 'shop'],
  // range
  ['range list', '{{ range .params.list }}<{{ . }}>{{ end }}', '<a><b><c>'],
  [
    'range with index and value',
    '{{ range $i, $v := .params.list }}{{ $i }}={{ $v }} {{ end }}',
    '0=a 1=b 2=c ',
  ],
  [
    'range map sorted by key',
    '{{ range $k, $v := .config.config.metadata.labels }}{{ $k }}:{{ $v }};{{ end }}',
    'app:web;tier:fe;',
  ],
  ['range one variable gets the element', '{{ range $v := .params.list }}{{ $v }}{{ end }}', 'abc'],
  ['range integer', '{{ range 3 }}{{ . }}{{ end }}', '012'],
  [
    'range else on empty',
    '{{ range .params.empty }}x{{ else }}empty{{ end }}|{{ range .nope }}x{{ else }}none{{ end }}',
    'empty|none',
  ],
  ['range over objects', '{{ range .items }}{{ if .ok }}{{ .name }}{{ end }}{{ end }}', 'a'],
  ['break', '{{ range .params.list }}{{ if eq . "b" }}{{ break }}{{ end }}{{ . }}{{ end }}', 'a'],
  ['continue', '{{ range .params.list }}{{ if eq . "b" }}{{ continue }}{{ end }}{{ . }}{{ end }}', 'ac'],
  ['$ is the root inside range', '{{ range .params.list }}{{ $.config.name }}{{ end }}', 'pod-1pod-1pod-1'],
  // variables
  ['declare and use', '{{ $n := .config.name }}{{ $n }}', 'pod-1'],
  ['assign in a loop', '{{ $c := 0 }}{{ range .params.list }}{{ $c = add $c 1 }}{{ end }}{{ $c }}', '3'],
  ['variable fields', '{{ $cfg := .config }}{{ $cfg.tags.cluster }}', 'prod'],
  [
    'variables end with their block',
    '{{ $x := "outer" }}{{ if true }}{{ $x := "inner" }}{{ $x }}{{ end }} {{ $x }}',
    'inner outer',
  ],
  [
    'range variables assigned with =',
    '{{ $i := 0 }}{{ $v := "" }}{{ range $i, $v = .params.list }}{{ end }}{{ $i }}{{ $v }}',
    '2c',
  ],
  // pipelines and parentheses
  ['pipeline', '{{ .config.name | upper | printf "%s!" }}', 'POD-1!'],
  ['parenthesised argument', '{{ printf "%d replicas" (add .params.replicas 1) }}', '4 replicas'],
  ['chain on parentheses', '{{ (index .items 1).name }}', 'b'],
  ['literals', '{{ "a\\tb" }}|{{ `raw\\n` }}|{{ \'x\' }}|{{ true }}', 'a\tb|raw\\n|120|true'],
  // define / template / block
  [
    'define and template',
    '{{ define "row" }}[{{ .name }}]{{ end }}{{ range .items }}{{ template "row" . }}{{ end }}',
    '[a][b]',
  ],
  ['template without data', '{{ define "t" }}x{{ . }}x{{ end }}{{ template "t" }}', 'xx'],
  ['block renders its body', '{{ block "b" .check }}{{ .name }}{{ end }}', 'http'],
  ['define overrides block', '{{ block "b" . }}default{{ end }}{{ define "b" }}custom{{ end }}', 'custom'],
  [
    'template variables start fresh',
    '{{ define "t" }}{{ $ }}{{ end }}{{ $x := 1 }}{{ template "t" "inner" }}',
    'inner',
  ],
  // whitespace and multi-line actions
  ['action over several lines', '{{ printf "%s-%s"\n  .config.name\n  .check.name }}', 'pod-1-http'],
];

describe('Go template syntax', () => {
  it.each(cases)('%s', (_name, text, expected) => {
    expect(renderTemplate(text, data)).toBe(expected);
  });

  it('renders every string in a JSON value and skips the keys it is told to', () => {
    const spec = {
      name: '$(.config.name)-svc',
      replicas: 3,
      labels: { ns: '{{ .config.tags.namespace }}' },
      steps: ['echo $(params.name)', { run: '{{ .check.name }}' }],
      forEach: { name: '$(.config.name)' },
    };
    expect(renderDeep(spec, data, { skipKeys: ['forEach'] })).toEqual({
      name: 'pod-1-svc',
      replicas: 3,
      labels: { ns: 'shop' },
      steps: ['echo web', { run: 'http' }],
      forEach: { name: '$(.config.name)' },
    });
  });

  it('can be limited to one delimiter pair', () => {
    const only = { delimiters: [{ left: '{{', right: '}}' }] };
    expect(renderTemplate('$(.config.name) {{ .config.name }}', data, only)).toBe('$(.config.name) pod-1');
  });

  it('calls caller functions, which win over built-ins and data keys', () => {
    const actions: Record<string, unknown> = { fetch: { result: { stdout: '{"count": 3}' } } };
    const funcs = {
      getAction: (name: unknown) => actions[String(name)],
      getLastAction: () => actions.fetch,
      upper: (s: unknown) => `custom:${String(s)}`,
    };
    const text =
      '{{ (getAction "fetch").result.stdout | fromJSON | toJSON }} {{ getLastAction.result.stdout }} {{ upper "x" }}';
    expect(renderTemplate(text, data, { funcs })).toBe('{"count":3} {"count": 3} custom:x');
  });
});
