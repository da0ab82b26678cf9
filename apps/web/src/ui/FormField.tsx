import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

/**
 * A form field: caption above the control, the validation message below it.
 * By default the caption is a <label> wrapping a native control, so clicking it focuses the
 * control; pass `labelable={false}` for widgets that are not form controls (the code editor).
 * `required` marks the caption with a red asterisk, drawn by CSS with empty alternative text, so
 * the label's text and the control's accessible name stay the caption alone (give the control
 * `aria-required`: that is what assistive technology announces).
 */
export function FormField({
  label,
  error,
  labelable = true,
  required = false,
  hint,
  hintId,
  children,
}: {
  label: string;
  error?: string | undefined;
  labelable?: boolean;
  required?: boolean;
  /** One line of help under the control, outside the label (not part of the control's name). */
  hint?: string | undefined;
  /** The hint's id, for the control's `aria-describedby`. */
  hintId?: string | undefined;
  children: ReactNode;
}) {
  const body = (
    <>
      <span
        className={cn(
          'text-xs font-semibold text-muted',
          required && "after:ml-0.5 after:text-health-unhealthy after:content-['*'_/_'']",
        )}
      >
        {label}
      </span>
      {children}
      {error ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {error}
        </span>
      ) : null}
    </>
  );
  const field = labelable ? (
    <label className="flex flex-col gap-1">{body}</label>
  ) : (
    <div className="flex flex-col gap-1">{body}</div>
  );
  if (!hint) return field;
  return (
    <div className="flex flex-col gap-1">
      {field}
      <span id={hintId} className="text-xs text-muted">
        {hint}
      </span>
    </div>
  );
}
