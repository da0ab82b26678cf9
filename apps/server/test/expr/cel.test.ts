import { describe, expect, it } from 'vitest';
import { CelError, compileCel, evalCel, evalCelBool, evalCelString } from '../../src/expr/index.js';

const vars = {
  code: 200,
  duration: 120,
  json: {
    count: 3,
    status: 'ok',
    items: [
      { name: 'a', value: 1 },
      { name: 'b', value: 2.5 },
    ],
  },
  headers: { 'content-type': 'application/json' },
  config: {
    name: 'web-1',
    type: 'Kubernetes::Pod',
    status: 'CrashLoopBackOff',
    tags: { cluster: 'prod', namespace: 'shop' },
    labels: { app: 'web', 'Expected-Fail': 'false' },
    created_at: '2024-05-01T10:00:00Z',
    config: { spec: { replicas: 3 } },
  },
  component: {
    type: 'Workload',
    properties: [
      { name: 'os', text: 'linux' },
      { name: 'cpu', value: 4 },
    ],
  },
  check: { type: 'http', labels: { 'Expected-Fail': 'true' } },
  stdout: '{"count": 3, "ok": true}',
  event_time: '2024-05-01T06:30:00Z',
  late: new Date('2024-05-01T23:30:00Z'),
};

type Case = [expression: string, expected: unknown];

const cases: Case[] = [
  // standard CEL through the environment
  ['code == 200 && size(json.items) == 2', true],
  ['code in [200, 201, 301]', true],
  ['json.items.exists(i, i.value > 2.0)', true],
  ['json.items.map(i, i.name)', ['a', 'b']],
  ['json.items.filter(i, i.value > 1.0).size()', 1],
  ['has(config.tags.cluster) && !has(config.tags.zone)', true],
  ['headers["content-type"].startsWith("application/")', true],
  ['config.name.contains("web") && config.name.endsWith("-1") && config.name.matches("^web-\\\\d$")', true],
  ['"TacoCat".lowerAscii() + "/" + "TacoCat".upperAscii() + "/" + "  x ".trim()', 'tacocat/TACOCAT/x'],
  ['"a,b,c".split(",")', ['a', 'b', 'c']],
  ['["a", "b"].join("-") + "|" + string("abc".size())', 'a-b|3'],
  ['[1, "mixed", true].size()', 3],
  // numbers: JSON numbers are doubles, literals ints; mixing works
  ['json.count + 1', 4],
  ['1 + json.count', 4],
  ['json.count * 2 == 6', true],
  ['duration / 60 == 2', true],
  ['1 == 1.0 && 2.0 == 2 && 3 > 2.5', true],
  // optional fields
  ['config.?tags.?team.orValue("none")', 'none'],
  ['config.?tags.?cluster.orValue("none")', 'prod'],
  ['config.?missing.?deeper.orValue(0)', 0],
  ['config.tags[?"namespace"].orValue("")', 'shop'],
  ['config.?tags.?team.hasValue()', false],
  // keys / values / slice
  ['dyn(config.tags).keys()', ['cluster', 'namespace']],
  ['config.tags.values()', ['prod', 'shop']],
  ['["a", "b", "c", "d"].slice(1, 3)', ['b', 'c']],
  // durations and timestamps
  ['Duration("7d") > duration("144h")', true],
  ['Duration("1w") == Duration("7d")', true],
  ['duration("1h30m")', '1h30m0s'],
  ['Duration("90s")', '1m30s'],
  ['timestamp("2024-01-01T00:00:00Z") + Duration("1d") == timestamp("2024-01-02T00:00:00Z")', true],
  ['timestamp(config.created_at).getHours()', 10],
  ['time.Since(timestamp(config.created_at)) > duration("1h")', true],
  ['time.Until(timestamp("2000-01-01T00:00:00Z")) < duration("0s")', true],
  ['time.Now() > timestamp("2020-01-01T00:00:00Z")', true],
  ['time.ParseDuration("2h") == duration("120m")', true],
  ['HumanDuration(Duration("3725s")) + " " + HumanDuration(90)', '1h2m 1m30s'],
  ['HumanSize(1048576) + " " + HumanSize(512)', '1 MiB 512 B'],
  // time.InTimeRange
  ['time.InTimeRange(event_time, "06:00", "07:00")', true],
  ['time.InTimeRange(event_time, "06:31", "07:00")', false],
  ['time.InTimeRange("2024-05-01T07:00:00+02:00", "06:00", "07:00")', true],
  ['time.InTimeRange(late, "22:00", "06:00")', true],
  ['time.InTimeRange(late, "06:00:00", "22:00:00")', false],
  ['time.InTimeRange(timestamp("2024-05-01T12:00:05Z"), "12:00", "12:00:05")', true],
  // strings and JSON
  ['"a-b-c".replace("-", "+")', 'a+b+c'],
  ['"a-b-c".replace("-", "+", 1)', 'a+b-c'],
  ['"hello".charAt(1) + "|" + "abc".reverse()', 'e|cba'],
  ['stdout.JSON().count < 5 && stdout.JSON().ok', true],
  ["'[1, 2]'.JSONArray().size()", 2],
  ['toJSON({"a": 1, "b": [true, "x"]})', '{"a":1,"b":[true,"x"]}'],
  ['config.tags.toJSON()', '{"cluster":"prod","namespace":"shop"}'],
  // math
  ['math.greatest(1, 5, 3)', 5],
  ['math.greatest([4.5, 2.5, 9.0])', 9],
  ['math.least(json.count, 2)', 2],
  ['math.least([3, -1, 2])', -1],
  // matchQuery, including Mission Control's leading-dot form
  [
    'matchQuery(.config, "type=Kubernetes::Pod,Kubernetes::Deployment name!=postgres tags.cluster=prod")',
    true,
  ],
  ['matchQuery(config, "type=Kubernetes::Deployment")', false],
  ['matchQuery(config, "name=web-* namespace=shop")', true],
  ['matchQuery(config, "cluster!=prod")', false],
  ['matchQuery(config, "labels.app=web config.spec.replicas>=3 created_at>2024-01-01")', true],
  ['matchQuery(config, "created_at>now-1h")', false],
  ['matchQuery(.check, "type!=http labels.Expected-Fail!=true")', false],
  ['matchQuery(.component, "type=Workload properties.os=linux properties.cpu>2")', true],
  ['.config.name == "web-1" && ".config" == ".config"', true],
];

describe('CEL environment', () => {
  it.each(cases)('%s', (expression, expected) => {
    expect(evalCel(expression, vars)).toEqual(expected);
  });

  it('evalCelBool refuses a non-boolean result', () => {
    expect(evalCelBool('code == 200', vars)).toBe(true);
    expect(() => evalCelBool('config.name', vars)).toThrow(
      "expression (config.name) didn't evaluate to a boolean value",
    );
  });

  it('evalCelString gives text for messages', () => {
    expect(evalCelString("'status ' + json.status", vars)).toBe('status ok');
    expect(evalCelString('json.items[0]', vars)).toBe('{"name":"a","value":1}');
    expect(evalCelString('json.count', vars)).toBe('3');
  });

  it('compileCel refuses bad expressions with the reason and position', () => {
    const parse = (() => {
      try {
        compileCel('code == 200 &&');
      } catch (e) {
        return e;
      }
    })();
    expect(parse).toBeInstanceOf(CelError);
    expect((parse as CelError).kind).toBe('parse');
    expect((parse as CelError).message).toMatch(
      /^expression \(code == 200 &&\) is invalid: .+ at column \d+$/,
    );
    expect(() => compileCel('unknownFn(1)')).toThrow("found no matching overload for 'unknownFn(int)'");
    expect(() => compileCel('"a" + 1')).toThrow(CelError);
    expect(() => compileCel('   ')).toThrow('the expression is empty');
    expect(compileCel('config.name == "x"').evaluate(vars)).toBe(false);
  });

  it('evaluation errors are CelErrors naming the expression', () => {
    expect(() => evalCel('config.nope == 1', vars)).toThrow(
      'expression (config.nope == 1) failed: No such key: nope',
    );
    expect(() => evalCel('"x".JSON()', vars)).toThrow(/failed: invalid JSON/);
    expect(() => evalCel('time.InTimeRange(event_time, "6", "7")', vars)).toThrow(
      'cannot read "6" as a time of day',
    );
    expect(() => evalCel('matchQuery(config, "oops")', vars)).toThrow(
      'matchQuery: "oops" is not field=value',
    );
    expect(() => evalCel('1 / 0', vars)).toThrow(CelError);
  });

  it('never reads inherited properties and keeps "__proto__" an ordinary key', () => {
    const data = { obj: JSON.parse('{"__proto__": {"x": 1}, "a": 2}') as unknown };
    expect(() => evalCel('obj.constructor', data)).toThrow('No such key: constructor');
    expect(() => evalCel('obj.toString', data)).toThrow('No such key: toString');
    expect(evalCel('"constructor" in obj', data)).toBe(false);
    expect(evalCel('obj["__proto__"].x', data)).toBe(1);
  });

  it('accepts undefined members and Maps in the variables', () => {
    expect(
      evalCel('size(x) == 1 && m.k == "v"', { x: { a: undefined, b: 1 }, m: new Map([['k', 'v']]) }),
    ).toBe(true);
  });
});
