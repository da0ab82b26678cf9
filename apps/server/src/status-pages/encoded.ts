import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page's JSON compressed once per load, for every reader until the next load. */
export type EncodedPage = { br: Buffer; gzip: Buffer };

/**
 * Compresses a page's JSON in both encodings browsers send, on libuv's threads (the event loop
 * keeps answering meanwhile). Once per load rather than per request: at a few hundred readers a
 * second, compressing a large page for each of them was most of the server's work.
 */
export async function encodePage(json: string): Promise<EncodedPage> {
  const text = Buffer.from(json);
  const [br, gz] = await Promise.all([
    brotli(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
    gzip(text, { level: 6 }),
  ]);
  return { br, gzip: gz };
}

const negotiator = new Negotiator<keyof EncodedPage>({ supportedValues: ['br', 'gzip'] });

/** The encoding to answer with for a request's Accept-Encoding, or null for plain JSON. */
export function pickEncoding(acceptEncoding: string | undefined): keyof EncodedPage | null {
  return acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
}
