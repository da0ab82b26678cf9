import { useMemo } from 'react';
import { cn } from '../../../lib/cn.js';
import { columnHelper, DataTable } from '../../../ui/DataTable/index.js';
import { linkParts, markdownToHtml } from '../lib/markdown.js';
import { cell, type OutputBlock } from '../lib/stepOutput.js';

/** Log text in monospace; only http(s) addresses become links. */
export function LogText({ text, tone }: { text: string; tone?: 'error' | undefined }) {
  return (
    <pre
      className={cn(
        'overflow-auto rounded-md border border-line bg-canvas p-3 font-mono text-xs whitespace-pre-wrap',
        tone === 'error' && 'text-health-unhealthy',
      )}
    >
      {linkParts(text).map((p, i) =>
        p.href ? (
          <a
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-600 underline"
          >
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </pre>
  );
}

function Markdown({ text }: { text: string }) {
  const html = useMemo(() => markdownToHtml(text), [text]);
  return (
    <div
      className="prose-sm max-w-none overflow-auto rounded-md border border-line p-3 [&_a]:text-brand-600 [&_a]:underline"
      // Safe: markdownToHtml escapes the text and runs the allow-list sanitiser.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

type Row = Record<string, unknown>;

function RowsTable({ columns, rows }: { columns: string[]; rows: Row[] }) {
  const defs = useMemo(() => {
    const col = columnHelper<Row>();
    return col.columns(columns.map((c) => col.accessor((r) => cell(r[c]), { id: c, header: c, size: 160 })));
  }, [columns]);
  return <DataTable id="playbook-step-rows" columns={defs} data={rows} pagination={false} />;
}

/** One block of a step's output. */
export function OutputBlockView({ block: b }: { block: OutputBlock }) {
  const body = (() => {
    switch (b.kind) {
      case 'logs':
        return <LogText text={b.text} tone={b.tone} />;
      case 'json':
        return <LogText text={JSON.stringify(b.value, null, 2)} />;
      case 'markdown':
        return <Markdown text={b.text} />;
      case 'table':
        return <RowsTable columns={b.columns} rows={b.rows} />;
      case 'text':
        return <p className="text-[13px]">{b.text}</p>;
    }
  })();
  return (
    <section className="flex flex-col gap-1" aria-label={b.title}>
      {b.title ? <h4 className="text-xs font-semibold text-muted">{b.title}</h4> : null}
      {body}
    </section>
  );
}
