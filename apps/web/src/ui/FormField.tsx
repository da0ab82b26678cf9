import type { ReactNode } from 'react';

/** A settings-form field: caption above the control, the validation message below it. */
export function FormField({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-semibold text-muted">{label}</span>
      {children}
      {error ? (
        <span role="alert" className="text-xs text-health-unhealthy">
          {error}
        </span>
      ) : null}
    </div>
  );
}
