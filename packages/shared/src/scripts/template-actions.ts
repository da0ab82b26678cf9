import { findGotemplateHeader } from './gotemplate-header.js';

/**
 * Finds the Go template actions of a text the way the server's engine delimits them: `{{ … }}`
 * everywhere, `$( … )` (parentheses nest) where it reads like an action rather than a shell
 * command substitution, and the one pair a `# gotemplate: left-delim=… right-delim=…` header
 * names (gotemplate-header.ts). A light reader for warnings, not a parser: the server's engine decides what runs.
 */

export type TemplateAction = {
  /** Offsets of the whole action, delimiters included, in the text. */
  start: number;
  end: number;
  /** The action as written. */
  source: string;
  /** What is between the delimiters, without trim markers. */
  body: string;
  /** `$( … )`: an action only when its first word is a field, a value or a function. */
  lenient: boolean;
};

type Delimiters = { left: string; right: string; lenient: boolean };

const DEFAULT: readonly Delimiters[] = [
  { left: '{{', right: '}}', lenient: false },
  { left: '$(', right: ')', lenient: true },
];

function delimitersOf(text: string): { delimiters: readonly Delimiters[]; from: number } {
  const header = findGotemplateHeader(text);
  if (!header) return { delimiters: DEFAULT, from: 0 };
  let left = '{{';
  let right = '}}';
  for (const setting of header.settings) {
    const [key, ...rest] = setting.split('=');
    const value = rest.join('=');
    if (key === 'left-delim' && value) left = value;
    if (key === 'right-delim' && value) right = value;
  }
  return { delimiters: [{ left, right, lenient: false }], from: header.end };
}

/** The end of a quoted literal starting at `i` (the index after its closing quote). */
function skipQuoted(text: string, i: number): number {
  const quote = text[i];
  let j = i + 1;
  while (j < text.length && text[j] !== quote) {
    if (quote !== '`' && text[j] === '\\') j++;
    j++;
  }
  return j + 1;
}

/** Where the action opened at `start` ends (after its right delimiter), or -1. */
function actionEnd(text: string, start: number, d: Delimiters): number {
  let depth = 0;
  for (let i = start + d.left.length; i < text.length;) {
    const c = text[i];
    if (c === '"' || c === '`' || c === "'") {
      i = skipQuoted(text, i);
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return -1;
      i = close + 2;
      continue;
    }
    if (d.right === ')') {
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) return i + 1;
        depth--;
      }
    } else if (text.startsWith(d.right, i)) return i + d.right.length;
    i++;
  }
  return -1;
}

function stripTrim(body: string): string {
  let b = body;
  if (/^-[ \t\r\n]/.test(b)) b = b.slice(1);
  if (/[ \t\r\n]-$/.test(b)) b = b.slice(0, -1);
  return b.trim();
}

export function templateActions(text: string): TemplateAction[] {
  const { delimiters, from } = delimitersOf(text);
  const out: TemplateAction[] = [];
  let i = from;
  while (i < text.length) {
    let next: { at: number; d: Delimiters } | undefined;
    for (const d of delimiters) {
      const at = text.indexOf(d.left, i);
      if (at >= 0 && (!next || at < next.at)) next = { at, d };
    }
    if (!next) break;
    const end = actionEnd(text, next.at, next.d);
    if (end < 0) break;
    const inner = text.slice(next.at + next.d.left.length, end - next.d.right.length);
    out.push({
      start: next.at,
      end,
      source: text.slice(next.at, end),
      body: stripTrim(inner),
      lenient: next.d.lenient,
    });
    // A lenient pair that is a shell substitution may hold actions of the other pair.
    i = next.d.lenient ? next.at + next.d.left.length : end;
  }
  return out;
}

export type Token = {
  kind: 'word' | 'string' | 'open' | 'close' | 'pipe' | 'assign' | 'comma';
  text: string;
};

/** The words, literals and punctuation of an action's body. */
export function tokens(body: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i] ?? '';
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === '`' || c === "'") {
      const end = skipQuoted(body, i);
      out.push({ kind: 'string', text: body.slice(i, end) });
      i = end;
    } else if (c === '(' || c === ')' || c === '|' || c === ',') {
      const kind = c === '(' ? 'open' : c === ')' ? 'close' : c === '|' ? 'pipe' : 'comma';
      out.push({ kind, text: c });
      i++;
    } else if (body.startsWith(':=', i) || c === '=') {
      const text = c === '=' ? '=' : ':=';
      out.push({ kind: 'assign', text });
      i += text.length;
    } else {
      let j = i;
      while (j < body.length && !/[\s()|,"'`=]/.test(body[j] ?? '') && !body.startsWith(':=', j)) j++;
      out.push({ kind: 'word', text: body.slice(i, j) });
      i = j;
    }
  }
  return out;
}
