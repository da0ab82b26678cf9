import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { CodeField } from '../../../ui/CodeEditor/CodeField.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { FormField } from '../../../ui/FormField.js';
import { Page } from '../../../ui/Page.js';
import { ResourceFormActions } from '../../../ui/ResourceFormActions.js';
import { Tabs } from '../../../ui/Tabs.js';
import { useDeleteTeam, useSaveTeam, useTeam, type Team } from '../api/teams.js';
import { TeamMembers } from '../components/TeamMembers.js';

const teamForm = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  icon: z.string().trim(),
  spec: z.string().refine((s) => {
    try {
      const v: unknown = JSON.parse(s || '{}');
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    } catch {
      return false;
    }
  }, 'Spec must be a JSON object'),
});
type TeamForm = z.infer<typeof teamForm>;

function formOf(t: Team | undefined): TeamForm {
  return { name: t?.name ?? '', icon: t?.icon ?? '', spec: JSON.stringify(t?.spec ?? {}, null, 2) };
}

function TeamSpecForm({ team, canWrite }: { team: Team | undefined; canWrite: boolean }) {
  const navigate = useNavigate();
  const save = useSaveTeam();
  const remove = useDeleteTeam();
  const { register, control, handleSubmit, reset, formState } = useForm<TeamForm>({
    resolver: zodResolver(teamForm),
    defaultValues: formOf(team),
  });
  useEffect(() => reset(formOf(team)), [reset, team]);
  const submit = (f: TeamForm) =>
    save.mutate(
      {
        ...(team ? { id: team.id } : {}),
        name: f.name,
        icon: f.icon || null,
        spec: JSON.parse(f.spec || '{}'),
      },
      {
        onSuccess: (saved) => {
          toast.success(team ? 'Teams updated successfully' : 'Teams created successfully', {
            duration: TOAST_MS,
          });
          if (!team) void navigate(`/settings/teams/${saved.id}`, { replace: true });
        },
      },
    );
  const e = formState.errors;
  return (
    <form className="card space-y-3 p-4" onSubmit={(ev) => void handleSubmit(submit)(ev)} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Name" error={e.name?.message}>
          <input className="input w-full" disabled={!canWrite} {...register('name')} />
        </FormField>
        <FormField label="Icon">
          <input className="input w-full" disabled={!canWrite} {...register('icon')} />
        </FormField>
      </div>
      <CodeField
        control={control}
        name="spec"
        label="Spec"
        language="json"
        readOnly={!canWrite}
        height="260px"
      />
      {canWrite ? (
        <ResourceFormActions
          resourceName="Team"
          editing={team !== undefined}
          deleteQuestion={`Delete '${team?.name ?? ''}' and its member list?`}
          saving={save.isPending}
          deleting={remove.isPending}
          onDelete={() =>
            team &&
            remove.mutate(team.id, {
              onSuccess: () => {
                toast.success('Teams deleted successfully', { duration: TOAST_MS });
                void navigate('/settings/teams');
              },
            })
          }
        />
      ) : null}
    </form>
  );
}

/** A team: its resource form (name, icon, spec) and the manageTeam members tab. */
export function TeamPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const team = useTeam(id);
  const canWrite = useHasPermission('database', 'write');
  const crumbs = [
    { label: 'Settings' },
    { label: 'Teams', href: '/settings/teams' },
    { label: isNew ? 'New team' : (team.data?.name ?? '…') },
  ];
  if (!isNew && team.isError)
    return (
      <Page crumbs={crumbs}>
        <ErrorView error={team.error} />
      </Page>
    );
  return (
    <Page crumbs={crumbs}>
      <div className="mx-auto max-w-4xl p-4">
        {isNew ? (
          <TeamSpecForm team={undefined} canWrite={canWrite} />
        ) : team.data ? (
          <Tabs
            className="w-full"
            defaultValue="manageTeam"
            tabs={[
              {
                value: 'manageTeam',
                label: 'Manage Team',
                content: <TeamMembers teamId={team.data.id} canWrite={canWrite} />,
              },
              {
                value: 'spec',
                label: 'Spec',
                content: <TeamSpecForm team={team.data} canWrite={canWrite} />,
              },
            ]}
          />
        ) : (
          <div className="text-muted">Loading…</div>
        )}
      </div>
    </Page>
  );
}
