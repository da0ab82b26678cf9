import type net from 'node:net';

/**
 * The Redis protocol (RESP2), just enough for health checks and Test Connection: AUTH,
 * SELECT, PING. Callers connect the socket through the outbound policy (outbound-socket.ts).
 */

export type RespValue = string | number | null | RespValue[] | RespError;

export class RespError extends Error {}

/** Encodes a command as a RESP array of bulk strings. */
export function encodeCommand(args: string[]): Buffer {
  const parts = [`*${args.length}\r\n`];
  for (const a of args) parts.push(`$${Buffer.byteLength(a)}\r\n${a}\r\n`);
  return Buffer.from(parts.join(''));
}

/** Parses one RESP value at `offset`; undefined when the buffer is incomplete. */
export function parseReply(buf: Buffer, offset = 0): { value: RespValue; next: number } | undefined {
  const end = buf.indexOf('\r\n', offset);
  if (end < 0) return undefined;
  const kind = String.fromCharCode(buf[offset] ?? 0);
  const line = buf.toString('utf8', offset + 1, end);
  switch (kind) {
    case '+':
      return { value: line, next: end + 2 };
    case '-':
      return { value: new RespError(line), next: end + 2 };
    case ':':
      return { value: Number(line), next: end + 2 };
    case '$': {
      const len = Number(line);
      if (len < 0) return { value: null, next: end + 2 };
      if (buf.length < end + 2 + len + 2) return undefined;
      return { value: buf.toString('utf8', end + 2, end + 2 + len), next: end + 2 + len + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, next: end + 2 };
      const items: RespValue[] = [];
      let next = end + 2;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buf, next);
        if (!item) return undefined;
        items.push(item.value);
        next = item.next;
      }
      return { value: items, next };
    }
    default:
      throw new RespError(`unexpected reply type "${kind}"`);
  }
}

/** A minimal sequential RESP client over a connected socket: one command at a time. */
export class RespClient {
  private buffer = Buffer.alloc(0);
  private waiting: { resolve: (v: RespValue) => void; reject: (e: Error) => void } | undefined;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.drain();
    });
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  command(args: string[]): Promise<RespValue> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(encodeCommand(args));
    });
  }

  private drain(): void {
    if (!this.waiting) return;
    let parsed: ReturnType<typeof parseReply>;
    try {
      parsed = parseReply(this.buffer);
    } catch (e) {
      return this.fail(e as Error);
    }
    if (!parsed) return;
    this.buffer = this.buffer.subarray(parsed.next);
    const w = this.waiting;
    this.waiting = undefined;
    if (parsed.value instanceof RespError) w.reject(parsed.value);
    else w.resolve(parsed.value);
  }

  private fail(e: Error): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.reject(e);
  }

  close(): void {
    this.socket.destroy();
  }
}
