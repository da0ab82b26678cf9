/**
 * Semantic versions and Masterminds-style constraints (`>=1.2.0 <2`, `~1.4`, `^2.1`,
 * `1.x`, `!=1.3.0`, `a || b`), enough for `semverCompare` in templates.
 */

type Version = { major: number; minor: number; patch: number; pre: string[] };

const VERSION = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): Version {
  const m = VERSION.exec(text.trim());
  if (!m) throw new Error(`invalid semantic version "${text}"`);
  return {
    major: Number(m[1]),
    minor: Number(m[2] ?? 0),
    patch: Number(m[3] ?? 0),
    pre: m[4] ? m[4].split('.') : [],
  };
}

function comparePre(a: string[], b: string[]): number {
  if (!a.length || !b.length) return b.length - a.length; // a release sorts after its prereleases
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Negative, zero or positive as `a` sorts before, equal to or after `b`. */
export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || comparePre(a.pre, b.pre);
}

type Bound = { op: string; version: Version; wild: 'major' | 'minor' | 'patch' | null };

const BOUND =
  /^(=|!=|>=|<=|>|<|~>|~|\^)?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(-[0-9A-Za-z.-]+)?$/;

function parseBound(text: string): Bound {
  const m = BOUND.exec(text);
  if (!m) throw new Error(`invalid version constraint "${text}"`);
  const parts = [m[2], m[3], m[4]];
  const wildAt = parts.findIndex((p) => p === undefined || /^[xX*]$/.test(p));
  const num = (p: string | undefined) => (p === undefined || /^[xX*]$/.test(p) ? 0 : Number(p));
  const version = {
    major: num(parts[0]),
    minor: num(parts[1]),
    patch: num(parts[2]),
    pre: m[5] ? m[5].slice(1).split('.') : [],
  };
  const wild = wildAt === 0 ? 'major' : wildAt === 1 ? 'minor' : wildAt === 2 ? 'patch' : null;
  return { op: m[1] ?? '=', version, wild };
}

function upperOf(v: Version, level: 'major' | 'minor' | 'patch'): Version {
  if (level === 'major') return { major: v.major + 1, minor: 0, patch: 0, pre: ['0'] };
  if (level === 'minor') return { major: v.major, minor: v.minor + 1, patch: 0, pre: ['0'] };
  return { major: v.major, minor: v.minor, patch: v.patch + 1, pre: ['0'] };
}

function satisfiesBound(v: Version, b: Bound): boolean {
  const c = compareVersions(v, b.version);
  const inRange = (level: 'major' | 'minor' | 'patch') =>
    c >= 0 && compareVersions(v, upperOf(b.version, level)) < 0;
  switch (b.op) {
    case '=':
      if (b.wild === 'major') return true;
      return b.wild ? inRange(b.wild === 'minor' ? 'major' : 'minor') : c === 0;
    case '!=':
      if (b.wild === 'major') return false;
      return b.wild ? !inRange(b.wild === 'minor' ? 'major' : 'minor') : c !== 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '~':
    case '~>':
      return inRange(b.wild === 'minor' ? 'major' : 'minor');
    case '^':
      if (b.version.major > 0 || b.wild === 'minor') return inRange('major');
      if (b.version.minor > 0 || b.wild === 'patch') return inRange('minor');
      return inRange('patch');
    default:
      return false;
  }
}

/** True when `version` meets `constraint` (`,` or spaces mean "and", `||` means "or"). */
export function satisfiesConstraint(constraint: string, version: string): boolean {
  const v = parseVersion(version);
  return constraint.split('||').some((group) => {
    const bounds = group
      .trim()
      .replace(/(=|!=|>=|<=|>|<|~>|~|\^)\s+/g, '$1')
      .split(/[\s,]+/)
      .filter(Boolean);
    if (!bounds.length) throw new Error(`invalid version constraint "${constraint}"`);
    return bounds.every((b) => satisfiesBound(v, parseBound(b)));
  });
}
