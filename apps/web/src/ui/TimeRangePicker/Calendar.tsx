import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn.js';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

function sameDay(a: Date | undefined, b: Date): boolean {
  return (
    !!a && a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
  );
}

type CalendarProps = { from?: Date | undefined; to?: Date | undefined; onPick: (day: Date) => void };

/** A month grid (weeks start on Monday) that highlights the chosen from–to span. */
export function Calendar({ from, to, onPick }: CalendarProps) {
  const [month, setMonth] = useState(() => {
    const base = to ?? from ?? new Date();
    return new Date(base.getFullYear(), base.getMonth(), 1);
  });
  const lead = (month.getDay() + 6) % 7;
  const daysInMonth = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
  const cells: Array<Date | null> = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: daysInMonth }, (_, i) => new Date(month.getFullYear(), month.getMonth(), i + 1)),
  ];
  const today = new Date();
  const inSpan = (d: Date) =>
    !!from && !!to && d >= new Date(from.getFullYear(), from.getMonth(), from.getDate()) && d <= to;
  return (
    <div className="w-60 select-none">
      <div className="mb-1 flex items-center justify-between">
        <button
          type="button"
          className="btn btn-ghost btn-icon h-7 w-7"
          aria-label="Previous month"
          onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1))}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <span className="font-semibold" aria-live="polite">
          {month.toLocaleString('en', { month: 'long', year: 'numeric' })}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-icon h-7 w-7"
          aria-label="Next month"
          onClick={() => setMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1))}
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center text-xs" role="grid">
        {WEEKDAYS.map((d) => (
          <span key={d} className="py-1 text-muted">
            {d}
          </span>
        ))}
        {cells.map((d, i) =>
          d ? (
            <button
              key={i}
              type="button"
              onClick={() => onPick(d)}
              aria-label={d.toDateString()}
              className={cn(
                'h-7 rounded text-xs hover:bg-subtle',
                inSpan(d) && 'bg-brand-600/10',
                (sameDay(from, d) || sameDay(to, d)) && 'bg-brand-600 text-white hover:bg-brand-700',
                sameDay(today, d) && 'font-bold',
              )}
            >
              {d.getDate()}
            </button>
          ) : (
            <span key={i} />
          ),
        )}
      </div>
    </div>
  );
}
