import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type DeclarationOverview } from '@toolkit/domain';
import { createFakeApi, OWNER_PROFILE, renderDashboard } from './testing/fake-api';
import { result, SCORE } from './testing/results';

const DECLARATION: DeclarationOverview = {
  declaration: { surveyId: 'business-quickscan', title: 'Our declaration', text: 'We declare.', outro: null },
  credential: null,
  canSign: true,
};

/** An organisation stored before sign-up asked for its name. */
function unnamed(name = '') {
  return createFakeApi({
    [API.getProfile]: () => ({
      status: 'ok',
      profile: { ...OWNER_PROFILE, organization: { name } },
      tenant: { id: 'tenant-1', createdBy: 'owner-1', getStarted: true, toolkit: 'quickscan' },
    }),
    [API.getDeclaration]: () => DECLARATION,
    [API.listLatestResults]: () => ({
      results: [result({ isCompleted: true, completedAt: '2025-03-02T10:00:00.000Z', score: SCORE })],
    }),
    [API.getBenchmark]: () => ({
      surveyId: 'business-quickscan',
      history: [],
      benchmark: { status: 'too-few', organisations: 3, needed: 10 },
      priorities: [],
    }),
    [API.listMilestones]: () => ({ milestones: {} }),
  });
}

describe('a step that needs the organisation’s name', () => {
  it.each([
    [
      '/dashboard/declaration',
      'Your declaration is signed in your organisation’s name, so add it here first.',
    ],
    [
      '/dashboard/reports',
      'Your reports and their file names carry your organisation’s name, so add it here first.',
    ],
  ])('%s takes an owner to the name field on Profile, saying why', async (path, why) => {
    renderDashboard(path, unnamed());
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const field = await screen.findByRole('textbox', { name: 'Organisation name' });
    expect(field).toHaveFocus();
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(screen.getByText(why).closest('[role="status"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(why)).not.toBeInTheDocument();
  });

  it('is opened as it is once the organisation has a name', async () => {
    renderDashboard('/dashboard/declaration', unnamed('Harbour Bakery'));
    expect(await screen.findByRole('heading', { name: 'Our declaration' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Declaration' })).toBeInTheDocument();
  });

  it('leaves someone who may not name the organisation where they are', async () => {
    renderDashboard('/dashboard/reports', unnamed(), { claims: { role: 'viewer', tenantId: 'tenant-1' } });
    expect(await screen.findByRole('button', { name: 'Download PDF report' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
  });
});
