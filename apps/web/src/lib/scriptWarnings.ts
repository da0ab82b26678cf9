import type { ScriptWarning } from '@opsdeck/shared';
import { isNode, parseDocument } from 'yaml';

/** A warning about part of a YAML text, by character offsets. */
export type TextWarning = { from: number; to: number; message: string; path: string };

/** `['actions', 2, 'exec', 'script']` → `actions[2].exec.script`. */
export function specPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * The warnings a shared linter (`lintPlaybookScripts`, `lintTopologyScripts`) gives for a
 * YAML spec, placed in the text: on the template action itself where the YAML holds it as
 * written (plain and block scalars), else on the whole script. Text that is not YAML yet
 * gives none.
 */
export function yamlScriptWarnings(text: string, lint: (spec: unknown) => ScriptWarning[]): TextWarning[] {
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text);
  } catch {
    return [];
  }
  if (doc.errors.length > 0) return [];
  const searchedFrom = new Map<string, number>();
  return lint(doc.toJS()).map((w) => {
    const node = doc.getIn(w.path, true);
    const range = isNode(node) ? node.range : undefined;
    const where = specPath(w.path);
    if (!range) return { from: 0, to: 0, message: w.message, path: where };
    // The same fragment twice in one script: the second warning goes to the second one.
    const key = `${where}\u0000${w.fragment}`;
    const at = text.slice(0, range[1]).indexOf(w.fragment, searchedFrom.get(key) ?? range[0]);
    if (at < 0) return { from: range[0], to: range[1], message: w.message, path: where };
    searchedFrom.set(key, at + w.fragment.length);
    return { from: at, to: at + w.fragment.length, message: w.message, path: where };
  });
}
