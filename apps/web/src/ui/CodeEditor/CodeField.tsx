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
  error?: string | undefined;
} & Pick<CodeEditorProps, 'language' | 'jsonSchemaUrl' | 'height' | 'readOnly'>;

/** A react-hook-form field edited in the code editor (JSON labels, YAML or JSON specs). */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  error,
  ...editor
}: CodeFieldProps<T>) {
  return (
    <FormField label={label} error={error} labelable={false}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <CodeEditor
            {...editor}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            ariaLabel={label}
          />
        )}
      />
    </FormField>
  );
}
