import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { JourneyStepNumber, StoredMilestone } from '@toolkit/domain';
import { buildTheme } from '@toolkit/ui';
import { App } from './App';
import { StagePage } from './StagePage';

// Jest ignores package.json "browser" fields; use the client build as the browser does.
jest.mock('styled-components', () =>
  jest.requireActual('styled-components/dist/styled-components.browser.cjs.js'),
);

function renderStage(step: JourneyStepNumber, stored?: readonly StoredMilestone[]) {
  return render(
    <ThemeProvider theme={buildTheme()}>
      <MemoryRouter initialEntries={[`/step${step}`]}>
        <StagePage step={step} stored={stored} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

function milestoneItems() {
  const section = screen.getByRole('region', { name: /^Milestones/ });
  return within(section).getAllByRole('listitem');
}

describe('StagePage', () => {
  it('shows stage 1 with its five milestones, sign-up done and the others not done', () => {
    renderStage(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Journey stage 1$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Initiator' })).toBeInTheDocument();

    const items = milestoneItems();
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('Sign up');
    expect(items[0]).toHaveTextContent(/Done$/);
    for (const item of items.slice(1)) expect(item).toHaveTextContent(/Not done$/);
    expect(within(items[1]!).getByRole('link', { name: 'Add your business details' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
  });

  it('reports 0% progress by default', () => {
    renderStage(1);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('0 of 3 key milestones · 0%')).toBeInTheDocument();
  });

  it('says stage 3 is locked and why', () => {
    renderStage(3);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Journey stage 3$/);
    expect(screen.getByText('This stage is locked.')).toBeInTheDocument();
    expect(screen.getByText(/Unlocks when you complete the previous stages\.$/)).toBeInTheDocument();
  });

  it('marks the current stage in the stepper', () => {
    renderStage(2);
    const nav = screen.getByRole('navigation', { name: 'Journey stages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/step1',
      '/step2',
      '/step3',
      '/step4',
      '/step5',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'step')).toEqual([links[1]]);
    expect(links[1]).toHaveTextContent('Explorer');
    expect(links[2]).toHaveTextContent('Unlocks when you complete the previous stages');
  });

  it('uses stored records: update-organisation completed is 33%', () => {
    renderStage(1, [{ id: 'update-organisation', completed: true }]);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText('1 of 3 key milestones · 33%')).toBeInTheDocument();
    expect(milestoneItems()[1]).toHaveTextContent(/Done$/);
  });
});

describe('App', () => {
  it('routes /step4 to the stage page', () => {
    render(
      <ThemeProvider theme={buildTheme()}>
        <MemoryRouter initialEntries={['/step4']}>
          <App />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Journey stage 4$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Innovator' })).toBeInTheDocument();
  });
});
