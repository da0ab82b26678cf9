/** Lines either side of a selection the incident page shows (3). */
const CONTEXT_LINE_COUNT = 3;

/** Lines kept with config evidence when nothing is selected (a whole manifest can be huge). */
export const MAX_EVIDENCE_LINES = 1000;

/**
 * The evidence payload of a config linked to an incident (docs/incidents.md): the config's
 * name and type, its YAML `lines` (line number as text → line) and the `selected_lines`. With
 * a selection, `lines` holds the selection and the context lines around it, as the incident
 * page shows it; without, the first MAX_EVIDENCE_LINES lines.
 */
export function configEvidence(
  config: { name: string | null; type: string },
  yaml: string,
  selected: readonly number[],
): Record<string, unknown> {
  const all = yaml.split('\n');
  if (all.at(-1) === '') all.pop();
  const picked = new Set(selected.filter((n) => n >= 1 && n <= all.length));
  const keep =
    picked.size > 0
      ? (n: number) => [...picked].some((p) => Math.abs(p - n) <= CONTEXT_LINE_COUNT)
      : (n: number) => n <= MAX_EVIDENCE_LINES;
  const lines: Record<string, string> = {};
  const selectedLines: Record<string, string> = {};
  all.forEach((text, i) => {
    const n = i + 1;
    if (keep(n)) lines[String(n)] = text;
    if (picked.has(n)) selectedLines[String(n)] = text;
  });
  return {
    configName: config.name,
    configType: config.type,
    lines,
    selected_lines: selectedLines,
  };
}
