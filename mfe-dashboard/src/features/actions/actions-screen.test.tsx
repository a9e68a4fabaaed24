import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api as dataApi } from '@toolkit/data';
import { API, type ActionsOverview, formatDate } from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard, TOOLKIT } from '../../testing/fake-api';

const action = (id: string, title: string, addressing: string[] = []) => ({
  id,
  title,
  summary: `Why ${title}`,
  topic: 'CLIMATE' as const,
  effort: 'LOW' as const,
  impact: 'HIGH' as const,
  academyArticles: [],
  addressing: addressing.map((questionId) => ({ questionId, title: `Question ${questionId}` })),
});

const OVERVIEW: ActionsOverview = {
  surveyId: 'business-quickscan',
  result: { resultId: 'r-2', userResultId: 'ur-2', completedAt: '2025-03-02T10:00:00.000Z' },
  actions: [
    action('track-energy-use', 'Track your energy use', ['energy-tracking']),
    action('switch-to-led', 'Replace lighting with LEDs', ['efficiency-measures']),
    action('buy-local', 'Buy more from local suppliers'),
  ],
  plan: [{ actionId: 'track-energy-use', status: 'doing', owner: 'Sam', dueDate: '2026-12-31' }],
  changes: [{ questionId: 'energy-tracking', title: 'How often do you track energy?', change: 'improved' }],
  customActions: [],
  customActionsIncluded: false,
};

/**
 * A server that keeps the plan and the organisation's own actions, so the screen's next read shows
 * each change; like the real one it lists only planned actions that exist.
 */
function setup(overview: ActionsOverview = OVERVIEW, role = 'owner') {
  const server = { plan: overview.plan, customActions: overview.customActions };
  const api = createFakeApi({
    [API.listActions]: () => {
      const ids = new Set([...overview.actions, ...server.customActions].map((entry) => entry.id));
      return {
        ...overview,
        customActions: server.customActions,
        plan: server.plan.filter((entry) => ids.has(entry.actionId)),
      };
    },
    [API.toggleActionPlan]: ({ actionId, selected }) => {
      const others = server.plan.filter((entry) => entry.actionId !== actionId);
      server.plan = selected ? [...others, { actionId, status: 'todo', owner: null, dueDate: null }] : others;
      return { actionPlans: server.plan.map((entry) => entry.actionId) };
    },
    [API.updatePlannedAction]: ({ actionId, status, owner, dueDate }) => {
      const entry = { actionId, status, owner: owner ?? null, dueDate: dueDate ?? null };
      server.plan = server.plan.map((planned) => (planned.actionId === actionId ? entry : planned));
      return { plan: server.plan };
    },
    [API.listMilestones]: () => ({ milestones: {} }),
  });
  const { store } = renderDashboard('/dashboard/actions', api, { claims: { role, tenantId: 'tenant-1' } });
  return { api, server, store, user: userEvent.setup() };
}

/** A plan entry's field as a screen reader meets it: its short label, within the action's group. */
const plannedField = async (title: string, label: string) =>
  within(await screen.findByRole('group', { name: title })).getByLabelText(label);

describe('Actions screen', () => {
  it('invites a first Quickscan when there is no completed result', async () => {
    setup({ ...OVERVIEW, result: null, plan: [], changes: [] });
    expect(await screen.findByRole('heading', { name: 'Complete the Quickscan first' })).toBeInTheDocument();
  });

  it('shows the plan with its progress, what changed and the suggestions with their reasons', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { name: 'Your plan' })).toBeInTheDocument();
    expect(api.callsTo(API.listActions)).toEqual([{ surveyId: 'business-quickscan' }]);
    expect(screen.getByRole('progressbar', { name: 'Plan progress' })).toHaveAttribute('value', '0');
    expect(screen.getByText(/0% done \(0 of 1\)/)).toBeInTheDocument();
    expect(await plannedField('Track your energy use', 'Status')).toHaveValue('doing');
    expect(screen.getByText('▲ Improved: How often do you track energy?')).toBeInTheDocument();
    const led = screen.getByRole('heading', { name: 'Replace lighting with LEDs' }).closest('li')!;
    expect(
      within(led).getByText(/Because of your answer to: Question efficiency-measures/),
    ).toBeInTheDocument();
    // Not suggested by the answers: not listed.
    expect(screen.queryByRole('heading', { name: 'Buy more from local suppliers' })).not.toBeInTheDocument();
  });

  it('labels each planned action’s fields Status, Owner and Due within a group named by the action', async () => {
    setup({
      ...OVERVIEW,
      plan: [...OVERVIEW.plan, { actionId: 'switch-to-led', status: 'todo', owner: 'Robin', dueDate: null }],
    });
    const energy = await screen.findByRole('group', { name: 'Track your energy use' });
    const led = screen.getByRole('group', { name: 'Replace lighting with LEDs' });
    expect(within(energy).getByRole('combobox', { name: 'Status' })).toHaveValue('doing');
    expect(within(energy).getByRole('textbox', { name: 'Owner' })).toHaveValue('Sam');
    expect(within(energy).getByLabelText('Due')).toHaveValue('2026-12-31');
    expect(within(led).getByRole('combobox', { name: 'Status' })).toHaveValue('todo');
    expect(within(led).getByRole('textbox', { name: 'Owner' })).toHaveValue('Robin');
    expect(within(led).getByLabelText('Due')).toHaveValue('');
  });

  it('adds a suggestion to the plan and saves an action as done', async () => {
    const { api, user } = setup();
    // Saved while it is the plan's only action, so it is the whole plan's progress.
    await user.selectOptions(await plannedField('Track your energy use', 'Status'), 'done');
    await user.click(
      within(screen.getAllByRole('heading', { name: 'Track your energy use' })[0]!.closest('li')!).getByRole(
        'button',
        { name: 'Save' },
      ),
    );
    expect(api.callsTo(API.updatePlannedAction)).toEqual([
      {
        userResultId: 'ur-2',
        actionId: 'track-energy-use',
        status: 'done',
        owner: 'Sam',
        dueDate: '2026-12-31',
      },
    ]);
    expect(await screen.findByText(/100% done \(1 of 1\)/)).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Add “Replace lighting with LEDs” to plan' }));
    expect(await plannedField('Replace lighting with LEDs', 'Status')).toHaveValue('todo');
    expect(api.callsTo(API.toggleActionPlan)).toEqual([
      { userResultId: 'ur-2', actionId: 'switch-to-led', selected: true },
    ]);
  });

  it('refuses an owner the server refuses, and saves nothing until it is one', async () => {
    const { api, user } = setup();
    const owner = await plannedField('Track your energy use', 'Owner');
    const item = owner.closest('li')!;
    await user.clear(owner);
    await user.click(owner);
    await user.paste('x'.repeat(101));
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(within(item).getByText('The owner must be at most 100 characters.')).toBeInTheDocument();
    expect(owner).toHaveAttribute('aria-invalid', 'true');
    await user.clear(owner);
    await user.paste('Sam\u0007');
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(within(item).getByText('The owner must not contain control characters.')).toBeInTheDocument();
    expect(api.callsTo(API.updatePlannedAction)).toEqual([]);

    await user.clear(owner);
    await user.type(owner, 'Robin');
    expect(owner).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    expect(api.callsTo(API.updatePlannedAction)).toEqual([
      {
        userResultId: 'ur-2',
        actionId: 'track-energy-use',
        status: 'doing',
        owner: 'Robin',
        dueDate: '2026-12-31',
      },
    ]);
  });

  it('says what failed when a change is refused and keeps the plan as it was', async () => {
    const { api, user } = setup();
    api.handlers.set(API.toggleActionPlan, () =>
      serverError('permission-denied', 'Changing the action plan needs the edit-insights permission.'),
    );
    await user.click(await screen.findByRole('button', { name: 'Add “Replace lighting with LEDs” to plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't add the action to your plan: your account no longer has permission to do this.",
    );
    expect(screen.queryByRole('group', { name: 'Replace lighting with LEDs' })).not.toBeInTheDocument();
  });

  it('shows a viewer the plan without controls to change it', async () => {
    setup(OVERVIEW, 'viewer');
    expect(
      await screen.findByText('Your role can read the plan; an owner, admin or editor can change it.'),
    ).toBeInTheDocument();
    expect(screen.getByText(`In progress · Sam · due ${formatDate('2026-12-31')}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to plan$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('links each suggestion to the Academy articles that help with it, by title', async () => {
    const withArticles: ActionsOverview = {
      ...OVERVIEW,
      actions: OVERVIEW.actions.map((entry) =>
        entry.id === 'switch-to-led'
          ? { ...entry, academyArticles: ['energy-efficiency-basics', 'unpublished-article'] }
          : entry,
      ),
    };
    const api = createFakeApi({
      [API.listActions]: () => withArticles,
      'content:Articles': () => ({
        articles: [{ slug: 'energy-efficiency-basics', title: 'Energy efficiency basics' }],
      }),
    });
    renderDashboard('/dashboard/actions', api, { claims: { role: 'owner', tenantId: 'tenant-1' } });
    const led = (await screen.findByRole('heading', { name: 'Replace lighting with LEDs' })).closest('li')!;
    expect(await within(led).findByRole('link', { name: 'Energy efficiency basics' })).toHaveAttribute(
      'href',
      '/dashboard/academy/energy-efficiency-basics',
    );
    // A slug the Academy does not list is not shown as a dead link.
    expect(within(led).getAllByRole('link')).toHaveLength(1);
  });

  it('after a status is saved, shows the server’s plan again and has the journey’s milestones asked again', async () => {
    const { api, store, user } = setup();
    // The journey shown elsewhere (the home screen's) reads the milestones meanwhile.
    store.dispatch(dataApi.endpoints.milestones.initiate());
    const status = await plannedField('Track your energy use', 'Status');
    await waitFor(() => expect(api.callsTo(API.listMilestones)).toHaveLength(1));
    await user.selectOptions(status, 'done');
    await user.click(within(status.closest('li')!).getByRole('button', { name: 'Save' }));
    // The progress is the server's plan asked again, not a copy the screen kept.
    expect(await screen.findByText(/100% done \(1 of 1\)/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Plan progress' })).toHaveAttribute('value', '100');
    expect(api.callsTo(API.listActions)).toHaveLength(2);
    await waitFor(() => expect(api.callsTo(API.listMilestones)).toHaveLength(2));
  });

  it('shows the server’s words beside the field it refused', async () => {
    const { api, user } = setup();
    api.handlers.set(API.updatePlannedAction, () => {
      throw new CallableError('invalid-argument', 'dueDate: the due date must be today or later', {
        hasServerMessage: true,
        details: { problems: { dueDate: 'must be today or later' } },
      });
    });
    const due = await plannedField('Track your energy use', 'Due');
    await user.clear(due);
    await user.type(due, '2020-01-01');
    await user.click(within(due.closest('li')!).getByRole('button', { name: 'Save' }));
    expect(
      await within(due.closest('li')!).findByText('The due date must be today or later.'),
    ).toBeInTheDocument();
    expect(due).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the profile and the toolkit once, however many parts of the screen need them', async () => {
    const api = createFakeApi({
      [API.listActions]: () => ({ ...OVERVIEW, result: null, plan: [], changes: [] }),
      'content:Toolkit': () => ({ toolkit: TOOLKIT }),
    });
    renderDashboard('/dashboard/actions', api);
    // The screen needs the toolkit's survey, and so does its link to the Quickscan.
    expect(await screen.findByRole('link', { name: 'Complete the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/business-quickscan',
    );
    expect(api.callsTo(API.getProfile)).toHaveLength(1);
    expect(api.callsTo('content:Toolkit')).toEqual([{ name: 'quickscan' }]);
  });

  describe('actions of the organisation’s own', () => {
    const BIKES = {
      id: 'custom-1',
      title: 'Bike to work week',
      summary: 'Lend bikes to the team.',
      topic: 'PEOPLE' as const,
      effort: 'LOW' as const,
      impact: 'MEDIUM' as const,
    };

    it('names the plan that brings them, and shows none to write on Free', async () => {
      setup();
      expect(
        await screen.findByText(/Actions you write yourself: part of the Leader plan, not yours/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Upgrade to Leader on Plans.' })).toHaveAttribute(
        'href',
        '/dashboard/plans',
      );
      expect(screen.queryByRole('form', { name: 'Write an action' })).not.toBeInTheDocument();
    });

    it('writes one, plans it beside the catalogue’s, changes it and deletes it', async () => {
      const saved: unknown[] = [];
      const { api, server, user } = setup({ ...OVERVIEW, customActionsIncluded: true });
      api.handlers.set(API.saveCustomAction, (data) => {
        const { actionId, ...fields } = data as typeof BIKES & { actionId: string | null };
        saved.push(data);
        server.customActions = actionId
          ? server.customActions.map((entry) => (entry.id === actionId ? { ...entry, ...fields } : entry))
          : [...server.customActions, { ...fields, id: 'custom-1' }];
        return { customActions: server.customActions };
      });
      api.handlers.set(API.deleteCustomAction, () => ({ customActions: (server.customActions = []) }));

      const form = await screen.findByRole('form', { name: 'Write an action' });
      await user.click(within(form).getByRole('button', { name: 'Add action' }));
      expect(within(form).getByText('Give the action a title of at least 3 characters.')).toBeInTheDocument();
      expect(saved).toEqual([]);

      await user.type(within(form).getByRole('textbox', { name: 'Title' }), BIKES.title);
      await user.type(within(form).getByRole('textbox', { name: 'What it involves' }), BIKES.summary);
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Topic' }), 'PEOPLE');
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Effort' }), 'LOW');
      await user.click(within(form).getByRole('button', { name: 'Add action' }));
      expect(await screen.findByRole('heading', { name: BIKES.title })).toBeInTheDocument();
      const { id: _id, ...written } = BIKES;
      expect(saved).toEqual([{ actionId: null, ...written }]);

      await user.click(screen.getByRole('button', { name: `Add “${BIKES.title}” to plan` }));
      expect(await plannedField(BIKES.title, 'Status')).toHaveValue('todo');
      expect(api.callsTo(API.toggleActionPlan)).toEqual([
        { userResultId: 'ur-2', actionId: 'custom-1', selected: true },
      ]);

      await user.click(screen.getByRole('button', { name: `Edit “${BIKES.title}”` }));
      const change = screen.getByRole('form', { name: 'Change the action' });
      await user.clear(within(change).getByRole('textbox', { name: 'Title' }));
      await user.type(within(change).getByRole('textbox', { name: 'Title' }), 'Bike to work month');
      await user.click(within(change).getByRole('button', { name: 'Save changes' }));
      expect(await screen.findAllByRole('heading', { name: 'Bike to work month' })).not.toHaveLength(0);
      expect(saved[1]).toMatchObject({ actionId: 'custom-1', title: 'Bike to work month' });

      await user.click(screen.getByRole('button', { name: 'Delete “Bike to work month”' }));
      expect(await screen.findByText('Write the steps the catalogue does not cover.')).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'Bike to work month' })).not.toBeInTheDocument();
    });

    it('shows the server’s words beside the field it refused, keeping what was typed', async () => {
      const { api, user } = setup({ ...OVERVIEW, customActionsIncluded: true });
      api.handlers.set(API.saveCustomAction, () => {
        throw new CallableError('invalid-argument', 'title: an action of yours has this title already', {
          hasServerMessage: true,
          details: { problems: { title: 'An action of yours has this title already.' } },
        });
      });
      const form = await screen.findByRole('form', { name: 'Write an action' });
      const title = within(form).getByRole('textbox', { name: 'Title' });
      await user.type(title, BIKES.title);
      await user.click(within(form).getByRole('button', { name: 'Add action' }));
      expect(await within(form).findByText('An action of yours has this title already.')).toBeInTheDocument();
      expect(title).toHaveAttribute('aria-invalid', 'true');
      expect(title).toHaveValue(BIKES.title);
    });

    it('keeps them read-only and planned after a downgrade, and says so', async () => {
      setup({
        ...OVERVIEW,
        customActions: [BIKES],
        plan: [...OVERVIEW.plan, { actionId: 'custom-1', status: 'todo', owner: null, dueDate: null }],
      });
      expect(
        await screen.findByText(/Your actions are kept and stay in your plan; they cannot be changed./),
      ).toBeInTheDocument();
      expect(await plannedField(BIKES.title, 'Status')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Edit “${BIKES.title}”` })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: `Delete “${BIKES.title}”` })).not.toBeInTheDocument();
    });
  });
});
