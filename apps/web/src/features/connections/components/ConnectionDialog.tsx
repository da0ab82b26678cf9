import {
  connectionTestRefusal,
  connectionType,
  type ConnectionTypeDef,
  type FieldTarget,
} from '@opsdeck/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { CACHE, TOAST_MS } from '../../../api/queryClient.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { fieldErrorOf } from '../../../api/errors.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Modal } from '../../../ui/Modal.js';
import {
  deleteConnection,
  fetchConnection,
  saveConnection,
  type ConnectionDetail,
} from '../api/connections.js';
import { connectionKeys } from '../api/keys.js';
import { testConnection, testUnsavedConnection, type TestOutcome } from '../api/testConnection.js';
import {
  connectionWriteBody,
  newConnectionForm,
  storedConnectionForm,
  type ConnectionFormState,
} from '../lib/formState.js';
import { SpecNotices } from '../../../ui/SpecNotices.js';
import { ConnectionForm } from './ConnectionForm.js';
import { TestResultDialog } from './TestResultDialog.js';
import { TypePicker } from './TypePicker.js';

/** The `connection` URL value that opens the dialog on a new connection. */
export const NEW_CONNECTION = 'new';

const NOTHING_MASKED: ReadonlySet<FieldTarget> = new Set();

type Props = {
  /** NEW_CONNECTION, or the id of the stored connection to edit. */
  target: string;
  onClose: () => void;
  /** A new connection was stored; the dialog goes on with it, so it can be tested right away. */
  onCreated: (id: string) => void;
};

/**
 * Add or edit a connection: a new one starts with the type picker, then the
 * type's form (Back returns to the picker); a stored one opens on its form with Delete. Test
 * Connection (or why its type cannot be tested) is on both: it tests the form's values before
 * they are saved, or a stored connection as it is. Only users who may write connections get here.
 */
export function ConnectionDialog({ target, onClose, onCreated }: Props) {
  const qc = useQueryClient();
  const storedId = target === NEW_CONNECTION ? undefined : target;
  const [picked, setPicked] = useState<ConnectionTypeDef>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome>();

  const detail = useQuery({
    queryKey: connectionKeys.detail(storedId ?? ''),
    queryFn: () => fetchConnection(storedId ?? ''),
    enabled: storedId !== undefined,
    meta: { silent: true },
    ...CACHE.settings,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: connectionKeys.all });

  const save = useMutation({
    mutationFn: ({ body, id }: { body: Record<string, unknown>; id: string | undefined }) =>
      saveConnection(body, id),
    // The dialog shows why a save failed, next to the fields.
    meta: { silent: true },
    onSuccess: (id, { id: updated }) => {
      void refresh();
      if (updated) {
        toast.success('Connection updated successfully', { duration: TOAST_MS });
        onClose();
      } else {
        toast.success('Connection added successfully', { duration: TOAST_MS });
        onCreated(id);
      }
    },
  });
  const remove = useMutation({
    mutationFn: deleteConnection,
    onSuccess: () => {
      void refresh();
      toast.success('Connection deleted successfully', { duration: TOAST_MS });
      setConfirmDelete(false);
      onClose();
    },
  });
  // A stored connection as it is, or form values (a new connection, a stored one's edits) before saving.
  const test = useMutation({
    mutationFn: (what: { id: string } | { body: Record<string, unknown> }) =>
      'id' in what ? testConnection(what.id) : testUnsavedConnection(what.body),
    onSuccess: setOutcome,
  });

  const stored = detail.data;
  const def = stored ? connectionType(stored.type) : picked;
  const title = def
    ? `${storedId ? 'Edit' : 'Add'} ${def.title} Connection`
    : storedId
      ? 'Edit Connection'
      : 'Add Connection';

  const submitNew = (d: ConnectionTypeDef) => (values: ConnectionFormState) =>
    save.mutate({ body: connectionWriteBody(d, values), id: undefined });

  let body;
  if (storedId === undefined) {
    body = picked ? (
      <ConnectionForm
        key={picked.type}
        def={picked}
        initial={newConnectionForm(picked)}
        masked={NOTHING_MASKED}
        editing={false}
        saving={save.isPending}
        saveError={save.error}
        testing={test.isPending}
        onSubmit={submitNew(picked)}
        onTest={
          connectionTestRefusal(picked.type)
            ? undefined
            : (values) => test.mutate({ body: connectionWriteBody(picked, values) })
        }
        testRefusal={connectionTestRefusal(picked.type)}
        onBack={() => {
          save.reset();
          setPicked(undefined);
        }}
      />
    ) : (
      <TypePicker onPick={setPicked} />
    );
  } else if (detail.isPending) {
    body = <p className="py-6 text-center text-muted">Loading…</p>;
  } else if (detail.isError || !stored) {
    body = <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  } else if (!def) {
    body = <ErrorView error={new Error(`Unknown connection type ${stored.type}`)} />;
  } else {
    body = (
      <StoredConnectionForm
        def={def}
        row={stored}
        saving={save.isPending}
        saveError={save.error}
        testing={test.isPending}
        onSubmit={(body) => save.mutate({ body, id: stored.id })}
        onDelete={() => setConfirmDelete(true)}
        onTest={(body) => test.mutate(body ? { body: { ...body, id: stored.id } } : { id: stored.id })}
      />
    );
  }

  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={title} size="lg">
      <div className="flex flex-col gap-3">
        {stored ? <SpecNotices table="connections" id={stored.id} /> : null}
        {body}
        {save.isError && !fieldErrorOf(save.error) ? <ErrorView error={save.error} /> : null}
      </div>
      {stored ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Connection"
          description={`Delete connection '${stored.name}'? Checks, scrapers and notifications that use it will fail.`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          busy={remove.isPending}
          destructive
          onConfirm={() => remove.mutate(stored.id)}
        />
      ) : null}
      <TestResultDialog outcome={outcome} onClose={() => setOutcome(undefined)} />
    </Modal>
  );
}

function StoredConnectionForm({
  def,
  row,
  saving,
  saveError,
  testing,
  onSubmit,
  onDelete,
  onTest,
}: {
  def: ConnectionTypeDef;
  row: ConnectionDetail;
  saving: boolean;
  saveError: Error | null;
  testing: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  onDelete: () => void;
  /** The update body when the form was changed (its edits are tested), else nothing (the stored one is). */
  onTest: (changes: Record<string, unknown> | undefined) => void;
}) {
  const start = storedConnectionForm(def, row);
  // Types Opsdeck has no client for get no Test button, and the sentence saying so.
  const refusal = connectionTestRefusal(def.type);
  return (
    <ConnectionForm
      def={def}
      initial={start.values}
      masked={start.masked}
      editing
      saving={saving}
      saveError={saveError}
      testing={testing}
      onSubmit={(values) => onSubmit(connectionWriteBody(def, values, start))}
      onDelete={onDelete}
      onTest={
        refusal
          ? undefined
          : (values, changed) => onTest(changed ? connectionWriteBody(def, values, start) : undefined)
      }
      testRefusal={refusal}
    />
  );
}
