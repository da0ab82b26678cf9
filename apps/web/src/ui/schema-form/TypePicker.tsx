/** A choice of the picker: a type the form knows, or the YAML-only one. */
export type TypeChoice<T extends string> = { type: T; label: string };
export type Template = { label: string };

const CARD = 'rounded-md border border-line p-3 text-left text-sm hover:bg-subtle';

/** The first step of a new resource: what kind (`heading`), or a template to start from. */
export function TypePicker<T extends string, P extends Template>({
  heading,
  choices,
  templates,
  onPick,
  onTemplate,
}: {
  heading: string;
  choices: readonly TypeChoice<T>[];
  templates: readonly P[];
  onPick: (type: T) => void;
  onTemplate: (template: P) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <section aria-label={heading} className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">{heading}</h2>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {choices.map((c) => (
            <button key={c.type} type="button" className={CARD} onClick={() => onPick(c.type)}>
              {c.label}
            </button>
          ))}
        </div>
      </section>
      {templates.length > 0 ? (
        <section aria-label="Templates" className="flex flex-col gap-2">
          <h2 className="text-sm font-semibold">Templates</h2>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {templates.map((t) => (
              <button key={t.label} type="button" className={CARD} onClick={() => onTemplate(t)}>
                {t.label}
              </button>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
