import net from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends one request exactly as written (no client normalises `/./`, `//` or encodings on the
 * way) and reads the answer. Resolves `'reset'` when the server drops the connection without
 * an answer — which the hostile-input tests count as a failure.
 */
export function rawRequest(
  port: number,
  lines: { method: string; target: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse | 'reset'> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (value: RawResponse | 'reset') => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(15_000, () => finish('reset'));
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const parsed = parse(Buffer.concat(chunks));
      if (parsed) finish(parsed);
    });
    socket.on('error', () => finish('reset'));
    socket.on('close', () => finish(parse(Buffer.concat(chunks), true) ?? 'reset'));
    socket.on('connect', () => {
      const body = lines.body === undefined ? undefined : Buffer.from(lines.body);
      const headers: Record<string, string> = {
        host: `127.0.0.1:${port}`,
        connection: 'close',
        ...(body ? { 'content-length': String(body.length) } : {}),
        ...lines.headers,
      };
      const head =
        `${lines.method} ${lines.target} HTTP/1.1\r\n` +
        Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('') +
        '\r\n';
      socket.write(body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1'));
    });
  });
}

/** Parses a complete HTTP/1.1 answer (Content-Length, chunked, or up to close). */
function parse(buf: Buffer, closed = false): RawResponse | null {
  const end = buf.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...headerLines] = buf.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = buf.subarray(end + 4);
  const length = headers['content-length'];
  if (length !== undefined) {
    if (rest.length < Number(length)) return null;
    return { status, headers, body: rest.subarray(0, Number(length)).toString('utf8') };
  }
  if (headers['transfer-encoding'] === 'chunked') {
    if (!rest.includes('0\r\n\r\n')) return closed ? { status, headers, body: '' } : null;
    return { status, headers, body: dechunk(rest) };
  }
  return closed ? { status, headers, body: rest.toString('utf8') } : null;
}

function dechunk(buf: Buffer): string {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', at);
    const size = parseInt(buf.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts).toString('utf8');
}
