import { describe, expect, it } from 'vitest';
import { linkParts, markdownToHtml } from './markdown.js';
import { contentTypeOf, outputBlocks, outputText } from './stepOutput.js';

describe('step output', () => {
  it('shows exec stdout and stderr as logs, and a non-zero exit code', () => {
    expect(outputBlocks({ stdout: 'hello', stderr: 'warn', exitCode: 2 })).toEqual([
      { kind: 'logs', title: 'stdout', text: 'hello' },
      { kind: 'logs', title: 'stderr', text: 'warn', tone: 'error' },
      { kind: 'text', text: 'Exit code: 2' },
    ]);
  });

  it('shows an http body as JSON when it parses, with the status code', () => {
    expect(outputBlocks({ code: 200, headers: {}, content: '{"ok":true}' })).toEqual([
      { kind: 'text', text: 'Status: 200' },
      { kind: 'json', title: 'Response', value: { ok: true } },
    ]);
  });

  it('shows sql rows as a table with the declared columns and the count', () => {
    const blocks = outputBlocks({
      query: 'select 1',
      rows: [{ a: 1, b: 'x' }],
      count: 1,
      columns: [{ name: 'a' }, { name: 'b' }],
    });
    expect(blocks).toEqual([
      { kind: 'table', columns: ['a', 'b'], rows: [{ a: 1, b: 'x' }] },
      { kind: 'text', text: '1 rows' },
    ]);
  });

  it('shows other results (notification) as JSON, and nothing for an empty one', () => {
    expect(outputBlocks({ title: 't', message: 'm' })).toEqual([
      { kind: 'json', value: { title: 't', message: 'm' } },
    ]);
    expect(outputBlocks({})).toEqual([]);
    expect(outputBlocks(null)).toEqual([]);
  });

  it("renders by the action's declared content type", () => {
    const spec = { actions: [{ name: 'report', contentType: 'text/markdown', exec: { script: 'x' } }] };
    const type = contentTypeOf(spec, 'report');
    expect(type).toBe('text/markdown');
    expect(outputBlocks({ stdout: '# Done' }, type)).toEqual([
      { kind: 'markdown', title: 'stdout', text: '# Done' },
    ]);
    expect(contentTypeOf(spec, 'other')).toBeUndefined();
  });

  it('writes the download as text with the error', () => {
    expect(outputText({ stdout: 'hello' }, 'boom')).toBe('--- stdout ---\nhello\n\n--- error ---\nboom\n');
  });
});

describe('markdown and log links', () => {
  it('escapes markup and keeps only http(s) links', () => {
    const html = markdownToHtml(
      '# Title\n\n<script>alert(1)</script> **bold** [x](https://e.com) [y](javascript:alert(1))',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('href="https://e.com"');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript');
  });

  it('links http and https addresses in logs, nothing else', () => {
    expect(linkParts('see https://a.io/x and ftp://b and javascript:alert(1)')).toEqual([
      { text: 'see ' },
      { text: 'https://a.io/x', href: 'https://a.io/x' },
      { text: ' and ftp://b and javascript:alert(1)' },
    ]);
  });
});
