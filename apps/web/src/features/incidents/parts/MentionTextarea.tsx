import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { searchPeople } from './api.js';
import { insertMention, mentionQuery } from './mentions.js';

type Props = {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder?: string;
};

/** A textarea where '@' suggests people and a choice inserts @[name](user:id). */
export function MentionTextarea({ value, onChange, label, placeholder }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [mention, setMention] = useState<{ start: number; query: string } | undefined>(undefined);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(mention?.query, DEBOUNCE.option);
  const people = useQuery({
    queryKey: ['incidents', 'mention-people', q],
    queryFn: ({ signal }) => searchPeople(q ?? '', signal),
    enabled: mention !== undefined && q !== undefined,
  });
  const options = mention ? (people.data ?? []) : [];

  function track(text: string, caret: number) {
    const next = mentionQuery(text, caret);
    setMention(next);
    setActive(0);
  }

  function choose(index: number) {
    const person = options[index];
    const el = ref.current;
    if (!person || !mention || !el) return;
    const caret = el.selectionStart ?? value.length;
    const next = insertMention(value, mention.start, caret, {
      id: person.id,
      name: person.name ?? person.id,
    });
    onChange(next.text);
    setMention(undefined);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      setMention(undefined);
    }
  }

  return (
    <div className="relative">
      <textarea
        ref={ref}
        aria-label={label}
        className="input min-h-20 w-full"
        placeholder={placeholder}
        value={value}
        aria-autocomplete="list"
        // A textbox may not carry aria-expanded (axe aria-allowed-attr); it names the open list instead.
        aria-controls={options.length > 0 ? listId : undefined}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
      />
      {options.length > 0 ? (
        <ul
          role="listbox"
          id={listId}
          aria-label="Mention suggestions"
          className="absolute bottom-full left-0 z-10 mb-1 max-h-60 w-64 overflow-auto rounded-md border border-line bg-surface shadow-lg"
        >
          {options.map((p, i) => (
            <li
              key={p.id}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'cursor-pointer bg-subtle px-2 py-1' : 'cursor-pointer px-2 py-1'}
              // mousedown keeps the textarea's caret (a click would blur it first)
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
            >
              <div>{p.name}</div>
              {p.email ? <div className="text-xs text-muted">{p.email}</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
