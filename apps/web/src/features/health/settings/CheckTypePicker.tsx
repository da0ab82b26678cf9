import { TypePicker } from '../../../ui/schema-form/TypePicker.js';
import {
  CANARY_TEMPLATES,
  FORM_CHECK_TYPES,
  OTHER_TYPE,
  type CanaryTemplate,
  type CheckChoice,
} from './canaryDraft.js';

const CHOICES = [...FORM_CHECK_TYPES, { type: OTHER_TYPE, label: 'Other (YAML)' } as const];

/** The first step of a new health check: what kind of check, or a template to start from. */
export function CheckTypePicker({
  onPick,
  onTemplate,
}: {
  onPick: (type: CheckChoice) => void;
  onTemplate: (template: CanaryTemplate) => void;
}) {
  return (
    <TypePicker
      heading="Check type"
      choices={CHOICES}
      templates={CANARY_TEMPLATES}
      onPick={onPick}
      onTemplate={onTemplate}
    />
  );
}
