import {
  CANARY_TEMPLATES,
  FORM_CHECK_TYPES,
  OTHER_TYPE,
  type CanaryTemplate,
  type CheckChoice,
} from './canaryDraft.js';

/** The first step of a new health check: what kind of check, or a template to start from. */
export function CheckTypePicker({
  onPick,
  onTemplate,
}: {
  onPick: (type: CheckChoice) => void;
  onTemplate: (template: CanaryTemplate) => void;
}) {
  const choices = [...FORM_CHECK_TYPES, { type: OTHER_TYPE, label: 'Other (YAML)' } as const];
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Check type" className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">Check type</h2>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {choices.map((c) => (
            <button
              key={c.type}
              type="button"
              className="rounded-md border border-line p-3 text-left text-sm hover:bg-subtle"
              onClick={() => onPick(c.type)}
            >
              {c.label}
            </button>
          ))}
        </div>
      </section>
      <section aria-label="Templates" className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">Templates</h2>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {CANARY_TEMPLATES.map((t) => (
            <button
              key={t.label}
              type="button"
              className="rounded-md border border-line p-3 text-left text-sm hover:bg-subtle"
              onClick={() => onTemplate(t)}
            >
              {t.label}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
