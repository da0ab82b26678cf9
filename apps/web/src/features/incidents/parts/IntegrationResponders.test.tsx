import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ResponderTypeForm } from './ResponderTypeForm.js';
import { serve } from './test/fixtures.js';

const LOOKUP = '/api/incidents/responder-instances';
const options = (...pairs: [string, string][]) => ({
  options: pairs.map(([value, label]) => ({ value, label })),
});

function jiraRoutes(instances: { id: string; name: string }[], selected: string | null) {
  return {
    [`GET ${LOOKUP}`]: () => ({
      instances: instances.map((i) => ({ ...i, namespace: 'default' })),
      selected,
    }),
    [`GET ${LOOKUP}/c-cloud/projects`]: () => options(['OPS', 'Operations (OPS)'], ['PAY', 'Payments (PAY)']),
    [`GET ${LOOKUP}/c-onprem/projects`]: () => options(['LEG', 'Legacy (LEG)']),
    [`GET ${LOOKUP}/c-cloud/issue-types`]: (req: FakeRequest) =>
      req.url.searchParams.get('project') === 'OPS'
        ? options(['Bug', 'Bug'], ['Task', 'Task'])
        : options(['Incident', 'Incident']),
    [`GET ${LOOKUP}/c-cloud/priorities`]: () => options(['High', 'High'], ['Low', 'Low']),
    [`GET ${LOOKUP}/c-onprem/priorities`]: () => options(['P1', 'P1']),
  };
}

function renderForm(type: 'jira' | 'ms_planner', onSave = vi.fn()) {
  renderWithApp(
    <ResponderTypeForm
      type={type}
      teamId="t1"
      defaults={{}}
      saving={false}
      onBack={vi.fn()}
      onSave={onSave}
    />,
  );
  return { form: screen.getByRole('form', { name: 'Save Team Responder' }), onSave };
}

describe('Jira and Microsoft Planner responder forms', () => {
  it("Jira: starts on the team's instance, looks projects, issue types and priorities up, clears what depended on a change", async () => {
    const server = serve(
      ['admin'],
      jiraRoutes(
        [
          { id: 'c-cloud', name: 'jira-cloud' },
          { id: 'c-onprem', name: 'jira-onprem' },
        ],
        'c-cloud',
      ),
    );
    const user = userEvent.setup();
    const { form, onSave } = renderForm('jira');
    const instance = within(form).getByRole('combobox', { name: 'Instance' });
    await waitFor(() => expect(instance).toHaveValue('c-cloud'));
    expect(server.requests.find((r) => r.url.pathname === LOOKUP)?.url.search).toBe('?kind=jira&team_id=t1');

    const project = within(form).getByRole('combobox', { name: 'Project' });
    await within(project).findByRole('option', { name: 'Operations (OPS)' });
    await user.selectOptions(project, 'OPS');
    const issueType = within(form).getByRole('combobox', { name: 'Issue Type' });
    await within(issueType).findByRole('option', { name: 'Task' });
    await user.selectOptions(issueType, 'Task');
    const priority = within(form).getByRole('combobox', { name: 'Priority' });
    await within(priority).findByRole('option', { name: 'High' });
    await user.selectOptions(priority, 'High');

    // Another project clears the issue type and offers that project's types.
    await user.selectOptions(project, 'PAY');
    expect(issueType).toHaveValue('');
    await within(issueType).findByRole('option', { name: 'Incident' });
    expect(within(issueType).queryByRole('option', { name: 'Task' })).toBeNull();

    // Another instance clears project and issue type and offers its own projects.
    await user.selectOptions(instance, 'c-onprem');
    expect(project).toHaveValue('');
    expect(issueType).toHaveValue('');
    await within(project).findByRole('option', { name: 'Legacy (LEG)' });
    expect(within(project).queryByRole('option', { name: 'Operations (OPS)' })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findAllByText('Please provide valid value')).toHaveLength(4);
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(instance, 'c-cloud');
    await within(project).findByRole('option', { name: 'Operations (OPS)' });
    await user.selectOptions(project, 'OPS');
    await within(issueType).findByRole('option', { name: 'Bug' });
    await user.selectOptions(issueType, 'Bug');
    await within(priority).findByRole('option', { name: 'Low' });
    await user.selectOptions(priority, 'Low');
    await user.type(within(form).getByLabelText(/^Summary/), 'Checkout down');
    await user.type(within(form).getByLabelText(/^Description/), 'See the incident');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        instance: 'c-cloud',
        project: 'OPS',
        issueType: 'Bug',
        priority: 'Low',
        summary: 'Checkout down',
        description: 'See the incident',
      }),
    );
  });

  it('Jira: the only instance is chosen by itself; a lookup the instance refuses shows its reason', async () => {
    serve(['admin'], {
      ...jiraRoutes([{ id: 'c-cloud', name: 'jira-cloud' }], 'c-cloud'),
      [`GET ${LOOKUP}/c-cloud/projects`]: () =>
        json({ error: 'jira-cloud: http://127.0.0.1 answered 401' }, { status: 502 }),
    });
    const { form } = renderForm('jira');
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Instance' })).toHaveValue('c-cloud'),
    );
    expect(await within(form).findByText('jira-cloud: http://127.0.0.1 answered 401')).toBeInTheDocument();
  });

  it('Planner: plans of the instance, buckets of the plan; another plan clears the bucket', async () => {
    serve(['admin'], {
      [`GET ${LOOKUP}`]: () => ({
        instances: [{ id: 'c-graph', name: 'planner', namespace: 'default' }],
        selected: 'c-graph',
      }),
      [`GET ${LOOKUP}/c-graph/plans`]: () =>
        options(['plan-ops', 'Operations board'], ['plan-pay', 'Payments board']),
      [`GET ${LOOKUP}/c-graph/buckets`]: (req: FakeRequest) =>
        req.url.searchParams.get('plan') === 'plan-ops'
          ? options(['b-todo', 'To do'], ['b-doing', 'In progress'])
          : options(['b-triage', 'Triage']),
    });
    const user = userEvent.setup();
    const { form, onSave } = renderForm('ms_planner');
    const plan = within(form).getByRole('combobox', { name: 'Plan' });
    await within(plan).findByRole('option', { name: 'Operations board' });
    await user.selectOptions(plan, 'plan-ops');
    const bucket = within(form).getByRole('combobox', { name: 'Bucket' });
    await within(bucket).findByRole('option', { name: 'In progress' });
    await user.selectOptions(bucket, 'b-doing');
    await user.selectOptions(plan, 'plan-pay');
    expect(bucket).toHaveValue('');
    await within(bucket).findByRole('option', { name: 'Triage' });
    await user.selectOptions(bucket, 'b-triage');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Priority' }), 'Urgent');
    await user.type(within(form).getByLabelText(/^Title/), 'Refunds failing');
    await user.type(within(form).getByLabelText(/^Description/), 'See the incident');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        instance: 'c-graph',
        plan_id: 'plan-pay',
        bucket_id: 'b-triage',
        priority: '1',
        title: 'Refunds failing',
        description: 'See the incident',
      }),
    );
  });
});
