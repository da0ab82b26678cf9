import { label } from '../lib/filters.js';

/** `<option>`s for incident values (severities, statuses, types), labelled as the filters label them. */
export function ValueOptions({ values }: { values: readonly string[] }) {
  return values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));
}
