import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoggingBackendEntry } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import { lineTimestamp } from '../../src/logs/backends/lines.js';
import { eachLineFromEnd } from '../../src/logs/backends/tail.js';
import { shiftToNow } from '../../src/logs/demo.js';
import { routeSearch } from '../../src/logs/routing.js';

describe('log lines', () => {
  it('reads RFC3339, ISO and common log format timestamps at the start of a line', () => {
    expect(lineTimestamp('2026-01-02T03:04:05.678Z hello')?.toISOString()).toBe('2026-01-02T03:04:05.678Z');
    expect(lineTimestamp('2026-01-02T03:04:05+02:00 hello')?.toISOString()).toBe('2026-01-02T01:04:05.000Z');
    expect(lineTimestamp('2026-01-02 03:04:05,250 INFO x')?.toISOString()).toBe('2026-01-02T03:04:05.250Z');
    expect(
      lineTimestamp(
        '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif HTTP/1.0" 200 2326',
      )?.toISOString(),
    ).toBe('2000-10-10T20:55:36.000Z');
    expect(lineTimestamp('no time here')).toBeUndefined();
  });

  it('walks a file from its last line to its first across chunk borders, multi-byte characters intact', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-tail-'));
    const file = path.join(dir, 'big.log');
    // ~9 MB: more than two 4 MB chunks, every line with a 3-byte character somewhere.
    const lines = Array.from(
      { length: 150_000 },
      (_, i) => `line ${i} ${'€'.repeat(i % 17)} ${'x'.repeat(40)}`,
    );
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    const seen: string[] = [];
    await eachLineFromEnd(file, (l) => (seen.push(l), true));
    expect(seen).toHaveLength(lines.length);
    expect(seen.reverse()).toEqual(lines);
    const last3: string[] = [];
    await eachLineFromEnd(file, (l) => (last3.push(l), last3.length < 3));
    expect(last3.map((l) => l.split(' ')[1])).toEqual(['149999', '149998', '149997']);
    fs.rmSync(dir, { recursive: true });
  });

  it('moves the demo log to end now', () => {
    const text = '2026-01-01T10:00:00Z a\n2026-01-01T10:30:00Z b\n';
    expect(shiftToNow(text, new Date('2030-05-05T12:00:00Z'))).toBe(
      '2030-05-05T11:30:00.000Z a\n2030-05-05T12:00:00.000Z b\n',
    );
  });
});

describe('routing', () => {
  const file = (name: string, routes?: NonNullable<LoggingBackendEntry['file']>['routes']) => ({
    file: { path: [name], ...(routes ? { routes } : {}) },
  });
  const q = { id: 'nginx-checkout', type: 'Website', labels: { type: 'access', env: 'demo' } };
  const names = (entries: LoggingBackendEntry[]) => entries.map((e) => e.file?.path[0]);

  it('matches by type, id prefix and labels; the first non-additive match answers, additive ones join', () => {
    expect(
      names(
        routeSearch(
          [
            file('by-type-other', [{ type: 'Pod' }]),
            file('by-prefix', [{ idPrefix: 'nginx-', labels: { type: 'access' } }]),
            file('second-exclusive', [{ type: 'website' }]),
            file('additive', [{ labels: { env: 'demo' }, additive: true }]),
            file('wrong-label', [{ idPrefix: 'nginx-', labels: { type: 'error' } }]),
          ],
          q,
        ),
      ),
    ).toEqual(['by-prefix', 'additive']);
    expect(names(routeSearch([file('catch-all'), file('x', [{ type: 'Website' }])], q))).toEqual([
      'catch-all',
    ]);
  });
});
