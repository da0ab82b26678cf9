import {
  FUTURE_RANGES,
  QUICK_RANGES,
  RELATIVE_RANGES,
  sameTimeRange,
  type AbsoluteTimeRange,
  type TimeRange,
} from '@opsdeck/shared';
import { CalendarClock, ChevronDown, History } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { cn } from '../../lib/cn.js';
import { Calendar } from './Calendar.js';
import { readRecentRanges, rememberRange } from './recent.js';

type TimeRangePickerProps = {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
  /** Clearing removes the range (e.g. from the URL). */
  onClear?: () => void;
  /** Also offer future ranges (silences, schedules). */
  showFuture?: boolean;
};

/** 'YYYY-MM-DDTHH:mm' in local time, for datetime-local inputs. */
function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function parseLocal(text: string): Date | undefined {
  if (!text) return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

function short(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en', {
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      });
}

/** The label of a range; absolute ranges show their dates. */
export function timeRangeLabel(range: TimeRange): string {
  if (range.type === 'absolute') return `${short(range.from)} → ${short(range.to)}`;
  return range.display || (range.type === 'relative' ? range.range : `${range.from} to ${range.to}`);
}

function RangeList({
  title,
  ranges,
  value,
  onPick,
}: {
  title: string;
  ranges: TimeRange[];
  value: TimeRange;
  onPick: (r: TimeRange) => void;
}) {
  return (
    <div>
      <h3 className="mb-1 px-2 text-[11px] font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <ul className="flex flex-col">
        {ranges.map((r) => (
          <li key={r.type === 'relative' ? r.range : `${r.from}|${r.to}`}>
            <button
              type="button"
              onClick={() => onPick(r)}
              aria-current={sameTimeRange(r, value) ? 'true' : undefined}
              className={cn(
                'h-7 w-full rounded px-2 text-left hover:bg-subtle',
                sameTimeRange(r, value) && 'bg-brand-600/10 font-semibold text-brand-700 dark:text-brand-100',
              )}
            >
              {timeRangeLabel(r)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

type DateTimeFieldProps = { label: string; value: string; onChange: (v: string) => void };

function DateTimeField({ label, value, onChange }: DateTimeFieldProps) {
  return (
    <label className="flex flex-col gap-0.5 text-xs text-muted">
      {label}
      <input
        type="datetime-local"
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Relative, quick and absolute time ranges with recently used absolute ranges. */
export function TimeRangePicker({ value, onChange, onClear, showFuture = false }: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const initialAbs = value.type === 'absolute' ? value : undefined;
  const [from, setFrom] = useState(initialAbs ? toLocalInput(new Date(initialAbs.from)) : '');
  const [to, setTo] = useState(initialAbs ? toLocalInput(new Date(initialAbs.to)) : '');
  const [recent, setRecent] = useState<TimeRange[]>(readRecentRanges);

  const pick = (r: TimeRange) => {
    if (r.type === 'absolute') setRecent(rememberRange(r));
    onChange(r);
    setOpen(false);
  };
  const submit = () => {
    const f = parseLocal(from);
    const t = parseLocal(to);
    if (!f || !t) return;
    const [a, b] = f <= t ? [f, t] : [t, f];
    const range: AbsoluteTimeRange = {
      type: 'absolute',
      from: a.toISOString(),
      to: b.toISOString(),
      display: 'Custom',
    };
    pick(range);
  };
  const clear = () => {
    setFrom('');
    setTo('');
    onClear?.();
  };
  const onDay = (day: Date) => {
    const start = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, 0);
    const end = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59);
    const f = parseLocal(from);
    if (!f || parseLocal(to)) {
      setFrom(toLocalInput(start));
      setTo('');
    } else if (start < f) {
      setTo(toLocalInput(new Date(f.getFullYear(), f.getMonth(), f.getDate(), 23, 59)));
      setFrom(toLocalInput(start));
    } else setTo(toLocalInput(end));
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="btn" aria-label="Time range">
        <CalendarClock className="size-4 text-muted" aria-hidden />
        <span className="max-w-64 truncate">{timeRangeLabel(value)}</span>
        <ChevronDown className="size-3.5 text-muted" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          className="menu flex max-h-[80vh] w-auto gap-0 overflow-hidden p-0"
        >
          <section
            aria-label="Absolute time range"
            className="flex w-72 flex-col gap-2 border-r border-line p-3"
          >
            <h3 className="text-[11px] font-semibold tracking-wide text-muted uppercase">
              Absolute time range
            </h3>
            <DateTimeField label="From" value={from} onChange={setFrom} />
            <DateTimeField label="To" value={to} onChange={setTo} />
            <Calendar from={parseLocal(from)} to={parseLocal(to)} onPick={onDay} />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn" onClick={clear}>
                Clear
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={!parseLocal(from) || !parseLocal(to)}
                onClick={submit}
              >
                Submit
              </button>
            </div>
            {recent.length > 0 ? (
              <div className="mt-1 border-t border-line pt-2">
                <h3 className="mb-1 flex items-center gap-1 text-[11px] font-semibold tracking-wide text-muted uppercase">
                  <History className="size-3" aria-hidden /> Recently used
                </h3>
                <ul aria-label="Recently used ranges">
                  {recent.map((r) => (
                    <li key={r.type === 'relative' ? r.range : `${r.from}|${r.to}`}>
                      <button
                        type="button"
                        className="h-7 w-full truncate rounded px-2 text-left hover:bg-subtle"
                        onClick={() => pick(r)}
                      >
                        {timeRangeLabel(r)}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
          <div className="flex max-h-[80vh] gap-2 overflow-y-auto p-2">
            <div className="w-40">
              <RangeList title="Relative" ranges={RELATIVE_RANGES} value={value} onPick={pick} />
              {showFuture ? (
                <RangeList title="Future" ranges={FUTURE_RANGES} value={value} onPick={pick} />
              ) : null}
            </div>
            <div className="w-44">
              <RangeList title="Quick ranges" ranges={QUICK_RANGES} value={value} onPick={pick} />
            </div>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
