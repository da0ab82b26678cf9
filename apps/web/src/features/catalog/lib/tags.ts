/** Tag filters in the URL and in POST /api/catalog/changes: `key____value`, `:-1` excludes. */
export const TAG_SEPARATOR = '____';

export type TagFilter = { key: string; value: string; exclude: boolean };

export function encodeTag(f: TagFilter): string {
  return `${f.key}${TAG_SEPARATOR}${f.value}${f.exclude ? ':-1' : ''}`;
}

export function decodeTag(text: string): TagFilter | undefined {
  const exclude = text.endsWith(':-1');
  const body = exclude ? text.slice(0, -3) : text.endsWith(':1') ? text.slice(0, -2) : text;
  const i = body.indexOf(TAG_SEPARATOR);
  if (i <= 0) return undefined;
  return { key: body.slice(0, i), value: body.slice(i + TAG_SEPARATOR.length), exclude };
}

/** A comma list of encoded tags (the URL form) to filters; malformed entries are dropped. */
export function decodeTags(text: string | null | undefined): TagFilter[] {
  return (text ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map(decodeTag)
    .filter((t): t is TagFilter => t !== undefined);
}

export function encodeTags(list: TagFilter[]): string {
  return list.map(encodeTag).join(',');
}

/** Adds (or replaces) the filter for one key=value pair. */
export function withTag(list: TagFilter[], next: TagFilter): TagFilter[] {
  return [...list.filter((t) => !(t.key === next.key && t.value === next.value)), next];
}

/** The Tags picker's choice (encoded included tags) with the excluded filters kept as they were. */
export function pickTags(current: TagFilter[], picked: string[]): TagFilter[] {
  const included = picked.map(decodeTag).filter((t): t is TagFilter => t !== undefined && !t.exclude);
  return [...current.filter((t) => t.exclude), ...included];
}
