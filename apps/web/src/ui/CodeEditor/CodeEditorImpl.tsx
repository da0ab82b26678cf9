import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { yaml } from '@codemirror/lang-yaml';
import { linter } from '@codemirror/lint';
import { tags } from '@lezer/highlight';
import type { Extension } from '@codemirror/state';
import CodeMirror, { EditorView, Prec } from '@uiw/react-codemirror';
import { useQuery } from '@tanstack/react-query';
import type { JSONSchema7 } from 'json-schema';
import { useEffect, useMemo, useState } from 'react';
import { http } from '../../api/http.js';
import type { CodeEditorProps } from './types.js';

/** Schema validation pulls in a large library: loaded only when a schema is asked for. */
async function schemaExtension(url: string): Promise<Extension> {
  const [{ yamlSchema }, schema] = await Promise.all([
    import('codemirror-json-schema/yaml'),
    http<JSONSchema7>(url),
  ]);
  return yamlSchema(schema);
}

function useDarkClass(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const obs = new MutationObserver(() => setDark(document.documentElement.classList.contains('dark')));
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => obs.disconnect();
  }, []);
  return dark;
}

/** CodeMirror with YAML, line numbers, schema validation, warnings and line-selection reporting. */
/** Line numbers the dark theme draws too faint: the muted text colour, which meets AA in both themes. */
const READABLE_GUTTER = Prec.highest(EditorView.theme({ '.cm-gutters': { color: 'var(--muted)' } }));

/**
 * Two colours of the dark theme below AA's 4.5:1 on its #282c34 (the phone walk's findings):
 * keys and names in #e06c75 (4.4:1; YAML keys, class `.ͼq`) and comments and meta text in
 * #7d8799 (3.9:1). Lightened to #e88289 (5.3:1) and #9da5b4 (5.6:1).
 */
const READABLE_DARK_TOKENS = Prec.highest(
  syntaxHighlighting(
    HighlightStyle.define([
      {
        tag: [tags.name, tags.deleted, tags.character, tags.propertyName, tags.macroName, tags.heading],
        color: '#e88289',
      },
      { tag: [tags.meta, tags.comment, tags.link], color: '#9da5b4' },
    ]),
  ),
);

export default function CodeEditorImpl({
  value,
  onChange,
  language = 'yaml',
  readOnly = false,
  jsonSchemaUrl,
  warnings,
  onSelectLines,
  initialSelection,
  height = '320px',
  className,
  ariaLabel = 'Code editor',
}: CodeEditorProps) {
  const dark = useDarkClass();
  const schema = useQuery({
    queryKey: ['json-schema-extension', jsonSchemaUrl],
    queryFn: () => schemaExtension(jsonSchemaUrl ?? ''),
    enabled: Boolean(jsonSchemaUrl) && language === 'yaml',
    staleTime: Infinity,
  });
  const extensions = useMemo(() => {
    const list: Extension[] = [EditorView.contentAttributes.of({ 'aria-label': ariaLabel }), READABLE_GUTTER];
    if (dark) list.push(READABLE_DARK_TOKENS);
    if (schema.data) list.push(schema.data);
    else if (language === 'yaml') list.push(yaml());
    if (warnings) {
      list.push(
        linter(
          (view) =>
            warnings(view.state.doc.toString()).map((w) => ({
              from: Math.min(w.from, view.state.doc.length),
              to: Math.min(w.to, view.state.doc.length),
              severity: 'warning' as const,
              message: w.message,
            })),
          { delay: 300 },
        ),
      );
    }
    if (onSelectLines) {
      list.push(
        EditorView.updateListener.of((u) => {
          if (!u.selectionSet) return;
          const sel = u.state.selection.main;
          const from = u.state.doc.lineAt(sel.from).number;
          const to = u.state.doc.lineAt(sel.to).number;
          onSelectLines({ from: Math.min(from, to), to: Math.max(from, to) });
        }),
      );
    }
    return list;
  }, [schema.data, language, warnings, onSelectLines, ariaLabel, dark]);

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      editable={!readOnly}
      height={height}
      theme={dark ? 'dark' : 'light'}
      extensions={extensions}
      onCreateEditor={(view) => {
        // The scroller takes focus, so a keyboard scrolls a read-only editor too (axe scrollable-region-focusable).
        view.scrollDOM.tabIndex = 0;
        if (!initialSelection) return;
        const doc = view.state.doc;
        if (initialSelection.from > doc.lines) return;
        const from = doc.line(Math.max(1, initialSelection.from)).from;
        const to = doc.line(Math.min(doc.lines, Math.max(initialSelection.from, initialSelection.to))).to;
        view.dispatch({ selection: { anchor: from, head: to }, scrollIntoView: true });
      }}
      basicSetup={{ lineNumbers: true, foldGutter: true, highlightActiveLine: !readOnly }}
      className={className ?? 'overflow-hidden rounded-md border border-line text-xs'}
    />
  );
}
