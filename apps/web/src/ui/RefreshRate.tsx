import { Check, ChevronDown, Timer } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect } from 'react';
import { z } from 'zod';
import { useStoredState } from '../lib/useStoredState.js';
import {
  allowedRefreshRate,
  disabledRefreshRates,
  isRefreshRate,
  REFRESH_RATES,
  refreshRateLabel,
  refreshRateMs,
  type RefreshRate,
} from './refreshRate.js';

const rateSchema = z
  .string()
  .refine(isRefreshRate)
  .transform((v) => v as RefreshRate);

/**
 * The chosen refresh rate, stored locally under `storageKey`, moved to the next allowed
 * option when the time range makes it too fast. Returns the rate and its interval in ms.
 */
export function useRefreshRate(
  storageKey: string,
  rangeMinutes: number,
): [RefreshRate, (r: RefreshRate) => void, number | false] {
  const [stored, setStored] = useStoredState<RefreshRate>(
    `opsdeck.refreshRate.${storageKey}`,
    rateSchema,
    '',
  );
  const rate = allowedRefreshRate(stored, rangeMinutes);
  useEffect(() => {
    if (rate !== stored) setStored(rate);
  }, [rate, stored, setStored]);
  return [rate, setStored, refreshRateMs(rate)];
}

type RefreshRateSelectProps = {
  value: RefreshRate;
  onChange: (r: RefreshRate) => void;
  rangeMinutes: number;
};

export function RefreshRateSelect({ value, onChange, rangeMinutes }: RefreshRateSelectProps) {
  const off = disabledRefreshRates(rangeMinutes);
  return (
    <DropdownMenu.Root>
      {/* A visible label, like the filter bar's selects; the name reads 'Refresh rate: 30s'. */}
      <DropdownMenu.Trigger className="btn">
        <Timer className="size-4 text-muted" aria-hidden />
        <span className="text-muted">Refresh rate:</span>
        <span className="font-medium">{refreshRateLabel(value)}</span>
        <ChevronDown className="size-3.5 text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="menu min-w-32">
          {REFRESH_RATES.map((r) => (
            <DropdownMenu.Item
              key={r || 'none'}
              disabled={off.has(r)}
              className="menu-item"
              onSelect={() => onChange(r)}
            >
              <Check className={value === r ? 'size-3.5' : 'size-3.5 opacity-0'} aria-hidden />
              {refreshRateLabel(r)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
