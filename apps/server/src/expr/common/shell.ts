/** Quotes one word for POSIX shells, always in single quotes: `it's` → `'it'"'"'s'`. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'"'"'`)}'`;
}
