import { describe, expect, it } from 'vitest';
import { parseTemplate, renderTemplate, TemplateError } from '../../src/expr/index.js';

function failure(text: string, data: unknown = {}, options = {}): TemplateError {
  try {
    renderTemplate(text, data, options);
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw new Error(`expected a TemplateError, got ${String(e)}`);
  }
  throw new Error(`expected "${text}" to fail`);
}

type ErrorCase = [text: string, kind: 'parse' | 'exec', message: string];

const errors: ErrorCase[] = [
  ['line 1\nline 2\n{{ foo }}', 'exec', 'template: line 3: function "foo" not defined'],
  // A namespaced function this engine lacks names itself (gomplate's jq, random.*).
  ['{{ .x | coll.JQ ".a" }}', 'exec', 'template: line 1: function "coll.JQ" not defined'],
  ['{{ random.Alpha 5 }}', 'exec', 'template: line 1: function "random.Alpha" not defined'],
  ['{{ if .x }}', 'parse', 'template: line 1: unexpected EOF'],
  ['{{ end }}', 'parse', 'template: line 1: unexpected {{end}}'],
  ['{{ else }}', 'parse', 'template: line 1: unexpected {{else}}'],
  ['a\n{{ .x ', 'parse', 'template: line 2: unclosed action'],
  ['{{ "abc }}', 'parse', 'template: line 1: unterminated quoted string'],
  ['{{ .x | }}', 'parse', 'template: line 1: missing command after |'],
  ['{{ }}', 'parse', 'template: line 1: missing value for command'],
  ['{{ $x }}', 'parse', 'template: line 1: undefined variable "$x"'],
  ['{{ $x = 1 }}', 'parse', 'template: line 1: undefined variable "$x"'],
  ['{{ break }}', 'parse', 'template: line 1: {{break}} outside {{range}}'],
  ['{{ .x | "lit" }}', 'parse', 'template: line 1: non executable command in pipeline stage 2'],
  ['{{ ( .x }}', 'parse', 'template: line 1: unclosed left paren'],
  ['{{ .x ) }}', 'parse', 'template: line 1: unexpected right paren'],
  ['{{ 1.2.3 }}', 'parse', 'template: line 1: bad number syntax: "1.2."'],
  ['{{ # }}', 'parse', "template: line 1: unrecognized character in action: U+0023 '#'"],
  ['{{/* open */ x }}', 'parse', 'template: line 1: comment ends before closing delimiter'],
  ['{{ /* c */ }}', 'parse', "template: line 1: unrecognized character in action: U+002F '/'"],
  ['{{ "\\q" }}', 'parse', 'template: line 1: invalid escape \\q in "\\q"'],
  ['{{ define "a" }}{{ end }}{{ define "a" }}{{ end }}', 'parse', 'multiple definition of template "a"'],
  ['{{ template "missing" }}', 'exec', 'template: line 1: no such template "missing"'],
  ['{{ index .list 5 }}', 'exec', 'template: line 1: error calling index: index out of range: 5'],
  ['{{ len 3 }}', 'exec', 'template: line 1: error calling len: len of int'],
  ['{{ upper }}', 'exec', 'template: line 1: wrong number of args for upper: want 1 got 0'],
  ['{{ lt 1 "a" }}', 'exec', 'error calling lt: incompatible types for comparison: int and string'],
  ['{{ div 1 0 }}', 'exec', 'error calling div: integer divide by zero'],
  ['{{ fromJSON "{oops" }}', 'exec', 'error calling fromJSON: invalid JSON'],
  ['{{ range "abc" }}{{ end }}', 'exec', "template: line 1: range can't iterate over abc"],
  ['{{ .list 1 }}', 'exec', "can't give argument to non-function .list"],
  ['{{ nil }}', 'exec', 'nil is not a command'],
  ['{{ add "x" 1 }}', 'exec', 'error calling add: "x" (string) is not a number'],
  ['{{ regexMatch "(a+)+$" "aaaa" }}', 'exec', 'repeats a repeated group, which can take forever'],
  ['{{ date "2006" "yesterday" }}', 'exec', 'cannot read "yesterday" as a time'],
  ['{{ dateInZone "2006" 0 "Mars/Olympus" }}', 'exec', 'unknown time zone "Mars/Olympus"'],
  ['# gotemplate: colour=blue\nx', 'parse', 'unknown gotemplate setting "colour=blue"'],
];

describe('template errors', () => {
  it.each(errors)('%j', (text, kind, message) => {
    const e = failure(text, { list: [1, 2] });
    expect(e.kind).toBe(kind);
    expect(e.message).toContain(message);
  });

  it('gives the line inside a multi-line template and inside a define', () => {
    const e = failure('{{ define "t" }}\nok\n{{ nope 1 }}\n{{ end }}\n{{ template "t" }}');
    expect(e.line).toBe(3);
    expect(e.message).toBe('template: line 3: function "nope" not defined');
  });

  it('counts lines from the original text when a gotemplate header is present', () => {
    const e = failure('# gotemplate: left-delim=[[ right-delim=]]\nfine\n[[ nope ]]');
    expect(e.message).toBe('template: line 3: function "nope" not defined');
  });

  it('a data key with arguments is not a function', () => {
    expect(failure('{{ params "x" }}', { params: { x: 1 } }).message).toContain(
      "can't give argument to non-function params",
    );
  });

  it('a function that throws is reported by name', () => {
    const funcs = {
      permalink: () => {
        throw new Error('no public URL configured');
      },
    };
    expect(failure('{{ permalink }}', {}, { funcs }).message).toBe(
      'template: line 1: error calling permalink: no public URL configured',
    );
  });

  it('parseTemplate validates without data', () => {
    expect(() => parseTemplate('{{ if .x }}ok{{ end }} $(params.y) {{ unknownButMaybeData }}')).not.toThrow();
    expect(() => parseTemplate('{{ range }}')).toThrow(TemplateError);
    expect(() => parseTemplate('{{ range }}')).toThrow('template: line 1: missing value for range');
  });

  it('a $( ) that is not a valid action stays as written, a {{ }} one is an error', () => {
    expect(renderTemplate('echo $(ls -la | wc -l) $(nope)', {})).toBe('echo $(ls -la | wc -l) $(nope)');
    expect(() => renderTemplate('{{ ls -la }}', {})).toThrow(TemplateError);
    expect(() => renderTemplate('$(upper)', {})).toThrow('wrong number of args for upper');
  });
});

describe('template limits', () => {
  it('stops output beyond the limit', () => {
    const e = failure('{{ range 1000 }}0123456789{{ end }}', {}, { limits: { maxOutputLength: 5000 } });
    expect(e.kind).toBe('limit');
    expect(e.message).toBe('template: line 1: output longer than 5000 characters');
  });

  it('stops a string that doubles on every iteration', () => {
    const e = failure('{{ $s := "ab" }}{{ range 100 }}{{ $s = printf "%s%s" $s $s }}{{ end }}');
    expect(e.kind).toBe('limit');
    expect(e.message).toContain('printf returned more than 1000000 characters');
  });

  it('stops a list that doubles on every iteration', () => {
    const e = failure('{{ $l := list 1 }}{{ range 100 }}{{ $l = concat $l $l }}{{ end }}');
    expect(e.message).toContain('concat returned more than 1000000 items');
  });

  it('stops too many range iterations, nested loops included', () => {
    const e = failure('{{ range 1000 }}{{ range 1000 }}{{ end }}{{ end }}');
    expect(e.kind).toBe('limit');
    expect(e.message).toBe('template: line 1: more than 100000 range iterations');
    expect(failure('{{ range 5 }}{{ end }}', {}, { limits: { maxRangeIterations: 4 } }).kind).toBe('limit');
  });

  it('stops runaway template recursion', () => {
    const e = failure('{{ define "loop" }}{{ template "loop" . }}{{ end }}{{ template "loop" . }}');
    expect(e.kind).toBe('limit');
    expect(e.message).toBe('template: line 1: templates nested deeper than 100 calls');
  });

  it('refuses absurd widths instead of allocating them', () => {
    expect(failure('{{ printf "%999999999d" 1 }}').message).toContain('width or precision above');
    expect(failure('{{ indent 999999999 "x" }}').message).toContain('indent width 999999999 out of range');
    expect(failure('{{ repeat 999999999 "x" }}').message).toContain('repeat count 999999999 out of range');
  });

  it('refuses deeply nested templates at parse time', () => {
    const deep = '{{ if true }}'.repeat(300) + '{{ end }}'.repeat(300);
    expect(() => parseTemplate(deep)).toThrow('nesting deeper than 200 levels');
  });
});

describe('template data access', () => {
  const data = JSON.parse('{"config": {"name": "x", "__proto__": {"polluted": 1}}, "list": [1]}') as unknown;

  it('never reads inherited properties', () => {
    expect(
      renderTemplate(
        '[{{ .config.constructor }}][{{ .config.toString }}][{{ .config.hasOwnProperty }}]',
        data,
      ),
    ).toBe('[][][]');
    expect(
      renderTemplate('[{{ index .config "constructor" }}][{{ .list.length }}][{{ .list.map }}]', data),
    ).toBe('[][][]');
    expect(failure('{{ constructor }}', data, { funcs: {} }).message).toBe(
      'template: line 1: function "constructor" not defined',
    );
    expect(failure('{{ toString }}', data).message).toContain('wrong number of args for toString');
  });

  it('reads an own "__proto__" key as data, never as a prototype', () => {
    expect(renderTemplate('{{ index .config "__proto__" }}', data)).toBe('{"polluted":1}');
    const made = renderTemplate('{{ $d := dict "__proto__" "v" }}{{ $d }} {{ len $d }}', {});
    expect(made).toBe('{"__proto__":"v"} 1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('does not call functions found in the data', () => {
    const called: string[] = [];
    const tricky = { fn: () => called.push('fn'), obj: { method: () => called.push('method') } };
    expect(renderTemplate('[{{ .fn }}][{{ .obj.method }}]', tricky)).toBe('[][]');
    expect(called).toEqual([]);
  });
});
