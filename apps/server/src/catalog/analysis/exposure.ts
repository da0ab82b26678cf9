import { isPlainObject } from '../merge-patch.js';
import type { Analyser, Insight } from './types.js';

type Hit = { path: string; value: unknown };

function walk(
  v: unknown,
  path: string,
  visit: (key: string, value: unknown, path: string) => void,
  depth = 0,
): void {
  if (depth > 20) return;
  if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`, visit, depth + 1));
  else if (isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      const p = path ? `${path}.${k}` : k;
      visit(k, x, p);
      walk(x, p, visit, depth + 1);
    }
  }
}

const PUBLIC_KEY =
  /^(public|publicly_?accessible|public_?access|public_?network_?access|allow_?blob_?public_?access|map_?public_?ip_?on_?launch|publicaccess|acl)$/i;
const PUBLIC_VALUE = /^(true|enabled|public-read|public-read-write|public)$/i;

/** Cloud resources flagged as reachable from the internet (RDS, S3 ACLs, storage accounts…). */
export const publicAccess: Analyser = (item) => {
  const hits: Hit[] = [];
  walk(item.config, '', (key, value, path) => {
    if (!PUBLIC_KEY.test(key.replace(/-/g, '_'))) return;
    if (value === true || (typeof value === 'string' && PUBLIC_VALUE.test(value))) hits.push({ path, value });
  });
  if (!hits.length) return [];
  return [
    {
      analyzer: 'public-access',
      analysisType: 'security',
      severity: 'high',
      summary: `Publicly accessible: ${hits.map((h) => h.path).join(', ')}`,
      message: `${item.name ?? 'This resource'} is open to public access (${hits.map((h) => `${h.path}=${String(h.value)}`).join(', ')}). Restrict access unless it is meant to be public.`,
      analysis: { fields: hits },
    },
  ];
};

const EXPIRY_KEY =
  /^(not_?after|expires?_?at|expiration(_?date|_?time)?|expiry(_?date)?|valid_?to|renewal_?time)$/i;
const DAY = 86_400_000;

/** Certificates that expired or expire within 30 days (critical under 7 days). */
export const certificateExpiry: Analyser = (item, now) => {
  const looksLikeCert = /cert|tls|ssl/i.test(`${item.type} ${item.configClass ?? ''}`);
  if (!looksLikeCert) return [];
  const out: Insight[] = [];
  walk(item.config, '', (key, value, path) => {
    if (out.length || !EXPIRY_KEY.test(key.replace(/-/g, '_')) || key.toLowerCase() === 'renewaltime') return;
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const at = new Date(value);
    if (Number.isNaN(at.getTime())) return;
    const days = Math.floor((at.getTime() - now.getTime()) / DAY);
    if (days > 30) return;
    out.push({
      analyzer: 'certificate-expiry',
      analysisType: 'security',
      severity: days < 0 ? 'critical' : days < 7 ? 'high' : 'medium',
      summary: days < 0 ? `Certificate expired ${-days} days ago` : `Certificate expires in ${days} days`,
      message: `${item.name ?? 'The certificate'} ${days < 0 ? 'expired' : 'expires'} on ${at.toISOString()} (${path}). Renew it before clients start failing.`,
      analysis: { field: path, expires_at: at.toISOString(), days },
    });
  });
  return out;
};
