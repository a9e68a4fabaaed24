import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { ContentClient } from '@toolkit/platform';
import { buildTheme } from '@toolkit/ui';
import type { ShellAuth } from '../auth/firebase-auth';
import { Portal } from './portal';

const TOOLKITS: Record<string, unknown> = {
  quickscan: {
    name: 'quickscan',
    title: 'Sustainability Quickscan',
    tenantId: 'demo-publisher',
    assessment: { id: 'business-quickscan', title: 'Business Quickscan', tenantId: 'demo-publisher' },
    teamSurvey: null,
    publicSurvey: { id: 'quickscan', title: 'Quickscan', tenantId: 'demo-publisher' },
  },
  coastal: {
    name: 'coastal',
    title: 'Coastal Green Business Check',
    tenantId: 'coastal-council',
    assessment: { id: 'coastal-check', title: 'Coastal Green Business Check', tenantId: 'coastal-council' },
    teamSurvey: null,
    publicSurvey: null,
  },
};

/** The CMS answering the toolkit query (the edge the portal reads through). */
function contentAnswering(fail = false): ContentClient & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    request: async <T,>(_query: string, variables?: unknown) => {
      asked.push(variables);
      if (fail) throw new Error('Could not receive the data from content service!');
      return { toolkit: TOOLKITS[(variables as { name: string }).name] ?? null } as T;
    },
  } as ContentClient & { asked: unknown[] };
}

function renderPortal(content: ContentClient, toolkitName?: string) {
  const auth = { sendSignInLink: async () => ({ success: true }) } as unknown as ShellAuth;
  render(
    <ThemeProvider theme={buildTheme()}>
      <MemoryRouter>
        <Portal auth={auth} content={content} toolkitName={toolkitName} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('Portal', () => {
  it('presents the toolkit of its address: its title and its survey', async () => {
    const content = contentAnswering();
    renderPortal(content, 'coastal');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the Coastal Green Business Check toolkit' }),
    ).toBeInTheDocument();
    // No survey anyone may answer: the link goes to the assessment.
    expect(screen.getByRole('link', { name: 'Take the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/coastal-council/coastal-check',
    );
    expect(content.asked).toEqual([{ name: 'coastal' }]);
  });

  it('offers the default toolkit’s public survey on the plain portal', async () => {
    renderPortal(contentAnswering());
    expect(await screen.findByRole('link', { name: 'Take the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/quickscan',
    );
    expect(
      screen.getByRole('heading', { name: 'Where does your business stand on sustainability?' }),
    ).toBeVisible();
  });

  it('says so for an unknown toolkit and still lets the visitor sign up', async () => {
    renderPortal(contentAnswering(), 'no-such-kit');
    expect(await screen.findByText(/There is no toolkit called “no-such-kit”/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take the Quickscan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  });

  it('says when the CMS cannot be reached', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPortal(contentAnswering(true), 'coastal');
    expect(
      await screen.findByText('The Quickscan cannot be opened just now. Please try again later.'),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('The toolkit "coastal" could not be loaded.', expect.any(Error));
    warn.mockRestore();
  });
});
