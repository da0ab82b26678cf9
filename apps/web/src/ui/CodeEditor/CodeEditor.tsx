import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './types.js';

export type { CodeEditorProps, LineSelection } from './types.js';

const load = () => import('./CodeEditorImpl.js');
const Impl = lazy(load);

/** Starts loading CodeMirror before an editor is shown (a page that will show one calls it). */
export function preloadCodeEditor(): void {
  void load();
}

/**
 * The code editor; CodeMirror loads on first use so it stays out of the initial bundle. Until
 * it has loaded the text is already shown, plainly, never an empty grey box.
 */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <pre
          className="m-0 overflow-auto rounded-md border border-line bg-surface px-3 py-1 font-mono text-[13px] leading-[1.4]"
          style={{ height: props.height ?? '320px' }}
          aria-busy="true"
          aria-label={props.ariaLabel}
          // It scrolls when the text is long: reachable by keyboard, as the editor will be.
          tabIndex={0}
        >
          {props.value}
        </pre>
      }
    >
      <Impl {...props} />
    </Suspense>
  );
}
