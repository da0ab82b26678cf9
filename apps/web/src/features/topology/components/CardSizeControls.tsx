import { Settings2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { CARD_SIZES, CARD_WIDTH_MAX, CARD_WIDTH_MIN, CARD_WIDTH_STEP } from '../lib/cards.js';

const SIZE_LABELS: Record<keyof typeof CARD_SIZES, string> = {
  small: 'S',
  medium: 'M',
  large: 'L',
  extra_large: 'XL',
};
const SIZE_OPTIONS = (Object.keys(CARD_SIZES) as Array<keyof typeof CARD_SIZES>).map((k) => ({
  value: k,
  label: SIZE_LABELS[k],
  title: k.replace('_', ' '),
}));

type Props = {
  width: number;
  onWidth: (w: number) => void;
  showHidden: boolean;
  onShowHidden: (v: boolean) => void;
};

/** Card size presets, the width slider and the 'Show hidden components' preference. */
export function CardSizeControls({ width, onWidth, showHidden, onShowHidden }: Props) {
  return (
    <div className="flex items-center gap-2">
      <SegmentedControl
        label="Card size"
        options={SIZE_OPTIONS}
        value={SIZE_OPTIONS.find((o) => CARD_SIZES[o.value] === width)?.value ?? ''}
        onChange={(k) => onWidth(CARD_SIZES[k])}
        itemClassName="h-7 w-8 text-xs font-medium"
      />
      <input
        type="range"
        aria-label="Card width"
        min={CARD_WIDTH_MIN}
        max={CARD_WIDTH_MAX}
        step={CARD_WIDTH_STEP}
        value={width}
        onChange={(e) => onWidth(Number(e.target.value))}
        className="w-28 accent-brand-600"
      />
      <Popover.Root>
        <Popover.Trigger className="btn btn-icon" aria-label="Preferences">
          <Settings2 className="size-4" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content align="end" sideOffset={4} className="menu w-56 p-3">
            <label className="flex items-center gap-2 text-[13px]">
              <input type="checkbox" checked={showHidden} onChange={(e) => onShowHidden(e.target.checked)} />
              Show hidden components
            </label>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
