import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { Badge } from '../../../ui/Badge.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { columnHelper } from '../../../ui/DataTable/index.js';
import { Page } from '../../../ui/Page.js';
import { PrimaryAction } from '../../../ui/PrimaryAction.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import {
  formValuesOf,
  useDeleteUser,
  useInviteUser,
  useUpdateUser,
  useUsers,
  type User,
  type UserForm,
} from '../api/users.js';
import { InviteLinkModal } from '../components/InviteLinkModal.js';
import { UserFormModal } from '../components/UserFormModal.js';

const col = columnHelper<User>();

function fullName(u: User): string {
  return `${u.traits.name.first} ${u.traits.name.last}`.trim() || u.name || u.traits.email;
}

/** Settings → Users: people, their roles and state; invite, edit and delete for writers. */
export function UsersPage() {
  const users = useUsers();
  const canWrite = useHasPermission('identities', 'write');
  const invite = useInviteUser();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const [link, setLink] = useState<string | null>(null);

  // Stable: a dialog opened again does not show the last failed save's field errors.
  const resetUpdate = update.reset;
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor((u) => fullName(u), { id: 'name', header: 'Name', size: 220 }),
        col.accessor((u) => u.traits.email, { id: 'email', header: 'Email', size: 240 }),
        col.accessor((u) => u.roles.join(', '), {
          id: 'roles',
          header: 'Roles',
          size: 160,
          cell: (c) => (
            <span className="flex gap-1">
              {c.row.original.roles.map((r) => (
                <Badge key={r} tone={r === 'admin' ? 'blue' : 'grey'}>
                  {r}
                </Badge>
              ))}
            </span>
          ),
        }),
        col.accessor((u) => u.state ?? '', {
          id: 'state',
          header: 'State',
          size: 100,
          cell: (c) => (
            <Badge tone={c.getValue() === 'active' ? 'green' : 'grey'}>{c.getValue() || '—'}</Badge>
          ),
        }),
        col.accessor('created_at', {
          header: 'Created At',
          size: 160,
          cell: (c) => <span title={formatDateTime(c.getValue())}>{formatRelativeTime(c.getValue())}</span>,
        }),
        ...(canWrite
          ? [
              col.display({
                id: 'actions',
                header: 'Actions',
                size: 110,
                cell: (c) => (
                  <span className="flex gap-1">
                    <button
                      type="button"
                      className="btn btn-ghost btn-icon h-7 w-7"
                      aria-label="Edit User"
                      title="Edit User"
                      onClick={() => {
                        resetUpdate();
                        setEditing(c.row.original);
                        setFormOpen(true);
                      }}
                    >
                      <Pencil className="size-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      className="btn btn-ghost btn-icon h-7 w-7 text-red-600"
                      aria-label="Delete"
                      title="Delete"
                      onClick={() => setDeleting(c.row.original)}
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </span>
                ),
              }),
            ]
          : []),
      ]),
    [canWrite, resetUpdate],
  );

  const openInvite = () => {
    invite.reset();
    setEditing(null);
    setFormOpen(true);
  };

  const submit = (values: UserForm) => {
    if (editing)
      update.mutate(
        { id: editing.id, ...values },
        {
          onSuccess: () => {
            toast.success('User updated successfully', { duration: TOAST_MS });
            setFormOpen(false);
          },
        },
      );
    else
      invite.mutate(values, {
        onSuccess: (l) => {
          setFormOpen(false);
          setLink(l);
        },
      });
  };

  return (
    <Page
      crumbs={[{ label: 'Settings' }, { label: 'Users' }]}
      actions={canWrite ? <PrimaryAction icon={UserPlus} label="Invite User" onClick={openInvite} /> : null}
    >
      <QueryTable
        id="settings-users"
        query={users}
        columns={columns}
        getRowId={(u) => u.id}
        pagination={false}
      />
      <UserFormModal
        open={formOpen}
        onOpenChange={setFormOpen}
        userId={editing?.id}
        initial={editing ? formValuesOf(editing) : undefined}
        busy={invite.isPending || update.isPending}
        error={editing ? update.error : invite.error}
        onSubmit={submit}
      />
      <InviteLinkModal link={link} onClose={() => setLink(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => (o ? undefined : setDeleting(null))}
        title="Delete User ?"
        description={deleting ? `${fullName(deleting)} will lose access and their tokens are removed.` : ''}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('user deleted successfully', { duration: TOAST_MS });
              setDeleting(null);
            },
          })
        }
      />
    </Page>
  );
}
