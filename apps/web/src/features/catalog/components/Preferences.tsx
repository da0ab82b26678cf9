import { Settings2 } from 'lucide-react';
import { Popover } from 'radix-ui';

type Pref = { label: string; value: boolean; onChange: (v: boolean) => void };

/** A small menu of yes/no preferences (e.g. 'Hide Deleted Catalog'). */
export function Preferences({ prefs }: { prefs: Pref[] }) {
  return (
    <Popover.Root>
      <Popover.Trigger className="btn btn-icon" aria-label="Preferences" title="Preferences">
        <Settings2 className="size-4" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="end" sideOffset={4} className="menu w-64 p-2">
          {prefs.map((p) => (
            <label
              key={p.label}
              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-subtle"
            >
              <input type="checkbox" checked={p.value} onChange={(e) => p.onChange(e.target.checked)} />
              {p.label}
            </label>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
