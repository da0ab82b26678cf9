import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTemplate, templateFunctions } from '../../src/expr/index.js';

const data = {
  s: 'Hello World',
  n: 7,
  f: 2.567,
  list: ['b', 'a', 'c', 'a'],
  nums: [3, 1, 2],
  m: { b: 2, a: 1 },
  json: '{"count": 3, "items": ["x"]}',
  yaml: 'a: 1\nb: [x, y]\n',
  t: '2024-03-05T14:07:09.123Z',
  items: [
    { name: 'a', v: 1 },
    { name: 'b', v: 2 },
  ],
};

type Case = [text: string, expected: string];

const cases: Case[] = [
  // Go builtins
  ['{{ len .s }} {{ len .list }} {{ len .m }} {{ len "é" }}', '11 4 2 2'],
  ['{{ index .list 1 }} {{ index .m "a" }} {{ index .items 1 "name" }}', 'a 1 b'],
  ['{{ slice .list 1 3 }} {{ slice .s 6 }} {{ slice .s 0 5 }}', '["a","c"] World Hello'],
  ['{{ print "a" 1 2 "b" }}|{{ println "a" 1 }}', 'a1 2b|a 1\n'],
  [
    '{{ eq .n 7 }} {{ eq .n 7.0 }} {{ eq "a" "b" "a" }} {{ ne .n 8 }} {{ eq .nope nil }}',
    'true true true true true',
  ],
  ['{{ lt 1 2 }} {{ le 2 2 }} {{ gt "b" "a" }} {{ ge 1 2 }}', 'true true true false'],
  ['{{ html "<a href=\'x\'>&</a>" }}', '&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;'],
  ['{{ js "it\'s <b>" }}', "it\\'s \\u003Cb\\u003E"],
  ['{{ urlquery "a b&c/d" }}', 'a+b%26c%2Fd'],
  // printf verbs
  ['{{ printf "%s|%d|%5d|%-5d|%05d|%+d" "x" 42 42 42 42 42 }}', 'x|42|   42|42   |00042|+42'],
  [
    '{{ printf "%f|%.2f|%8.3f|%e|%g|%g" 3.14159 3.14159 3.14159 1234.5678 0.000012 100000 }}',
    '3.141590|3.14|   3.142|1.234568e+03|1.2e-05|100000',
  ],
  [
    '{{ printf "%q|%v|%x|%X|%o|%b|%t|%c|%U|%%" "a\\"b" .list 255 255 8 5 true 65 65 }}',
    '"a\\"b"|["b","a","c","a"]|ff|FF|10|101|true|A|U+0041|%',
  ],
  ['{{ printf "%T %T %T %T" "s" 1 1.5 .m }}', 'string int float64 map[string]interface {}'],
  [
    '{{ printf "%d" "x" }}|{{ printf "%s %s" "a" }}|{{ printf "%s" "a" "b" }}',
    '%!d(string=x)|a %!s(MISSING)|a%!(EXTRA string=b)',
  ],
  [
    '{{ printf "%[2]s %[1]s" "a" "b" }}|{{ printf "%*d" 4 7 }}|{{ printf "%.3s" "abcdef" }}|{{ printf "%x" "hi" }}',
    'b a|   7|abc|6869',
  ],
  // defaults and conditionals
  [
    '{{ default "none" .nope }} {{ .nope | default "piped" }} {{ default "d" .s }} {{ default "d" 0 }}',
    'none piped Hello World d',
  ],
  ['{{ empty .nope }} {{ empty "" }} {{ empty .list }} {{ empty 0 }}', 'true true false true'],
  ['{{ coalesce .nope "" "first" "second" }}', 'first'],
  [
    '{{ ternary "yes" "no" true }} {{ true | ternary "yes" "no" }} {{ ternary "yes" "no" .nope }}',
    'yes yes no',
  ],
  // strings
  [
    '{{ upper .s }} {{ lower .s }} {{ title "hello wide world" }}',
    'HELLO WORLD hello world Hello Wide World',
  ],
  [
    '[{{ trim "  x  " }}] {{ trimPrefix "Hello " .s }} {{ trimSuffix " World" .s }} {{ trimAll "$-" "$-x-$" }}',
    '[x] World Hello x',
  ],
  [
    '{{ replace "o" "0" .s }} {{ contains "World" .s }} {{ hasPrefix "He" .s }} {{ hasSuffix "x" .s }}',
    'Hell0 W0rld true true false',
  ],
  [
    '{{ split "," "a,b" }} {{ (split "," "a,b")._1 }} {{ splitList "," "a,b,c" }} {{ join "-" .list }}',
    '{"_0":"a","_1":"b"} b ["a","b","c"] b-a-c-a',
  ],
  ['{{ quote "a" "b\\"c" }} {{ squote "x" }} {{ shellQuote "it\'s" }}', '"a" "b\\"c" \'x\' \'it\'"\'"\'s\''],
  ['{{ indent 2 "a\\nb" }}|{{ nindent 2 "a" }}', '  a\n  b|\n  a'],
  [
    '{{ repeat 3 "ab" }} {{ substr 1 3 "hello" }} {{ trunc 3 "hello" }} {{ toString 12 }}',
    'ababab el hel 12',
  ],
  // lists and dicts
  [
    '{{ list 1 "a" }} {{ dict "a" 1 "b" "x" }} {{ keys .m }} {{ values .m }}',
    '[1,"a"] {"a":1,"b":"x"} ["a","b"] [1,2]',
  ],
  ['{{ hasKey .m "a" }} {{ hasKey .m "z" }} {{ get .m "b" }} [{{ get .m "z" }}]', 'true false 2 []'],
  ['{{ $d := dict "a" 1 }}{{ $_ := set $d "b" 2 }}{{ $d }} {{ unset $d "a" }}', '{"a":1,"b":2} {"b":2}'],
  ['{{ pluck "name" (index .items 0) (index .items 1) }}', '["a","b"]'],
  ['{{ first .list }} {{ last .list }} {{ rest .nums }} {{ initial .nums }}', 'b a [1,2] [3,1]'],
  [
    '{{ append .nums 4 }} {{ prepend .nums 0 }} {{ concat .nums (list 9) }} {{ reverse .nums }}',
    '[3,1,2,4] [0,3,1,2] [3,1,2,9] [2,1,3]',
  ],
  ['{{ uniq .list }} {{ sortAlpha .list }} {{ has "c" .list }}', '["b","a","c"] ["a","a","b","c"] true'],
  // numbers
  ['{{ add 1 2 3 }} {{ add1 1 }} {{ sub 5 7 }} {{ mul 2 3 4 }} {{ div 7 2 }} {{ mod 7 3 }}', '6 2 -2 24 3 1'],
  [
    '{{ max 3 9 2 }} {{ min 3 9 2 }} {{ floor 2.7 }} {{ ceil 2.1 }} {{ round 2.567 2 }} {{ round 2.5 }}',
    '9 2 2 3 2.57 3',
  ],
  ['{{ addf 1.5 1 }} {{ subf 3 0.5 }} {{ mulf 1.5 2 }} {{ divf 7 2 }}', '2.5 2.5 3 3.5'],
  ['{{ int "42" }} {{ int 3.9 }} {{ int64 .f }} {{ float64 "2.5" }} {{ atoi "-12" }}', '42 3 2 2.5 -12'],
  // encoding
  [
    '{{ toJSON .m }} {{ toJson .list }} {{ (fromJSON .json).count }} {{ (fromJson .json).items }}',
    '{"b":2,"a":1} ["b","a","c","a"] 3 ["x"]',
  ],
  ['{{ toYAML .m }}|{{ toYaml (list 1 2) }}|{{ (fromYAML .yaml).b }}', 'b: 2\na: 1|- 1\n- 2|["x","y"]'],
  ['{{ toPrettyJson (dict "a" 1) }}', '{\n  "a": 1\n}'],
  ['{{ b64enc "opsdeck" }} {{ b64dec "b3BzZGVjaw==" }}', 'b3BzZGVjaw== opsdeck'],
  ['{{ sha1sum "abc" }}', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
  ['{{ sha256sum "abc" }}', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  // gomplate namespaces and aliases, as canary-checker templates call them
  [
    '{{ .s | strings.ToUpper }} {{ strings.ToLower "AB" }} {{ "  x " | strings.TrimSpace }}',
    'HELLO WORLD ab x',
  ],
  [
    '{{ "f" | strings.Contains "f" }} {{ strings.HasPrefix "He" .s }} {{ .s | strings.HasSuffix "x" }}',
    'true true false',
  ],
  [
    '{{ "a,b,c" | strings.Split "," | toJSON }} {{ "foo:bar:baz" | strings.SplitN ":" 2 | toJSON }}',
    '["a","b","c"] ["foo","bar:baz"]',
  ],
  [
    '{{ strings.ReplaceAll "." "-" "172.21.1.42" }} {{ "_-foo-_" | strings.Trim "_-" }} {{ .s | strings.Trunc 5 }}',
    '172-21-1-42 foo Hello',
  ],
  [
    '{{ "Hello, World!" | strings.SnakeCase }} {{ "hello jello" | strings.CamelCase }} {{ "Hello, world!" | strings.Slug }}',
    'Hello_world helloJello hello-world',
  ],
  [
    '{{ "foobarbazquxquux" | strings.Abbrev 9 }} {{ strings.Indent 2 "a\\nb" }} {{ strings.RuneCount "é" }}',
    'foobar...   a\n  b 1',
  ],
  [
    '{{ toJSONPretty "  " .m }}|{{ .m | data.ToJSONPretty "" }}|{{ data.ToYAML .m }}',
    '{\n  "b": 2,\n  "a": 1\n}|{\n"b": 2,\n"a": 1\n}|b: 2\na: 1',
  ],
  [
    '{{ (.json | json).count }} {{ (.json | data.JSON).items }} {{ ("[1,2]" | jsonArray) }} {{ (.yaml | yaml).b }}',
    '3 ["x"] [1,2] ["x","y"]',
  ],
  [
    '{{ base64.Encode "hello world" }} {{ "aGVsbG8gd29ybGQ=" | base64.Decode }} {{ crypto.SHA1 "foo" }}',
    'aGVsbG8gd29ybGQ= hello world 0beec7b5ea3f0fdbc95d0dd47f3c5bc275da8a33',
  ],
  [
    '{{ conv.ToBool "yes" }} {{ conv.ToBool 0 }} {{ conv.ToInt "0x42" }} {{ conv.ToFloat64 "9,000.09" }} {{ conv.Default "d" "" }}',
    'true false 66 9000.09 d',
  ],
  [
    '{{ range slice "Bart" "Lisa" }}{{ . }};{{ end }} {{ join (slice 1 2 3) "-" }} {{ has .m "a" }} {{ coll.Has .list "c" }}',
    'Bart;Lisa; 1-2-3 true true',
  ],
  [
    '{{ .nums | append 5 }} {{ coll.Prepend 0 .nums }} {{ sort .nums }} {{ coll.Sort "v" .items | toJSON }}',
    '[3,1,2,5] [0,3,1,2] [1,2,3] [{"name":"a","v":1},{"name":"b","v":2}]',
  ],
  [
    '{{ "[[1,2],[],[[3,4],[[[5],6],7]]]" | jsonArray | flatten }} {{ coll.Flatten 1 (jsonArray "[[1,[2]]]") }}',
    '[1,2,3,4,5,6,7] [1,[2]]',
  ],
  [
    '{{ coll.Merge (dict "foo" 8) (dict "foo" 1 "bar" 2) | toJSON }} {{ coll.Pick "a" .m | toJSON }} {{ coll.Omit "a" .m | toJSON }}',
    '{"bar":2,"foo":8} {"a":1} {"b":2}',
  ],
  [
    '{{ math.Add 1 2 3 }} {{ math.Div 3 2 }} {{ math.Pow 2 10 }} {{ math.Round -6.5 }} {{ range math.Seq 3 }}{{ . }}{{ end }} {{ math.IsNum "x" }}',
    '6 1.5 1024 -7 123 false',
  ],
  [
    '{{ path.Base "/tmp/foo" }} {{ filepath.Dir "/tmp/foo" }} {{ path.Ext "a.csv" }} {{ path.Join "/tmp" "a" }}',
    'foo /tmp .csv /tmp/a',
  ],
  [
    '{{ regexp.Replace "(foo)bar" "$1" "foobar" }} {{ "foobar" | regexp.Find "[a-z]{3}" }} {{ regexp.FindAll "[a-z]{3}" "foobar" }}',
    'foo foo ["foo","bar"]',
  ],
  [
    '{{ trim "_-foo-_" "_-" }} {{ toUpper "a" }} {{ startsWith "abc" "ab" }} {{ humanSize 1536 }} {{ humanDuration 3725 }}',
    'foo A true 1.5 KiB 1h2m',
  ],
  // time
  ['{{ date "2006-01-02 15:04:05.000 MST" .t }}', '2024-03-05 14:07:09.123 UTC'],
  ['{{ date "Mon Jan 2 3:04PM 2006 -07:00 Z07:00" .t }}', 'Tue Mar 5 2:07PM 2024 +00:00 Z'],
  ['{{ date "02/01/06 _2 002 .999 January Monday" .t }}', '05/03/24  5 065 .123 March Tuesday'],
  ['{{ dateInZone "2006-01-02 15:04 -0700" .t "Asia/Kolkata" }}', '2024-03-05 19:37 +0530'],
  ['{{ date "2006-01-02" 86400 }} {{ unixEpoch .t }}', '1970-01-02 1709647629'],
  ['{{ duration 95 }} {{ duration "1h30m" }} {{ duration 0 }} {{ duration 0.25 }}', '1m35s 1h30m0s 0s 250ms'],
  ['{{ humanizeDuration 3725 }} {{ humanizeDuration "50h" }} {{ humanizeDuration 45 }}', '1h2m 2d2h 45s'],
  // regex
  [
    '{{ regexMatch "^pod-\\\\d+$" "pod-12" }} {{ regexMatch "(?i)^POD" "pod" }} {{ regexFind "\\\\d+" "ab123c45" }}',
    'true true 123',
  ],
  ['{{ regexFindAll "\\\\d" "a1b2c3" -1 }} {{ regexFindAll "\\\\d" "a1b2c3" 2 }}', '["1","2","3"] ["1","2"]'],
  [
    '{{ regexReplaceAll "(\\\\w+)@(\\\\w+)" "me@host" "${2}:$1" }} {{ regexReplaceAllLiteral "\\\\d" "a1" "$1" }}',
    'host:me a$1',
  ],
  [
    '{{ regexSplit "\\\\s*,\\\\s*" "a , b,c" -1 }} {{ regexSplit "," "a,b,c" 2 }}',
    '["a","b","c"] ["a","b,c"]',
  ],
  // semver, bytes
  [
    '{{ semverCompare ">=1.2.0 <2.0.0" "1.9.3" }} {{ semverCompare "^1.4" "1.3.9" }} {{ semverCompare "~1.2.3" "v1.2.9" }} {{ semverCompare "1.x" "2.0.0" }}',
    'true false true false',
  ],
  [
    '{{ semverCompare ">1.0.0-alpha" "1.0.0" }} {{ semverCompare "<1.0.0" "1.0.0-rc.1" }} {{ semverCompare "!=1.2.3 || 1.2.3" "1.2.3" }}',
    'true true true',
  ],
  ['{{ humanizeBytes 512 }} {{ humanizeBytes 1536 }} {{ humanizeBytes 1073741824 }}', '512 B 1.5 KiB 1 GiB'],
];

describe('template functions', () => {
  it.each(cases)('%s', (text, expected) => {
    expect(renderTemplate(text, data)).toBe(expected);
  });

  it('now, ago and uuidv4 produce current values', () => {
    const out = renderTemplate('{{ now | date "2006" }} {{ ago "2000-01-01T00:00:00Z" }} {{ uuidv4 }}', {});
    const [year, ago, uuid] = out.split(' ');
    expect(Number(year)).toBeGreaterThanOrEqual(2025);
    expect(ago).toMatch(/^\d+h0m0s$|^\d+h\d+m\d+s$/);
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('never changes the data it is given', () => {
    const input = { m: { a: 1 } };
    expect(() => renderTemplate('{{ set .m "b" 2 }}', input)).toThrow(
      /set can only change a dict made in this template/,
    );
    expect(input).toEqual({ m: { a: 1 } });
  });

  it('documents every function in docs/expressions.md', () => {
    const docs = readFileSync(new URL('../../../../docs/expressions.md', import.meta.url), 'utf8');
    const undocumented = [...templateFunctions.keys()].filter((name) => !docs.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
