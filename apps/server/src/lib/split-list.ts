/** `a, b c` → ['a', 'b', 'c']: lists written with commas or spaces (recipients, rooms, targets). */
export const splitList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[,\s]+/)
    .map((v) => v.trim())
    .filter(Boolean);
