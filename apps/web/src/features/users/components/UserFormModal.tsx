import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES } from '@opsdeck/shared';
import { useEffect } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Modal } from '../../../ui/Modal.js';
import { EMPTY_USER_FORM, userFormSchema, type UserForm } from '../api/users.js';

type UserFormModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Set when editing an existing user. */
  userId?: string;
  initial?: UserForm;
  busy: boolean;
  onSubmit: (values: UserForm) => void;
};

function Err({ error }: { error: FieldError | undefined }) {
  return error?.message ? (
    <p className="mt-1 text-xs text-red-600 dark:text-red-400">{error.message}</p>
  ) : null;
}

/** Invite User / Edit User: names, email, role and (when editing) active. */
export function UserFormModal({ open, onOpenChange, userId, initial, busy, onSubmit }: UserFormModalProps) {
  const { register, handleSubmit, reset, formState } = useForm<UserForm>({
    resolver: zodResolver(userFormSchema),
    defaultValues: initial ?? EMPTY_USER_FORM,
  });
  useEffect(() => {
    if (open) reset(initial ?? EMPTY_USER_FORM);
  }, [initial, open, reset]);
  const e = formState.errors;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={userId ? 'Edit User' : 'Invite User'} size="sm">
      <form className="space-y-3" onSubmit={(ev) => void handleSubmit(onSubmit)(ev)} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <label className="block">
            <span className="mb-1 block text-xs font-medium text-muted">First Name</span>
            <input className="input w-full" {...register('firstName')} />
            <Err error={e.firstName} />
          </label>
          <label className="block">
            <span className="mb-1 block text-xs font-medium text-muted">Last Name</span>
            <input className="input w-full" {...register('lastName')} />
            <Err error={e.lastName} />
          </label>
        </div>
        <label className="block">
          <span className="mb-1 block text-xs font-medium text-muted">Email</span>
          <input className="input w-full" type="email" {...register('email')} />
          <Err error={e.email} />
        </label>
        <label className="block">
          <span className="mb-1 block text-xs font-medium text-muted">Role</span>
          <select className="input w-full" {...register('role')}>
            <option value="">Select a role</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r[0]?.toUpperCase()}
                {r.slice(1)}
              </option>
            ))}
          </select>
          <Err error={e.role} />
        </label>
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
