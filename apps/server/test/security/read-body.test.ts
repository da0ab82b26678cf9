import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, BodyTooLargeError, readBodyCapped, readTextCapped } from '../../src/net/read-body.js';

/** A body of `chunks` chunks of `size` bytes; `state` says how many were read and whether it was closed. */
function body(chunks: number, size: number, fill = 'x') {
  const state = { read: 0, closed: false };
  async function* stream() {
    try {
      for (let i = 0; i < chunks; i++) {
        state.read++;
        yield Buffer.alloc(size, fill);
      }
    } finally {
      state.closed = true;
    }
  }
  return { stream: stream(), state };
}

describe('the capped body reader (net/read-body.ts)', () => {
  it('reads a body of exactly the limit whole', async () => {
    const { stream } = body(4, 256);
    const read = await readBodyCapped(stream, { maxBytes: 1024, what: 'response' });
    expect(read.length).toBe(1024);
  });

  it('refuses one byte more with an error that names the limit, and reads no further', async () => {
    const { stream, state } = body(100, 256);
    const tooLarge = readTextCapped(stream, { maxBytes: 1023, what: 'response' });
    await expect(tooLarge).rejects.toBeInstanceOf(BodyTooLargeError);
    await expect(tooLarge).rejects.toThrow('response larger than 1023 bytes');
    // The fourth chunk crossed the limit: the stream was closed there, not drained.
    expect(state).toEqual({ read: 4, closed: true });
  });

  it('names the limits in MB and KB as they are set', async () => {
    const { stream } = body(11, 1024 * 1024);
    await expect(readBodyCapped(stream, { maxBytes: BODY_LIMITS.check, what: 'response' })).rejects.toThrow(
      'response larger than 10 MB',
    );
    expect(new BodyTooLargeError('answer', BODY_LIMITS.senderAnswer).message).toBe(
      'answer larger than 64 KB',
    );
  });

  it('keeps the first maxBytes bytes when told to cut, and closes the stream', async () => {
    const { stream, state } = body(100, 300, 'a');
    const text = await readTextCapped(stream, { maxBytes: 1000, what: 'answer', overflow: 'cut' });
    expect(text).toBe('a'.repeat(1000));
    expect(state).toEqual({ read: 4, closed: true });
  });
});
