import net from 'node:net';

/**
 * Parsing and classifying IP addresses for the outbound policy (net/outbound.ts).
 * Every textual form becomes 16 bytes first, so `::ffff:a9fe:a9fe`, `0xa9fea9fe` and
 * `169.254.169.254` are judged as the same address.
 */

export type AddressKind =
  'unspecified' | 'broadcast' | 'multicast' | 'metadata' | 'link-local' | 'loopback' | 'private' | 'public';

export type ParsedAddress = {
  /** Canonical text to connect to: dotted IPv4 (also for IPv4-mapped IPv6), else compressed IPv6. */
  address: string;
  family: 4 | 6;
  kind: AddressKind;
};

type V4 = [number, number, number, number];

/** Cloud metadata services (AWS/GCP/Azure share the first; Alibaba; Oracle). */
const METADATA_V4 = new Set(['169.254.169.254', '100.100.100.200', '192.0.0.192']);
/** AWS's IPv6 metadata address (fd00:ec2::254) as 16 bytes. */
const METADATA_V6 = 'fd000ec2000000000000000000000254';

function v4Part(text: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0 : parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number(text);
  return undefined;
}

/**
 * IPv4 the way inet_aton (and so dns.lookup) reads it: 1 to 4 parts, each decimal, octal
 * (leading 0) or hex (0x); the last part fills the remaining bytes (`169.254.43518`, `2852039166`).
 */
export function parseIPv4(text: string): V4 | undefined {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length > 4) return undefined;
  const values = parts.map(v4Part);
  if (values.some((v) => v === undefined)) return undefined;
  const nums = values as number[];
  const last = nums.pop() as number;
  if (nums.some((n) => n > 255) || last >= 256 ** (4 - nums.length)) return undefined;
  let value = last;
  nums.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
}

/** IPv6 text (brackets and a %zone allowed) as 16 bytes. */
export function parseIPv6(text: string): Uint8Array | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return undefined;
  // A trailing dotted quad (::ffff:1.2.3.4) becomes the two groups it stands for.
  const quad = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  const group = (hi?: string, lo?: string) => ((Number(hi) << 8) | Number(lo)).toString(16);
  const text16 = quad ? `${quad[1]}${group(quad[2], quad[3])}:${group(quad[4], quad[5])}` : bare;
  const [left = '', right] = text16.split('::');
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const before = groups(left);
  const after = right === undefined ? [] : groups(right);
  const all = [...before, ...Array<number>(Math.max(0, 8 - before.length - after.length)).fill(0), ...after];
  if (all.length !== 8) return undefined;
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 255;
  });
  return bytes;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const v4At = (b: Uint8Array, i: number): V4 => [b[i] ?? 0, b[i + 1] ?? 0, b[i + 2] ?? 0, b[i + 3] ?? 0];

/** The IPv4 address an IPv6 address carries: mapped, compatible, NAT64, 6to4 or Teredo. */
function embeddedIPv4(b: Uint8Array): V4 | undefined {
  const h = hex(b);
  if (h.startsWith('00000000000000000000ffff')) return v4At(b, 12); // ::ffff:a.b.c.d
  if (h.startsWith('0000000000000000ffff0000')) return v4At(b, 12); // ::ffff:0:a.b.c.d (SIIT)
  if (h.startsWith('000000000000000000000000')) return v4At(b, 12); // ::a.b.c.d (not :: or ::1)
  if (h.startsWith('0064ff9b0000000000000000')) return v4At(b, 12); // NAT64 64:ff9b::/96
  if (h.startsWith('2002')) return v4At(b, 2); // 6to4 2002:AABB:CCDD::/48
  if (h.startsWith('20010000')) return v4At(b, 12).map((x) => ~x & 255) as V4; // Teredo client
  return undefined;
}

function classifyV4([a, b, c, d]: V4): AddressKind {
  if (a === 0) return 'unspecified';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'broadcast';
  if (a >= 224 && a <= 239) return 'multicast';
  if (METADATA_V4.has(`${a}.${b}.${c}.${d}`)) return 'metadata';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT 100.64/10
  return 'public';
}

function classifyV6(b: Uint8Array): AddressKind {
  const h = hex(b);
  if (/^0{32}$/.test(h)) return 'unspecified';
  if (/^0{31}1$/.test(h)) return 'loopback';
  const v4 = embeddedIPv4(b);
  if (v4) return classifyV4(v4);
  if (h === METADATA_V6) return 'metadata';
  const first = b[0] ?? 0;
  const second = b[1] ?? 0;
  if (first === 0xff) return 'multicast';
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'private'; // fec0::/10, old site-local
  if ((first & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local
  return 'public';
}

/** Compressed lowercase IPv6 text (RFC 5952: the longest run of zero groups becomes ::). */
function formatIPv6(b: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, i) => ((b[i * 2] ?? 0) << 8) | (b[i * 2 + 1] ?? 0));
  let best = { start: -1, len: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len && j - i > 1) best = { start: i, len: j - i };
    i = j;
  }
  const text = groups.map((g) => g.toString(16));
  if (best.start < 0) return text.join(':');
  const left = text.slice(0, best.start).join(':');
  const right = text.slice(best.start + best.len).join(':');
  return `${left}::${right}`;
}

/**
 * A literal address in any textual form, canonicalised and classified; undefined for names.
 * A zone (`fe80::1%eth0`) is kept on the address so a link-local peer stays reachable when allowed.
 */
export function parseAddress(host: string): ParsedAddress | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIPv4(bare);
  if (v4) return { address: v4.join('.'), family: 4, kind: classifyV4(v4) };
  const v6 = parseIPv6(bare);
  if (!v6) return undefined;
  const kind = classifyV6(v6);
  // Mapped addresses are the IPv4 host itself: connect over IPv4 so IPv6-less hosts work too.
  if (hex(v6).startsWith('00000000000000000000ffff'))
    return { address: v4At(v6, 12).join('.'), family: 4, kind };
  const zone = /%.*$/.exec(bare)?.[0] ?? '';
  return { address: formatIPv6(v6) + zone, family: 6, kind };
}
