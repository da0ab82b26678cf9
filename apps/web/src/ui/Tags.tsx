import { Popover } from 'radix-ui';

export type TagMap = Record<string, string | number | boolean | null | undefined>;

function Tag({ name, value }: { name: string; value: TagMap[string] }) {
  return (
    <span className="inline-flex max-w-56 items-center overflow-hidden rounded border border-line bg-subtle text-[11px] leading-5">
      <span className="truncate px-1.5 text-muted">{name}</span>
      {value !== undefined && value !== null && value !== '' ? (
        <span className="truncate border-l border-line bg-surface px-1.5 font-medium">{String(value)}</span>
      ) : null}
    </span>
  );
}

/** Labels as tags; beyond `max`, a '+N more' button opens a popover with the rest. */
export function Tags({ tags, max = 3 }: { tags: TagMap | null | undefined; max?: number }) {
  const entries = Object.entries(tags ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const shown = entries.slice(0, max);
  const rest = entries.slice(max);
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {shown.map(([k, v]) => (
        <Tag key={k} name={k} value={v} />
      ))}
      {rest.length > 0 ? (
        <Popover.Root>
          <Popover.Trigger className="rounded px-1 text-[11px] font-medium text-brand-600 hover:underline">
            +{rest.length} more
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content sideOffset={4} className="menu flex max-w-sm flex-wrap gap-1 p-2">
              {rest.map(([k, v]) => (
                <Tag key={k} name={k} value={v} />
              ))}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : null}
    </span>
  );
}
