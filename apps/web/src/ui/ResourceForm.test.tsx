import { useMutation } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../api/errors.js';
import { renderWithApp } from '../test/render.js';
import { FormField } from './FormField.js';
import { ResourceForm } from './ResourceForm.js';

type Values = { name: string; namespace: string };

/** A resource form whose save fails the way the data API answers a taken name. */
function TakenNameForm({ answer }: { answer: HttpError }) {
  const form = useForm<Values>({ defaultValues: { name: 'web', namespace: 'shop' } });
  const save = useMutation<string, Error, Values>({
    mutationFn: () => Promise.reject(answer),
    meta: { silent: true },
  });
  const remove = useMutation<unknown, Error, void>({ mutationFn: async () => undefined });
  const errors = form.formState.errors;
  return (
    <ResourceForm
      label="Health check"
      resourceName="Health Check"
      editing={false}
      canWrite
      deleteQuestion="Delete?"
      form={form}
      mutations={{ save, remove }}
    >
      <FormField label="Name" error={errors.name?.message}>
        <input className="input" {...form.register('name')} />
      </FormField>
      <FormField label="Namespace" error={errors.namespace?.message}>
        <input className="input" {...form.register('namespace')} />
      </FormField>
    </ResourceForm>
  );
}

const TAKEN = 'a health check named "web" already exists in namespace "shop"';

describe('a resource form whose save the server refuses', () => {
  it('shows a taken name next to the fields the server names, not as a toast or a box below', async () => {
    const answer = new HttpError(TAKEN, 409, {
      code: '23505',
      message: TAKEN,
      fields: ['namespace', 'name'],
    });
    renderWithApp(<TakenNameForm answer={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByText('Name').closest('label') as HTMLElement;
    expect(await within(name).findByRole('alert')).toHaveTextContent(TAKEN);
    const namespace = screen.getByText('Namespace').closest('label') as HTMLElement;
    expect(within(namespace).getByRole('alert')).toHaveTextContent(TAKEN);
    expect(screen.getAllByText(TAKEN)).toHaveLength(2);
  });

  it('shows a refusal about no field of the form below the fields', async () => {
    const answer = new HttpError('spec.http.0.url: not a url', 400, {
      message: 'spec.http.0.url: not a url',
    });
    renderWithApp(<TakenNameForm answer={answer} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('spec.http.0.url: not a url')).toBeInTheDocument();
  });
});
