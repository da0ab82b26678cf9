import { UserMinus, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Modal } from '../../../ui/Modal.js';
import { MultiSelect } from '../../../ui/MultiSelect.js';
import { useAddMembers, usePeople, useRemoveMember, useTeamMembers } from '../api/teams.js';

/** The manageTeam panel: members with remove, and 'Add Members'. */
export function TeamMembers({ teamId, canWrite }: { teamId: string; canWrite: boolean }) {
  const members = useTeamMembers(teamId);
  const people = usePeople();
  const add = useAddMembers(teamId);
  const remove = useRemoveMember(teamId);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  const memberIds = useMemo(() => new Set(members.data?.map((m) => m.person_id.id)), [members.data]);
  const options = useMemo(
    () =>
      (people.data ?? [])
        .filter((p) => !memberIds.has(p.id))
        .map((p) => ({ value: p.id, label: p.name || p.email || p.id })),
    [memberIds, people.data],
  );

  const submit = () => {
    const names = options.filter((o) => picked.includes(o.value)).map((o) => o.label);
    add.mutate(picked, {
      onSuccess: () => {
        toast.success(`${names.join(', ')} added to the team successfully`, { duration: TOAST_MS });
        setPicked([]);
        setOpen(false);
      },
    });
  };

  const list = members.data ?? [];
  return (
    <section className="card p-4" aria-label="Team members">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-[15px] font-semibold">Members</h2>
        {canWrite ? (
          <button type="button" className="btn" onClick={() => setOpen(true)}>
            <UserPlus className="size-4" aria-hidden /> Add Members
          </button>
        ) : null}
      </div>
      {members.isPending ? <div className="text-muted">Loading…</div> : null}
      {!members.isPending && list.length === 0 ? (
        <div className="py-8 text-center">
          <div className="font-semibold">Add team members</div>
          <p className="text-muted">You haven&apos;t added any team members to the team yet.</p>
        </div>
      ) : null}
      <ul className="divide-y divide-line">
        {list.map((m) => {
          const p = m.person_id;
          const name = p.name || p.email || p.id;
          return (
            <li key={p.id} className="flex items-center gap-3 py-2">
              <Avatar name={name} src={p.avatar} />
              <div className="min-w-0 flex-1">
                <div className="truncate font-medium">{name}</div>
                {p.email ? <div className="truncate text-xs text-muted">{p.email}</div> : null}
              </div>
              {canWrite ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-icon h-7 w-7"
                  aria-label={`Remove ${name}`}
                  title="Remove from team"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () =>
                        toast.success(`${name} removed from team successfully`, { duration: TOAST_MS }),
                    })
                  }
                >
                  <UserMinus className="size-4" aria-hidden />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Add Members"
        size="sm"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={picked.length === 0 || add.isPending}
              onClick={submit}
            >
              Add
            </button>
          </>
        }
      >
        <MultiSelect
          label="Users"
          value={picked}
          onChange={setPicked}
          options={options}
          placeholder="Select users"
        />
      </Modal>
    </section>
  );
}
