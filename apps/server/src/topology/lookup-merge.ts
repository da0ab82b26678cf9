/**
 * How canary-checker merges a lookup's results: a component lookup returns components (a
 * JSON list, or one object per result); a property lookup returns either components with
 * properties (merged by component and property name), a list of properties (added to every
 * component, or merged into a property of the same name), or one value (the property's text).
 */
export type RawObject = Record<string, unknown>;
export type PropertyData =
  | { kind: 'components'; list: RawObject[] }
  | { kind: 'properties'; list: RawObject[] }
  | { kind: 'text'; text: string };

function parse(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith('[') && !t.startsWith('{')) return text;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return text;
  }
}

function isObject(v: unknown): v is RawObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The components a lookup's results describe. */
export function componentsFromResults(results: unknown[]): RawObject[] {
  const out: RawObject[] = [];
  for (const r of results) {
    const v = typeof r === 'string' ? parse(r) : r;
    if (Array.isArray(v)) out.push(...v.filter(isObject));
    else if (isObject(v)) out.push(v);
    else if (typeof v === 'string' && v.trim())
      throw new Error(`the lookup returned text, not components: ${v.slice(0, 80)}`);
  }
  return out;
}

const isComponentList = (list: RawObject[]) => list.length > 0 && list.every((o) => 'properties' in o);

/** What a property lookup's results are: components with properties, properties, or a value. */
export function propertyData(results: unknown[]): PropertyData | undefined {
  if (results.length === 0) return undefined;
  const values = results.map((r) => (typeof r === 'string' ? parse(r) : r));
  if (values.length === 1 && !Array.isArray(values[0]) && !isObject(values[0]))
    return { kind: 'text', text: String(values[0]) };
  const list = values.flatMap((v) => (Array.isArray(v) ? v.filter(isObject) : isObject(v) ? [v] : []));
  return isComponentList(list) ? { kind: 'components', list } : { kind: 'properties', list };
}

/** Fields of `from` that are set win (canary-checker's Property.Merge). */
export function mergeProperty<P extends RawObject>(into: P, from: RawObject): P {
  const out: RawObject = { ...into };
  for (const [k, v] of Object.entries(from)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out as P;
}

type Target = { name: string; properties: RawObject[] };

/** Merges a property lookup's data into the components the spec component stands for. */
export function mergeIntoComponents(
  targets: Target[],
  data: PropertyData,
  property: RawObject,
  warn: (text: string) => void,
): void {
  if (data.kind === 'text') {
    const p = { ...property, text: data.text };
    for (const t of targets) upsert(t, p);
    return;
  }
  if (data.kind === 'properties') {
    for (const p of data.list) for (const t of targets) upsert(t, p);
    return;
  }
  for (const c of data.list) {
    const t = targets.find((x) => x.name === c.name);
    if (!t) continue;
    for (const p of Array.isArray(c.properties) ? c.properties.filter(isObject) : []) {
      const i = t.properties.findIndex((x) => x.name === p.name);
      if (i < 0)
        warn(`${t.name}: the lookup sets property ${String(p.name)}, which the component does not have`);
      else t.properties[i] = mergeProperty(t.properties[i]!, p);
    }
  }
}

function upsert(t: Target, p: RawObject): void {
  const i = t.properties.findIndex((x) => x.name === p.name);
  if (i < 0) t.properties.push({ ...p });
  else t.properties[i] = mergeProperty(t.properties[i]!, p);
}
