import { useQuery } from '@tanstack/react-query';
import { Controller, type Control, type UseFormGetValues, type UseFormReset } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { SegmentedControl } from '../../../ui/SegmentedControl.js';
import { notificationKeys } from '../api/keys.js';
import { searchLookup, type LookupKind } from '../api/lookups.js';
import {
  OTHER_KINDS,
  switchRecipientTab,
  type OtherKind,
  type RecipientTab,
  type RuleFormValues,
} from '../lib/ruleForm.js';

const TAB_OPTIONS = [
  { value: 'person', label: 'Person' },
  { value: 'team', label: 'Team' },
  { value: 'others', label: 'Others' },
] as const;
const OTHER_LABELS: Record<OtherKind, string> = {
  email: 'Email',
  connection: 'Connection',
  url: 'URL',
  playbook: 'Playbook',
};
const OTHER_PLACEHOLDERS: Record<OtherKind, string> = {
  email: 'oncall@example.com',
  connection: 'connection://default/slack',
  url: 'slack://token@channel or generic+https://host/hook',
  playbook: 'namespace/name of the playbook to run',
};
/** People and teams are few enough to list in one select. */
const CHOICES_LIMIT = 500;

function ChoiceSelect({
  kind,
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  kind: LookupKind;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const choices = useQuery({
    queryKey: notificationKeys.lookup(kind, []),
    queryFn: ({ signal }) => searchLookup(kind, '', { limit: CHOICES_LIMIT, signal }),
  });
  return (
    <FormField label={label} error={error} required>
      <select
        className="input w-full"
        value={value}
        disabled={disabled}
        aria-required
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{choices.isPending ? 'Loading…' : `Select a ${label.toLowerCase()}`}</option>
        {(choices.data ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * The recipient: Person, Team or Others (an email address, a connection or a sender URL).
 * Switching tabs clears the other recipients, so exactly one is saved.
 */
export function RecipientFields({
  control,
  tab,
  otherKind,
  getValues,
  reset,
  readOnly,
}: {
  control: Control<RuleFormValues>;
  tab: RecipientTab;
  otherKind: OtherKind;
  getValues: UseFormGetValues<RuleFormValues>;
  reset: UseFormReset<RuleFormValues>;
  readOnly: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={readOnly}>
      <legend className="mb-1 text-xs font-semibold text-muted">Recipient</legend>
      <SegmentedControl
        label="Recipient"
        options={TAB_OPTIONS}
        value={tab}
        onChange={(next) =>
          !readOnly &&
          reset(switchRecipientTab(getValues(), next), { keepDefaultValues: true, keepErrors: false })
        }
      />
      {tab === 'person' ? (
        <Controller
          control={control}
          name="person_id"
          render={({ field, fieldState }) => (
            <ChoiceSelect
              kind="people"
              label="Person"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={readOnly}
            />
          )}
        />
      ) : null}
      {tab === 'team' ? (
        <Controller
          control={control}
          name="team_id"
          render={({ field, fieldState }) => (
            <ChoiceSelect
              kind="teams"
              label="Team"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={readOnly}
            />
          )}
        />
      ) : null}
      {tab === 'others' ? (
        <div className="grid grid-cols-[10rem_1fr] gap-2">
          <Controller
            control={control}
            name="otherKind"
            render={({ field }) => (
              <FormField label="Send to">
                <select
                  className="input w-full"
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                >
                  {OTHER_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {OTHER_LABELS[k]}
                    </option>
                  ))}
                </select>
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="otherValue"
            render={({ field, fieldState }) => (
              <FormField label={OTHER_LABELS[otherKind]} error={fieldState.error?.message} required>
                <input
                  className="input w-full"
                  aria-required
                  placeholder={OTHER_PLACEHOLDERS[otherKind]}
                  {...field}
                />
              </FormField>
            )}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
