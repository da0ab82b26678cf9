import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './types.js';

export type { CodeEditorProps, LineSelection } from './types.js';

const Impl = lazy(() => import('./CodeEditorImpl.js'));

/** The code editor; CodeMirror loads on first use so it stays out of the initial bundle. */
export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <div
          className="animate-pulse rounded-md border border-line bg-subtle"
          style={{ height: props.height ?? '320px' }}
          aria-busy="true"
        />
      }
    >
      <Impl {...props} />
    </Suspense>
  );
}
