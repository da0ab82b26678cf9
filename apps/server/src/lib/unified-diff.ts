/**
 * A unified line diff (no diff package is installed): common prefix and suffix are trimmed,
 * the middle is aligned with an LCS table, then hunks with 3 lines of context are printed.
 * Very large middles (over 4M cells) fall back to one replace hunk.
 */
type Op = { kind: ' ' | '-' | '+'; line: string };

const CONTEXT = 3;
const MAX_CELLS = 4_000_000;

function middleOps(a: string[], b: string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) {
    return [...a.map((line): Op => ({ kind: '-', line })), ...b.map((line): Op => ({ kind: '+', line }))];
  }
  // lcs[i][j] = LCS length of a[i..] and b[j..], stored flat.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * (m + 1) + j] ?? 0, lcs[i * (m + 1) + j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i] ?? '' });
      i++;
      j++;
    } else if ((lcs[(i + 1) * (m + 1) + j] ?? 0) >= (lcs[i * (m + 1) + j + 1] ?? 0)) {
      ops.push({ kind: '-', line: a[i++] ?? '' });
    } else {
      ops.push({ kind: '+', line: b[j++] ?? '' });
    }
  }
  while (i < n) ops.push({ kind: '-', line: a[i++] ?? '' });
  while (j < m) ops.push({ kind: '+', line: b[j++] ?? '' });
  return ops;
}

function lineOps(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return [
    ...a.slice(0, start).map((line): Op => ({ kind: ' ', line })),
    ...middleOps(a.slice(start, endA), b.slice(start, endB)),
    ...a.slice(endA).map((line): Op => ({ kind: ' ', line })),
  ];
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** `--- before` / `+++ after` unified diff of two texts; empty string when they are equal. */
export function unifiedDiff(
  before: string,
  after: string,
  names = { before: 'before', after: 'after' },
): string {
  const ops = lineOps(splitLines(before), splitLines(after));
  const changed = ops.map((o, idx) => (o.kind === ' ' ? -1 : idx)).filter((idx) => idx >= 0);
  if (changed.length === 0) return '';
  const out = [`--- ${names.before}`, `+++ ${names.after}`];
  let k = 0;
  while (k < changed.length) {
    const first = changed[k] ?? 0;
    let last = first;
    while (k + 1 < changed.length && (changed[k + 1] ?? 0) - last <= CONTEXT * 2) last = changed[++k] ?? last;
    k++;
    const from = Math.max(0, first - CONTEXT);
    const to = Math.min(ops.length - 1, last + CONTEXT);
    let oldLine = 1;
    let newLine = 1;
    for (let x = 0; x < from; x++) {
      if (ops[x]?.kind !== '+') oldLine++;
      if (ops[x]?.kind !== '-') newLine++;
    }
    const hunk = ops.slice(from, to + 1);
    const oldCount = hunk.filter((o) => o.kind !== '+').length;
    const newCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${oldLine},${oldCount} +${newLine},${newCount} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
  }
  return out.join('\n') + '\n';
}
