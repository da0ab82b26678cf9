import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { junitPathProblems } from '../../src/health/checks/junit.js';
import { parseXml } from '../../src/health/checks/junit-xml.js';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';

let root: string;
let outside: string;
let opts: ExecuteOptions;

const PASSING = `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by a test runner -->
<testsuites>
  <testsuite name="api" tests="2" time="1.5">
    <testcase classname="api.health" name="returns 200" time="0.5"/>
    <testcase classname="api.health" name="returns json &amp; headers" time="1.0"><system-out><![CDATA[ok <done>]]></system-out></testcase>
  </testsuite>
</testsuites>`;

const FAILING = `<testsuite name="db" time="2.25">
  <testcase classname="db.migrations" name="applies" time="1"/>
  <testcase classname="db.migrations" name="rolls back" time="1"><failure message="expected 3 tables, got 2">stack</failure></testcase>
  <testcase classname="db.pool" name="reconnects" time="0.25"><error message="ECONNRESET"/></testcase>
  <testcase classname="db.pool" name="tls" time="0"><skipped/></testcase>
</testsuite>`;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'junit-roots-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'junit-outside-'));
  fs.mkdirSync(path.join(root, 'ok/nested'), { recursive: true });
  fs.mkdirSync(path.join(root, 'mixed'));
  fs.mkdirSync(path.join(root, 'broken'));
  fs.mkdirSync(path.join(root, 'empty'));
  fs.writeFileSync(path.join(root, 'ok/nested/api.xml'), PASSING);
  fs.writeFileSync(path.join(root, 'ok/notes.txt'), 'not a report');
  fs.writeFileSync(path.join(root, 'mixed/api.xml'), PASSING);
  fs.writeFileSync(path.join(root, 'mixed/db.xml'), FAILING);
  fs.writeFileSync(path.join(root, 'broken/bad.xml'), '<testsuite name="x"><testcase name="a">');
  fs.writeFileSync(path.join(outside, 'secret.xml'), PASSING);
  fs.symlinkSync(path.join(outside, 'secret.xml'), path.join(root, 'empty/link.xml'));
  opts = {
    defaultTimeoutMs: 5000,
    sandbox: { scripts: { disabled: false, user: 'nobody' }, files: { roots: [root], baseDir: root } },
    templateVars: {},
  };
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('junit runner', () => {
  it('passes when every test passed, with canary-checker totals in results', async () => {
    const r = await executeCheck(
      'junit',
      {
        testResults: 'ok',
        display: { expr: "string(results.passed) + ' passed in ' + string(results.duration) + 's'" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '2 passed in 1.5s' });
    const results = r.details.results as { suites: { name: string; tests: { name: string }[] }[] };
    expect(results).toMatchObject({ passed: 2, failed: 0, skipped: 0, error: 0, duration: 1.5 });
    expect(results.suites[0]?.tests.map((t) => t.name)).toEqual(['returns 200', 'returns json & headers']);
  });

  it('fails naming the failed and errored tests; a glob selects files', async () => {
    const r = await executeCheck('junit', { testResults: 'mixed/*.xml' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toBe(
      '3 passed, 1 failed, 1 errors, 1 skipped: db.migrations.rolls back, db.pool.reconnects',
    );
    expect(r.details.results).toMatchObject({ passed: 3, failed: 1, error: 1, skipped: 1, duration: 3.75 });
    const only = await executeCheck('junit', { testResults: path.join(root, 'mixed/db.xml') }, opts);
    expect(only.details.results).toMatchObject({ passed: 1, failed: 1 });
    const tested = await executeCheck(
      'junit',
      { testResults: 'mixed', test: { expr: 'results.failed < 2' } },
      opts,
    );
    expect(tested.pass).toBe(true);
  });

  it('fails clearly on no reports, broken XML, and files outside the roots', async () => {
    const none = await executeCheck('junit', { testResults: 'nothing-here/*.xml' }, opts);
    expect(none.error).toBe('no JUnit XML files at nothing-here/*.xml');
    const broken = await executeCheck('junit', { testResults: 'broken' }, opts);
    expect(broken.error).toBe('broken/bad.xml is not a JUnit XML report: <testcase> is not closed');
    const escaped = await executeCheck('junit', { testResults: 'empty' }, opts);
    expect(escaped.error).toMatch(/is outside the allowed file roots/);
    const abs = await executeCheck('junit', { testResults: outside }, opts);
    expect(abs.error).toMatch(/is outside the allowed file roots/);
    expect(
      await junitPathProblems(
        { junit: [{ testResults: 'ok' }, { testResults: '/etc/*.xml' }] },
        opts.sandbox.files,
      ),
    ).toEqual([
      expect.stringMatching(
        /^spec\.junit\.1\.testResults: path \/etc is outside the allowed file roots: .*; to allow it, add its folder to FILE_ROOTS \(comma-separated absolute folders; README\.md "Configuration"\)$/,
      ),
    ]);
    expect(abs.error).toContain('add its folder to FILE_ROOTS');
  });
});

describe('junit XML reader', () => {
  it('reads attributes, entities and CDATA and refuses DOCTYPE', () => {
    const el = parseXml(`<a x='1' y="&lt;&#65;&#x42;"><b>t&amp;t</b><![CDATA[<raw>]]></a>`);
    expect(el).toMatchObject({ name: 'a', attrs: { x: '1', y: '<AB' }, text: '<raw>' });
    expect(el.children[0]).toMatchObject({ name: 'b', text: 't&t' });
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>')).toThrow(
      'DOCTYPE declarations are not supported',
    );
    expect(() => parseXml('<a></b>')).toThrow('unexpected </b>');
  });
});
