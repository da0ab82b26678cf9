import { useConnectionChoices } from '../../../api/connectionChoices.js';
import { SpecFormEditor, type SpecView } from '../../../ui/schema-form/SpecFormEditor.js';
import { CANARY_SCHEMA_URL } from './canaryApi.js';
import { CANARY_TEMPLATES, type FormCheckType } from './canaryDraft.js';

type Props = {
  type: FormCheckType;
  /** The spec's YAML: the one source of truth both views edit. */
  text: string;
  onChange: (text: string) => void;
  readOnly: boolean;
  /** The spec field's validation message. */
  error?: string | undefined;
  initialView?: SpecView;
};

/**
 * The check's own name, namespace and description sit below the canary's: the words say which
 * is which (issue 36).
 */
const CHECK_LABELS = { name: 'Check name', namespace: 'Check namespace', description: 'Check description' };

/**
 * What most checks of a type set, shown first with the required fields; the rest of the
 * type's fields fold under 'More settings'.
 */
const CHECK_BASICS = [
  'name',
  'url',
  'endpoint',
  'host',
  'port',
  'method',
  'headers',
  'body',
  'responseCodes',
  'responseContent',
  'thresholdMillis',
  'query',
  'querytype',
  'connection',
  'script',
  'path',
  'test',
];

/** A check type's spec as a generated form or as YAML: the first check of that type is the form's. */
export function CanarySpecEditor({ type, ...rest }: Props) {
  // A check's `connection` offers the stored connections as they are typed.
  const connections = useConnectionChoices();
  const templates = CANARY_TEMPLATES.filter((t) => t.type === type).map((t) => ({
    label: t.label,
    value: t.check,
  }));
  return (
    <SpecFormEditor
      schemaUrl={CANARY_SCHEMA_URL}
      itemKey={type}
      templates={templates}
      labels={CHECK_LABELS}
      basic={CHECK_BASICS}
      suggestions={{ connection: connections }}
      {...rest}
    />
  );
}
