import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from '../FormField.js';
import { CodeEditor } from './CodeEditor.js';
import type { CodeEditorProps } from './types.js';

type CodeFieldProps<T extends FieldValues> = {
  control: Control<T>;
  /** A string field of the form: the editor's text. */
  name: FieldPath<T>;
  /** The caption, also the editor's accessible name. */
  label: string;
} & Pick<CodeEditorProps, 'language' | 'jsonSchemaUrl' | 'height' | 'readOnly' | 'warnings'>;

/**
 * A react-hook-form field edited in the code editor (JSON labels, YAML or JSON specs); the
 * field's validation message shows under it.
 */
export function CodeField<T extends FieldValues>({ control, name, label, ...editor }: CodeFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message} labelable={false}>
          <CodeEditor
            {...editor}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            ariaLabel={label}
          />
        </FormField>
      )}
    />
  );
}

type SpecFieldProps<T extends FieldValues & { spec: string }> = {
  control: Control<T>;
  /** The JSON Schema the YAML is checked against as it is typed. */
  schemaUrl: string;
} & Pick<CodeEditorProps, 'height' | 'readOnly' | 'warnings'>;

/** The YAML 'Spec' of a settings resource (scraper, canary), checked against its JSON Schema. */
export function SpecField<T extends FieldValues & { spec: string }>({
  control,
  schemaUrl,
  ...editor
}: SpecFieldProps<T>) {
  // 'spec' is a path of every T the constraint allows; TypeScript cannot see that for a generic T.
  const name = 'spec' as FieldPath<T>;
  return (
    <CodeField
      control={control}
      name={name}
      label="Spec"
      language="yaml"
      jsonSchemaUrl={schemaUrl}
      {...editor}
    />
  );
}
