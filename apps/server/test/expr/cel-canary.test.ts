import { describe, expect, it } from 'vitest';
import { celDuration, evalCel } from '../../src/expr/index.js';

/** The CEL forms canary-checker's own fixtures use in test, display and transform. */
describe('CEL extensions canary-checker specs use', () => {
  const results = {
    files: [{ name: 'a.log', size: 10 }],
    rows: [{ version: '16.2' }],
  };

  it('optional fields: .? and .orValue', () => {
    expect(evalCel('results.?files.orValue([]).size()', { results })).toBe(1);
    expect(evalCel('results.?missing.orValue([]).size()', { results })).toBe(0);
    expect(evalCel('json.?aggregations.logs.doc_count.orValue(0) > 0', { json: {} })).toBe(false);
    expect(evalCel('r.Object.spec.?rules.orValue([]).size()', { r: { Object: { spec: {} } } })).toBe(0);
  });

  it('dyn(...).keys(), map.omit, map.merge, list.flatten', () => {
    expect(evalCel("dyn({'b': 1, 'a': 2}).keys()")).toEqual(['b', 'a']);
    expect(
      evalCel("! ('Authorization' in json.headers.keys())", { json: { headers: { Accept: '*' } } }),
    ).toBe(true);
    expect(evalCel('r.omit(["value", "__name__"])', { r: { job: 'api', value: 1, __name__: 'up' } })).toEqual(
      {
        job: 'api',
      },
    );
    expect(evalCel("{'a': 1}.merge({'b': 2})")).toEqual({ a: 1, b: 2 });
    expect(evalCel('[[1], [2, 3], 4].flatten()')).toEqual([1, 2, 3, 4]);
  });

  it('Duration("…") compares with a duration variable such as http sslAge', () => {
    expect(evalCel("sslAge > Duration('7d')", { sslAge: celDuration(30 * 86_400_000) })).toBe(true);
    expect(evalCel("sslAge > Duration('7d')", { sslAge: celDuration(86_400_000) })).toBe(false);
    expect(evalCel('elapsed < Duration("1m")', { elapsed: celDuration(250) })).toBe(true);
  });

  it('time.InTimeRange, time.Parse, time.ZoneName and time.ZoneOffset', () => {
    expect(evalCel('time.InTimeRange(t, "09:00", "17:00")', { t: '2024-05-01T10:30:00Z' })).toBe(true);
    expect(evalCel('time.InTimeRange(t, "22:00", "06:00")', { t: '2024-05-01T12:00:00Z' })).toBe(false);
    expect(evalCel('time.Parse("2006-01-02", "2023-09-26")')).toEqual(new Date('2023-09-26T00:00:00Z'));
    expect(evalCel('time.Parse("2006-01-02T15:04:05Z07:00", "2023-09-26T10:00:00+02:00")')).toEqual(
      new Date('2023-09-26T08:00:00Z'),
    );
    expect(evalCel('time.Parse("Jan 2, 2006 3:04 PM", "Feb 3, 2024 1:05 PM")')).toEqual(
      new Date('2024-02-03T13:05:00Z'),
    );
    expect(() => evalCel('time.Parse("2006-01-02", "26/09/2023")')).toThrow('cannot parse "26/09/2023"');
    expect(typeof evalCel('time.ZoneName()')).toBe('string');
    expect(typeof evalCel('time.ZoneOffset()')).toBe('number');
  });

  it('string helpers: format, quote, lowerAscii, matches, join', () => {
    expect(evalCel('"%s/%s -> %s".format(["ns", "pod", "Healthy"])')).toBe('ns/pod -> Healthy');
    expect(evalCel('"%d items, %.2f%%".format([3, 99.5])')).toBe('3 items, 99.50%');
    expect(evalCel('"%v".format([{"a": 1}])')).toBe('{"a":1}');
    expect(() => evalCel('"%s %s".format(["one"])')).toThrow('not enough arguments');
    expect(evalCel('strings.quote("say \\"hi\\"")')).toBe('"say \\"hi\\""');
    expect(evalCel("'TacoCat'.lowerAscii() + ['a', 'b'].join('-')")).toBe('tacocata-b');
    expect(evalCel('"apple".matches("^a.*e$")')).toBe(true);
  });

  it('math helpers: cel-go names and canary-checker names', () => {
    expect(evalCel('math.ceil(1.2)')).toBe(2);
    expect(evalCel('math.floor(1.8)')).toBe(1);
    expect(evalCel('math.round(-1.5)')).toBe(-2);
    expect(evalCel('math.abs(-3)')).toBe(3);
    expect(evalCel('math.sign(-2.5)')).toBe(-1);
    expect(evalCel('math.Add([1, 2, 3.5])')).toBe(6.5);
    expect(evalCel('math.Max([1, 7, 3])')).toBe(7);
    expect(evalCel('math.greatest(1, 2)')).toBe(2);
  });

  it('uuid, crypto, base64, SemverCompare, HumanDuration, HumanSize', () => {
    expect(evalCel('uuid.IsValid(uuid.V4())')).toBe(true);
    expect(evalCel('uuid.IsValid("nope")')).toBe(false);
    expect(evalCel('crypto.SHA256("hello world")')).toBe(
      'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9',
    );
    expect(String(evalCel('crypto.SHA384("hello world")'))).toHaveLength(96);
    expect(evalCel('base64.decode(base64.encode("ops"))')).toBe('ops');
    expect(evalCel('SemverCompare("1.2.3", "1.2.4")')).toBe(false);
    expect(evalCel('SemverCompare(">=1.2.0", "1.2.4")')).toBe(true);
    expect(evalCel('HumanDuration(3600)')).toBe('1h');
    expect(evalCel('HumanSize(1048576)')).toBe('1 MiB');
  });

  it('results.rows and results.stdout as canary-checker tests read them', () => {
    expect(evalCel('results.rows[0].version', { results })).toBe('16.2');
    expect(
      evalCel('results.stdout == "hello" && results.exitCode == 0', {
        results: { stdout: 'hello', exitCode: 0 },
      }),
    ).toBe(true);
  });
});
