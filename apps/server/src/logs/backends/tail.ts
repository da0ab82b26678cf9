import fs from 'node:fs/promises';

/** Bytes read per step from the end of a file: large enough that a 1 GB file needs few reads. */
const CHUNK_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * The lines of a file from the last to the first, read backwards in chunks, so the latest
 * lines of a huge file come back without reading the rest. `visit` returns false to stop.
 * Lines are split on raw `\n` bytes before decoding, so a chunk border inside a multi-byte
 * character never garbles it.
 */
export async function eachLineFromEnd(
  file: string,
  visit: (line: string) => boolean,
  signal?: AbortSignal,
): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    let pos = size;
    let carry: Buffer = Buffer.alloc(0); // the start of a line whose beginning is further up
    let first = true;
    while (pos > 0) {
      signal?.throwIfAborted();
      const len = Math.min(CHUNK_BYTES, pos);
      pos -= len;
      const chunk = Buffer.allocUnsafe(len);
      await handle.read(chunk, 0, len, pos);
      const buf = carry.length ? Buffer.concat([chunk, carry]) : chunk;
      // Everything before the first newline may continue upwards, unless this is the file's start.
      const cut = pos === 0 ? -1 : buf.indexOf(NEWLINE);
      if (cut === -1 && pos > 0) {
        carry = buf;
        continue;
      }
      carry = pos === 0 ? Buffer.alloc(0) : Buffer.from(buf.subarray(0, cut));
      const lines = buf.toString('utf8', cut + 1).split('\n');
      // A trailing newline at the very end of the file is not an empty last line.
      if (first && lines[lines.length - 1] === '') lines.pop();
      first = false;
      for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i] ?? '';
        if (!visit(line.endsWith('\r') ? line.slice(0, -1) : line)) return;
      }
    }
    if (carry.length) visit(carry.toString('utf8'));
  } finally {
    await handle.close();
  }
}
