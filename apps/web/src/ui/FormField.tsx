import type { ReactNode } from 'react';

/**
 * A form field: caption above the control, the validation message below it.
 * By default the caption is a <label> wrapping a native control, so clicking it focuses the
 * control; pass `labelable={false}` for widgets that are not form controls (the code editor).
 */
export function FormField({
  label,
  error,
  labelable = true,
  children,
}: {
  label: string;
  error?: string | undefined;
  labelable?: boolean;
  children: ReactNode;
}) {
  const body = (
    <>
      <span className="text-xs font-semibold text-muted">{label}</span>
      {children}
      {error ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {error}
        </span>
      ) : null}
    </>
  );
  return labelable ? (
    <label className="flex flex-col gap-1">{body}</label>
  ) : (
    <div className="flex flex-col gap-1">{body}</div>
  );
}
