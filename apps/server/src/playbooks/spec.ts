import { playbookResourceSchema, playbookSpecSchema, type PlaybookSpec } from '@opsdeck/shared';
import { parseTemplate } from '../expr/index.js';
import { parseSpecDocument, type DocumentMetadata } from '../lib/spec-document.js';

/** A refused playbook spec; the data API answers 400 with its message. */
export class PlaybookSpecError extends Error {}

/** Action fields that are CEL or control fields, not Go templates. */
const NOT_TEMPLATED = new Set(['name', 'if', 'filter', 'delay', 'retry', 'timeout', 'contentType']);

function* stringLeaves(value: unknown, path: string[]): Generator<[string[], string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) yield* stringLeaves(v, [...path, String(i)]);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* stringLeaves(v, [...path, k]);
}

function checkTemplate(path: string[], text: string): void {
  try {
    parseTemplate(text);
  } catch (e) {
    throw new PlaybookSpecError(`${path.join('.')}: ${(e as Error).message}`);
  }
}

/**
 * A template syntax error is refused when the spec is saved rather than when a run reaches it:
 * every string of every action body, and parameter defaults and properties.
 */
export function checkSpecTemplates(spec: PlaybookSpec): void {
  spec.actions.forEach((action, i) => {
    for (const [key, body] of Object.entries(action)) {
      if (NOT_TEMPLATED.has(key)) continue;
      for (const [path, text] of stringLeaves(body, ['spec', 'actions', String(i), key]))
        checkTemplate(path, text);
    }
  });
  spec.parameters?.forEach((p, i) => {
    const base = ['spec', 'parameters', String(i)];
    if (p.default !== undefined) checkTemplate([...base, 'default'], p.default);
    for (const [path, text] of stringLeaves(p.properties ?? {}, [...base, 'properties']))
      checkTemplate(path, text);
  });
}

/**
 * Reads a playbook spec as users give it (object or YAML, bare spec or a whole Playbook
 * document) and checks its templates; throws PlaybookSpecError naming the field.
 */
export function parsePlaybookSpec(input: unknown): { spec: PlaybookSpec; metadata: DocumentMetadata } {
  const parsed = parseSpecDocument(
    input ?? {},
    { spec: playbookSpecSchema, document: playbookResourceSchema },
    PlaybookSpecError,
  );
  checkSpecTemplates(parsed.spec);
  return parsed;
}
