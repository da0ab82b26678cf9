import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES } from '@opsdeck/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../../ui/FormField.js';
import { Modal } from '../../../ui/Modal.js';
import { useServerFieldErrors } from '../../../ui/useServerFieldErrors.js';
import { EMPTY_USER_FORM, userFormSchema, type UserForm } from '../api/users.js';

type UserFormModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set when editing an existing user. */
  userId?: string;
  initial?: UserForm;
  busy: boolean;
  /** The last failed save: a taken email is said next to the Email field. */
  error?: Error | null;
  onSubmit: (values: UserForm) => void;
};

/** Invite User / Edit User: names, email, role and (when editing) active. */
export function UserFormModal({
  open,
  onOpenChange,
  userId,
  initial,
  busy,
  error,
  onSubmit,
}: UserFormModalProps) {
  const form = useForm<UserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues: initial ?? EMPTY_USER_FORM,
  });
  const { register, handleSubmit, reset, formState } = form;
  useServerFieldErrors(form, error);
  useEffect(() => {
    if (open) reset(initial ?? EMPTY_USER_FORM);
  }, [initial, open, reset]);
  const e = formState.errors;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={userId ? 'Edit User' : 'Invite User'} size="sm">
      <form className="space-y-3" onSubmit={(ev) => void handleSubmit(onSubmit)(ev)} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <FormField label="First Name" error={e.firstName?.message}>
            <input className="input w-full" {...register('firstName')} />
          </FormField>
          <FormField label="Last Name" error={e.lastName?.message}>
            <input className="input w-full" {...register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email" error={e.email?.message}>
          <input className="input w-full" type="email" {...register('email')} />
        </FormField>
        <FormField label="Role" error={e.role?.message}>
          <select className="input w-full" {...register('role')}>
            <option value="">Select a role</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r[0]?.toUpperCase()}
                {r.slice(1)}
              </option>
            ))}
          </select>
        </FormField>
        {userId ? (
          <label className="flex items-center gap-2">
            <input type="checkbox" {...register('active')} /> <span>Active</span>
          </label>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {userId ? 'Update' : 'Invite user'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
