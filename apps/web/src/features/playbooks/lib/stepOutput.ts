/** How one piece of a step's output is drawn. */
export type OutputBlock =
  | { kind: 'logs'; title: string; text: string; tone?: 'error' }
  | { kind: 'json'; title?: string; value: unknown }
  | { kind: 'markdown'; title?: string; text: string }
  | { kind: 'text'; title?: string; text: string }
  | { kind: 'table'; title?: string; columns: string[]; rows: Array<Record<string, unknown>> };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasText(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

/** The action's declared contentType in the run's spec, when it has one. */
export function contentTypeOf(spec: unknown, actionName: string): string | undefined {
  if (!isObject(spec) || !Array.isArray(spec.actions)) return undefined;
  const action: unknown = spec.actions.find((a: unknown) => isObject(a) && a.name === actionName);
  return isObject(action) && typeof action.contentType === 'string' ? action.contentType : undefined;
}

/** Text in the declared content type. */
function typedText(text: string, contentType: string, title?: string): OutputBlock {
  const withTitle = <T extends OutputBlock>(b: T): T => (title ? { ...b, title } : b);
  if (contentType === 'text/markdown') return withTitle({ kind: 'markdown', text });
  if (contentType === 'application/json' || contentType === 'application/log+json') {
    try {
      return withTitle({ kind: 'json', value: JSON.parse(text) as unknown });
    } catch {
      return { kind: 'logs', title: title ?? 'Output', text };
    }
  }
  return { kind: 'logs', title: title ?? 'Output', text };
}

/** A body (HTTP content) by its look: JSON when it parses, text otherwise. */
function bodyBlock(content: unknown, title: string, contentType: string | undefined): OutputBlock {
  if (typeof content === 'string') {
    if (contentType) return typedText(content, contentType, title);
    const t = content.trim();
    if (t.startsWith('{') || t.startsWith('[')) {
      try {
        return { kind: 'json', title, value: JSON.parse(t) as unknown };
      } catch {
        // not JSON after all: shown as text
      }
    }
    return { kind: 'logs', title, text: content };
  }
  return { kind: 'json', title, value: content };
}

function sqlBlock(r: Record<string, unknown>): OutputBlock[] {
  const rows = Array.isArray(r.rows) ? r.rows.filter(isObject) : [];
  const declared = Array.isArray(r.columns)
    ? r.columns.map((c: unknown) => (isObject(c) && typeof c.name === 'string' ? c.name : String(c)))
    : [];
  const columns = declared.length ? declared : [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const blocks: OutputBlock[] = [{ kind: 'table', columns, rows }];
  if (typeof r.count === 'number') blocks.push({ kind: 'text', text: `${r.count} rows` });
  return blocks;
}

/**
 * The blocks of a step's result: exec {stdout, stderr, exitCode}, http {code, headers, content},
 * sql {query, rows, count, columns}, anything else as JSON. A declared contentType wins.
 */
export function outputBlocks(result: unknown, contentType?: string): OutputBlock[] {
  if (result === undefined || result === null) return [];
  if (typeof result === 'string') return result ? [typedText(result, contentType ?? 'text/plain')] : [];
  if (!isObject(result)) return [{ kind: 'json', value: result }];
  if (Object.keys(result).length === 0) return [];
  if ('stdout' in result || 'stderr' in result) {
    const blocks: OutputBlock[] = [];
    if (hasText(result.stdout)) blocks.push(typedText(result.stdout, contentType ?? 'text/plain', 'stdout'));
    if (hasText(result.stderr))
      blocks.push({ kind: 'logs', title: 'stderr', text: result.stderr, tone: 'error' });
    if (typeof result.exitCode === 'number' && result.exitCode !== 0)
      blocks.push({ kind: 'text', text: `Exit code: ${result.exitCode}` });
    return blocks;
  }
  if ('rows' in result && ('columns' in result || 'query' in result || 'count' in result))
    return sqlBlock(result);
  if ('content' in result && ('code' in result || 'headers' in result)) {
    const blocks: OutputBlock[] = [];
    if (typeof result.code === 'number') blocks.push({ kind: 'text', text: `Status: ${result.code}` });
    if (result.content !== undefined && result.content !== '')
      blocks.push(bodyBlock(result.content, 'Response', contentType));
    return blocks;
  }
  return [{ kind: 'json', value: result }];
}

/** The step's output as one text file (Download logs). */
export function outputText(result: unknown, error: string | null | undefined): string {
  const parts: string[] = [];
  for (const b of outputBlocks(result)) {
    const head = b.title ? `--- ${b.title} ---\n` : '';
    if (b.kind === 'json') parts.push(head + JSON.stringify(b.value, null, 2));
    else if (b.kind === 'table')
      parts.push(
        head +
          [b.columns.join('\t'), ...b.rows.map((r) => b.columns.map((c) => cell(r[c])).join('\t'))].join(
            '\n',
          ),
      );
    else parts.push(head + b.text);
  }
  if (error) parts.push(`--- error ---\n${error}`);
  return parts.join('\n\n') + '\n';
}

/** A table cell as text. */
export function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as string | number | boolean);
}
