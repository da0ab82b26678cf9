import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { stringify } from 'yaml';
import { CodeEditor, type LineSelection } from '../../../ui/CodeEditor/CodeEditor.js';

/** The `selected` query parameter, repeated once per selected line. */
export function readSelectedLines(params: URLSearchParams): number[] {
  return params
    .getAll('selected')
    .map((v) => Number.parseInt(v, 10))
    .filter((n) => Number.isFinite(n) && n > 0);
}

export function selectionToLines(sel: LineSelection): number[] {
  const out: number[] = [];
  for (let n = sel.from; n <= sel.to && out.length < 1000; n += 1) out.push(n);
  return out;
}

export function toYaml(config: unknown): string {
  if (config === null || config === undefined) return '';
  if (typeof config === 'string') {
    try {
      return stringify(JSON.parse(config));
    } catch {
      return config;
    }
  }
  return stringify(config);
}

/** The Config tab: the item as read-only YAML; selected lines live in the URL. */
export function ConfigYaml({ config }: { config: unknown }) {
  const [params, setParams] = useSearchParams();
  const text = useMemo(() => toYaml(config), [config]);
  const selected = readSelectedLines(params);
  const onSelect = useCallback(
    (sel: LineSelection) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const current = next.getAll('selected').join(',');
          const lines = selectionToLines(sel);
          if (lines.join(',') === current) return prev;
          next.delete('selected');
          for (const n of lines) next.append('selected', String(n));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const initial = selected.length ? { from: Math.min(...selected), to: Math.max(...selected) } : undefined;
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1">
      {selected.length > 0 ? (
        <p className="text-xs text-muted" aria-live="polite">
          {selected.length === 1
            ? `Line ${selected[0]} selected`
            : `Lines ${Math.min(...selected)}–${Math.max(...selected)} selected`}
        </p>
      ) : null}
      <CodeEditor
        value={text}
        readOnly
        language="yaml"
        height="calc(100vh - 230px)"
        onSelectLines={onSelect}
        {...(initial ? { initialSelection: initial } : {})}
        ariaLabel="Config"
      />
    </div>
  );
}
