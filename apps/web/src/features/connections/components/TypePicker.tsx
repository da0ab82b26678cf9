import { CONNECTION_TYPES, type ConnectionCategory, type ConnectionTypeDef } from '@opsdeck/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { connectionTypeIcon } from '../lib/typeIcon.js';

/** Types a new connection may have: every type sorted by title, hidden ones left out. */
const OFFERED = CONNECTION_TYPES.filter((t) => !t.hidden);
const CATEGORY_ORDER: ConnectionCategory[] = [
  'Database',
  'Observability',
  'Cloud',
  'Version control',
  'Storage',
  'Ticketing',
  'Notification',
];

function matches(def: ConnectionTypeDef, text: string): boolean {
  const q = text.trim().toLowerCase();
  return q === '' || def.title.toLowerCase().includes(q) || def.type.includes(q);
}

/** The first step of adding a connection: types grouped by category, sorted by title, searchable. */
export function TypePicker({ onPick }: { onPick: (def: ConnectionTypeDef) => void }) {
  const [text, setText] = useState('');
  const found = OFFERED.filter((t) => matches(t, text));
  return (
    <div className="flex flex-col gap-3">
      <label className="relative block">
        <Search className="pointer-events-none absolute top-2 left-2.5 size-4 text-muted" aria-hidden />
        <input
          className="input w-full pl-8"
          placeholder="Search connection types"
          aria-label="Search connection types"
          value={text}
          onChange={(e) => setText(e.target.value)}
          // The search is what the picker is for: focus it right away.
          autoFocus
        />
      </label>
      {found.length === 0 ? <p className="py-6 text-center text-muted">No connection type matches</p> : null}
      {CATEGORY_ORDER.map((category) => {
        const types = found.filter((t) => t.category === category);
        if (types.length === 0) return null;
        return (
          <section key={category} aria-label={category}>
            <h3 className="mb-1.5 text-[11px] font-semibold tracking-wide text-muted uppercase">
              {category}
            </h3>
            <ul className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
              {types.map((t) => {
                const Icon = connectionTypeIcon(t.type);
                return (
                  <li key={t.type}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-2 rounded-md border border-line px-3 py-2 text-left hover:border-brand-500 hover:bg-subtle"
                      onClick={() => onPick(t)}
                    >
                      <Icon className="size-4 shrink-0 text-muted" aria-hidden />
                      <span className="truncate">{t.title}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
