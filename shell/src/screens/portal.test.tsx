import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ThemeProvider } from 'styled-components';
import type { ContentClient } from '@toolkit/platform';
import { renderWithProviders } from '@toolkit/store-contract/testing';
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
    publisher: 'Coastal Council',
    tenantId: 'coastal-council',
    assessment: { id: 'coastal-check', title: 'Coastal Green Business Check', tenantId: 'coastal-council' },
    teamSurvey: null,
    publicSurvey: null,
  },
};

/** The coastal check's definition, as far as its look and access go. */
const COASTAL_CHECK = {
  id: 'coastal-check',
  tenantId: 'coastal-council',
  requireAccount: true,
  primaryColor: '#0b5d7a',
  primaryLogo: { url: '/assets/logo-coastal.svg', title: 'Coastal Council', width: 240, height: 60 },
};

/**
 * The CMS answering the toolkit query (the edge the portal reads through); `asked` lists the
 * toolkits asked for, `surveysAsked` the survey definitions.
 */
function contentAnswering(fail = false) {
  const asked: unknown[] = [];
  const surveysAsked: unknown[] = [];
  return {
    asked,
    surveysAsked,
    request: async <T,>(query: string, variables?: unknown) => {
      const isToolkit = /\btoolkit\(/.test(query);
      (isToolkit ? asked : surveysAsked).push(variables);
      if (fail) throw new Error('Could not receive the data from content service!');
      if (!isToolkit) {
        const { id } = variables as { id: string };
        return { survey: id === COASTAL_CHECK.id ? COASTAL_CHECK : null } as T;
      }
      return { toolkit: TOOLKITS[(variables as { name: string }).name] ?? null } as T;
    },
  } as ContentClient & { asked: unknown[]; surveysAsked: unknown[] };
}

function renderPortal(content: ContentClient, toolkitName?: string) {
  const auth = { sendSignInLink: async () => ({ success: true }) } as unknown as ShellAuth;
  return renderWithProviders(
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

  it('wears its publisher’s look, names its publisher and says when its survey needs an account', async () => {
    const content = contentAnswering();
    const { store } = renderPortal(content, 'coastal');
    expect(await screen.findByText('Offered by Coastal Council')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Coastal Council' })).toHaveAttribute(
      'src',
      '/assets/logo-coastal.svg',
    );
    expect(screen.getByRole('link', { name: 'Take the Quickscan' })).toHaveStyle({
      backgroundColor: '#0b5d7a',
    });
    expect(content.surveysAsked).toEqual([{ id: 'coastal-check' }]);
    expect(
      await screen.findByText(/It is answered with an account: sign up below first/),
    ).toBeInTheDocument();
    // The look is the portal's alone: the stored tenant look (kept into sign-up) is untouched.
    expect(store.getState().tenant.branding).toBeNull();
  });

  it('offers the default toolkit’s public survey on the plain portal', async () => {
    const content = contentAnswering();
    const { store } = renderPortal(content);
    expect(await screen.findByRole('link', { name: 'Take the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/quickscan',
    );
    expect(
      screen.getByRole('heading', { name: 'Where does your business stand on sustainability?' }),
    ).toBeVisible();
    // The product's own portal: no publisher's name or look.
    expect(screen.queryByText(/Offered by/)).not.toBeInTheDocument();
    expect(content.surveysAsked).toEqual([]);
    expect(store.getState().tenant.branding).toBeNull();
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
