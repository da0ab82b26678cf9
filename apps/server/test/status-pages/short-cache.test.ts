import { describe, expect, it } from 'vitest';
import { ShortCache } from '../../src/status-pages/short-cache.js';

/** A load that answers when told to, counting how often it was called. */
function loader() {
  let calls = 0;
  const pending: ((v: string) => void)[] = [];
  return {
    load: () => {
      calls += 1;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    answer: (v: string) => pending.shift()?.(v),
    get calls() {
      return calls;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ShortCache', () => {
  it('shares one load between concurrent misses and serves it while fresh', async () => {
    let t = 0;
    const cache = new ShortCache<string>(1000, 10, () => t);
    const l = loader();
    const a = cache.get('k', l.load);
    const b = cache.get('k', l.load);
    l.answer('one');
    expect(await a).toBe('one');
    expect(await b).toBe('one');
    t = 999;
    expect(await cache.get('k', l.load)).toBe('one');
    expect(l.calls).toBe(1);
  });

  it('past its time, answers at once with the last answer and reloads once in the background', async () => {
    let t = 0;
    const cache = new ShortCache<string>(1000, 10, () => t);
    const l = loader();
    const first = cache.get('k', l.load);
    l.answer('one');
    await first;
    await tick();
    t = 1500;
    // Neither reader waits for the reload, and only one reload starts.
    expect(await cache.get('k', l.load)).toBe('one');
    expect(await cache.get('k', l.load)).toBe('one');
    expect(l.calls).toBe(2);
    l.answer('two');
    await tick();
    expect(await cache.get('k', l.load)).toBe('two');
    expect(l.calls).toBe(2);
  });

  it('drops an entry whose reload failed, so the next reader loads again', async () => {
    let t = 0;
    const cache = new ShortCache<string>(1000, 10, () => t);
    const first = cache.get('k', () => Promise.resolve('one'));
    await first;
    await tick();
    t = 1500;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('one');
    await tick();
    expect(await cache.get('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('with no time to live, keeps nothing once a load has answered', async () => {
    const cache = new ShortCache<string>(0, 10, () => 0);
    await cache.get('k', () => Promise.resolve('one'));
    await tick();
    expect(await cache.get('k', () => Promise.resolve('two'))).toBe('two');
  });

  it('keeps at most maxEntries keys, so made-up keys cannot grow it', async () => {
    const cache = new ShortCache<string>(1000, 2, () => 0);
    let calls = 0;
    const load = () => Promise.resolve(String(++calls));
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    // `a` was evicted: it loads again.
    expect(await cache.get('a', load)).toBe('4');
  });
});
