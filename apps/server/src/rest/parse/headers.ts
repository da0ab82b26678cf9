import { ApiError, parseError } from '../errors.js';
import type { MediaType, Preferences } from './types.js';

export type HeaderBag = Record<string, string | string[] | undefined>;

function headerValues(headers: HeaderBag, name: string): string[] {
  const v = headers[name];
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/** `Prefer: return=representation, count=exact` (several headers allowed); unknown preferences are ignored. */
export function parsePrefer(headers: HeaderBag): Preferences {
  const prefer: Preferences = {};
  for (const header of headerValues(headers, 'prefer')) {
    for (const part of header.split(',')) {
      const [key, value] = part
        .trim()
        .split('=')
        .map((s) => s.trim());
      if (
        key === 'return' &&
        (value === 'minimal' || value === 'headers-only' || value === 'representation')
      ) {
        prefer.return = value;
      } else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
        prefer.count = value;
      } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
        prefer.resolution = value;
      } else if (key === 'missing' && (value === 'default' || value === 'null')) {
        prefer.missing = value;
      }
    }
  }
  return prefer;
}

const JSON_TYPES = new Set(['application/json', 'application/vnd.pgrst.array+json', '*/*', 'application/*']);

/** The first acceptable media type of `Accept`, in the client's order. */
export function parseAccept(headers: HeaderBag): { media: MediaType; stripNulls: boolean } {
  const header = headerValues(headers, 'accept').join(',');
  if (!header.trim()) return { media: 'json', stripNulls: false };
  for (const entry of header.split(',')) {
    const [type = '', ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (JSON_TYPES.has(type)) return { media: 'json', stripNulls };
    if (type === 'application/vnd.pgrst.object+json') return { media: 'object', stripNulls };
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${header.slice(0, 200)}`);
}

/** `Range: 0-24` (items): offset and the number of rows it asks for. */
export function parseRange(headers: HeaderBag): { offset: number; limit?: number } | undefined {
  const header = headerValues(headers, 'range')[0];
  if (!header) return undefined;
  const unit = headerValues(headers, 'range-unit')[0];
  if (unit && unit.trim() !== 'items') return undefined;
  const m = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header);
  if (!m) throw parseError(`Invalid Range header "${header.slice(0, 100)}"`);
  const from = Number(m[1]);
  if (!m[2]) return { offset: from };
  const to = Number(m[2]);
  if (to < from)
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    );
  return { offset: from, limit: to - from + 1 };
}
