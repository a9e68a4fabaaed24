import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ContentClient } from '@toolkit/platform';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import type { ShellAuth } from '../auth/firebase-auth';
import type { ShellServices } from '../services';
import { TenantTheme } from '../tenant-theme';
import { Portal } from './portal';

/** A survey as the toolkit query answers it: its access and its look. */
const survey = (
  id: string,
  tenantId: string,
  requireAccount: boolean,
  primaryColor: string,
  logo: string,
) => ({
  id,
  tenantId,
  requireAccount,
  primaryColor,
  secondaryColor: '#f4d35e',
  tertiaryColor: '#eeeeee',
  quaternaryColor: '#dddddd',
  globalFont: null,
  textColor: '#111111',
  primaryLogo: { url: `/assets/${id}.svg`, title: logo, width: 240, height: 60 },
  secondaryLogo: null,
  mobileSecondaryLogo: null,
});

const TOOLKITS: Record<string, unknown> = {
  quickscan: {
    title: 'Sustainability Quickscan',
    publisher: 'Demo Publisher Business Network',
    assessment: survey('business-quickscan', 'demo-publisher', true, '#1f5f4a', 'Demo Publisher'),
    publicSurvey: survey('quickscan', 'demo-publisher', false, '#1f5f4a', 'Demo Publisher'),
  },
  coastal: {
    title: 'Coastal Green Business Check',
    publisher: 'Coastal Council',
    assessment: survey('coastal-check', 'coastal-council', true, '#0b5d7a', 'Coastal Council'),
    publicSurvey: null,
  },
};

/** The CMS answering the toolkit query (the edge the portal reads through); `asked` lists the toolkits asked for. */
function contentAnswering(fail = false) {
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

/** The portal at its address, in the shell's theme; `sent` lists the sign-in links asked for. */
function renderPortal(content: ContentClient, toolkitName?: string) {
  const sent: { email: string; continueUrl: string }[] = [];
  const auth = {
    sendSignInLink: async (email: string, continueUrl: string) => {
      sent.push({ email, continueUrl });
      return { success: true };
    },
  } as unknown as ShellAuth;
  const services = { content } as ShellServices;
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={[toolkitName ? `/flow/${toolkitName}` : '/']}>
      <TenantTheme services={services}>
        <Portal auth={auth} content={content} toolkitName={toolkitName} />
      </TenantTheme>
    </MemoryRouter>,
  );
  return { ...rendered, sent };
}

async function askForLink(email = 'ann@example.com') {
  await userEvent.type(screen.getByRole('textbox', { name: 'E-mail address' }), email);
  await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  await screen.findByText(`Check your inbox: we sent a sign-in link to ${email}.`);
}

describe('Portal', () => {
  it('starts its toolkit’s sign-up from the main button when its survey needs an account', async () => {
    const content = contentAnswering();
    const { sent } = renderPortal(content, 'coastal');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to the Coastal Green Business Check toolkit' }),
    ).toBeInTheDocument();
    // Opening the survey signed out would only lead back to a portal: the button leads to signing up.
    expect(screen.queryByRole('link', { name: 'Take the Quickscan' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take the Quickscan' }));
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveFocus();
    expect(
      screen.getByText(
        /Your organisation joins the Coastal Green Business Check toolkit, and its Quickscan opens/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/It is answered with an account: sign up below first/)).toBeInTheDocument();

    await askForLink();
    expect(sent).toEqual([
      { email: 'ann@example.com', continueUrl: 'http://localhost/complete-signup?toolkit=coastal' },
    ]);
    expect(content.asked).toEqual([{ name: 'coastal' }]);
  });

  it('wears its publisher’s look and names its publisher', async () => {
    const { store } = renderPortal(contentAnswering(), 'coastal');
    expect(await screen.findByText('Offered by Coastal Council')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take the Quickscan' })).toHaveStyle({
      backgroundColor: '#0b5d7a',
    });
    // The look is the page's alone: nothing of it is kept for the next page.
    expect(store.getState().tenant.branding).toBeNull();
  });

  it('opens a survey anyone may answer directly', async () => {
    renderPortal(contentAnswering(), 'quickscan');
    expect(await screen.findByRole('link', { name: 'Take the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/quickscan',
    );
    expect(screen.queryByText(/It is answered with an account/)).not.toBeInTheDocument();
  });

  it('offers the default toolkit’s public survey on the plain portal, in the product’s own look', async () => {
    const { sent } = renderPortal(contentAnswering());
    expect(await screen.findByRole('link', { name: 'Take the Quickscan' })).toHaveAttribute(
      'href',
      '/survey/demo-publisher/quickscan',
    );
    expect(
      screen.getByRole('heading', { name: 'Where does your business stand on sustainability?' }),
    ).toBeVisible();
    expect(screen.queryByText(/Offered by/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await askForLink();
    expect(sent[0]?.continueUrl).toBe('http://localhost/complete-signup');
  });

  it('says so for an unknown toolkit and signs the visitor up for the general Quickscan', async () => {
    const { sent } = renderPortal(contentAnswering(), 'no-such-kit');
    expect(await screen.findByText(/There is no toolkit called “no-such-kit”/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Take the Quickscan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take the Quickscan' })).not.toBeInTheDocument();
    await askForLink();
    expect(sent[0]?.continueUrl).toBe('http://localhost/complete-signup');
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
