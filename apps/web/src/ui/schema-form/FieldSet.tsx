import type { ReactNode } from 'react';

/** A framed set of fields with its caption and one line of help: a group, a list of cards. */
export function FieldSet({
  label,
  hint,
  readOnly,
  children,
}: {
  label: string;
  hint: string | undefined;
  readOnly: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-md border border-line p-3 md:col-span-2"
      disabled={readOnly}
    >
      <legend className="px-1 text-xs font-semibold text-muted">{label}</legend>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
      {children}
    </fieldset>
  );
}
