import { act, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { useTheme } from 'styled-components';
import { API } from '@toolkit/domain';
import { CallableError, type ContentClient } from '@toolkit/platform';
import { createFakeBackend, deferred, type FakeBackend } from '@toolkit/platform/testing';
import { createAppStore, tenantResolved, type AuthState } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { defaultTheme } from '@toolkit/ui';
import type { ShellServices } from './services';
import { brandSourceOf, TenantTheme } from './tenant-theme';

const COASTAL_BLUE = '#0b5d7a';

/** A survey as the toolkit query answers it, in the given colour. */
const survey = (id: string, tenantId: string, primaryColor: string, requireAccount: boolean) => ({
  id,
  tenantId,
  requireAccount,
  primaryColor,
  secondaryColor: '#f4d35e',
  tertiaryColor: '#eeeeee',
  quaternaryColor: '#dddddd',
  globalFont: null,
  textColor: '#111111',
  primaryLogo: { url: `/assets/${tenantId}.svg`, title: tenantId, width: 240, height: 60 },
  secondaryLogo: null,
  mobileSecondaryLogo: null,
});

const TOOLKITS: Record<string, unknown> = {
  coastal: {
    title: 'Coastal Green Business Check',
    publisher: 'Coastal Council',
    assessment: survey('coastal-check', 'coastal-council', COASTAL_BLUE, true),
    publicSurvey: null,
  },
};

/** The CMS (the edge the shell reads toolkits through); `asked` lists the toolkits asked for. */
function cms() {
  const asked: string[] = [];
  const content = {
    request: async (_query: string, variables?: { name: string }) => {
      asked.push(variables?.name ?? '');
      return { toolkit: TOOLKITS[variables?.name ?? ''] ?? null };
    },
  } as unknown as ContentClient;
  return { content, asked };
}

const member = (tenantId: string): AuthState => ({
  status: 'signedIn',
  user: {
    uid: 'u1',
    email: 'ann@example.com',
    displayName: null,
    emailVerified: true,
    isAnonymous: false,
    tenantId: null,
  },
  claims: { role: 'owner', tenantId },
  error: null,
  settled: true,
});

/** The organisation as the server has it: signed up through `toolkit`. */
const profileWith = (toolkit: string | null) =>
  createFakeBackend({
    [API.getProfile]: () => ({
      status: 'ok' as const,
      profile: null,
      tenant: { id: 't1', createdBy: 'u1', getStarted: true, toolkit },
    }),
  });

function Probe() {
  const theme = useTheme();
  const navigate = useNavigate();
  return (
    <>
      <p>primary {theme.colors.primary}</p>
      <p>font {theme.fonts.body}</p>
      <button onClick={() => void navigate('/')}>To the plain portal</button>
    </>
  );
}

function renderAt(
  path: string,
  {
    auth,
    callable = createFakeBackend({}),
    content = cms().content,
  }: { auth?: AuthState; callable?: FakeBackend; content?: ContentClient } = {},
) {
  const store = createAppStore({ storage: null, preloadedState: auth ? { auth } : undefined });
  // A look an earlier survey left in the store, as this browser would have kept it.
  store.dispatch(tenantResolved({ tenantId: 'demo-publisher', branding: { primaryColor: '#1f5f4a' } }));
  const services = { content, callable } as unknown as ShellServices;
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <TenantTheme services={services}>
        <Probe />
      </TenantTheme>
    </MemoryRouter>,
    { store },
  );
  return { store, callable };
}

const product = `primary ${defaultTheme.colors.primary}`;

describe('brandSourceOf', () => {
  const at = (path: string, tenant: string | null = null) => brandSourceOf(`http://localhost${path}`, tenant);

  it.each([
    ['/survey/coastal-council/coastal-check', null, { of: 'survey', tenantId: 'coastal-council' }],
    ['/survey/coastal-council/coastal-check/section/1', 't1', { of: 'survey', tenantId: 'coastal-council' }],
    ['/flow/coastal', null, { of: 'toolkit', name: 'coastal' }],
    ['/complete-signup?toolkit=coastal&oobCode=x', null, { of: 'toolkit', name: 'coastal' }],
    ['/complete-signup?oobCode=x', null, { of: 'product' }],
    ['/', null, { of: 'product' }],
    ['/signup', null, { of: 'product' }],
    ['/dashboard', 't1', { of: 'organisation', tenantId: 't1' }],
    ['/step1', 't1', { of: 'organisation', tenantId: 't1' }],
    ['/dashboard/plans', 't1', { of: 'organisation', tenantId: 't1' }],
    ['/verify', null, { of: 'product' }],
  ])('%s (member of %s) wears %j', (path, tenant, source) => {
    expect(at(path, tenant)).toEqual(source);
  });
});

describe('TenantTheme', () => {
  it('gives a toolkit’s portal the toolkit’s look, and the plain portal the product’s after it', async () => {
    renderAt('/flow/coastal');
    expect(await screen.findByText(`primary ${COASTAL_BLUE}`)).toBeInTheDocument();
    await act(() => screen.getByRole('button', { name: 'To the plain portal' }).click());
    expect(screen.getByText(product)).toBeInTheDocument();
  });

  it('never shows a look an earlier page left in this browser on a page of the product', () => {
    renderAt('/');
    expect(screen.getByText(product)).toBeInTheDocument();
  });

  it('shows a survey in the look its definition gave its tenant', () => {
    renderAt('/survey/demo-publisher/quickscan');
    expect(screen.getByText('primary #1f5f4a')).toBeInTheDocument();
  });

  it('does not lend a kept look to a survey of another tenant', () => {
    renderAt('/survey/coastal-council/coastal-check');
    expect(screen.getByText(product)).toBeInTheDocument();
  });

  it('gives an organisation’s screens the look of the toolkit it signed up through, as the server has it', async () => {
    const { callable } = renderAt('/dashboard', { auth: member('t1'), callable: profileWith('coastal') });
    expect(await screen.findByText(`primary ${COASTAL_BLUE}`)).toBeInTheDocument();
    expect(callable.calls).toEqual([expect.objectContaining({ name: API.getProfile })]);
  });

  it('gives an organisation that signed up through no toolkit the product’s look', async () => {
    const { content, asked } = cms();
    const { callable } = renderAt('/dashboard', { auth: member('t1'), callable: profileWith(null), content });
    await act(async () => {
      await Promise.resolve();
    });
    expect(callable.callsTo(API.getProfile)).toHaveLength(1);
    expect(asked).toEqual([]);
    expect(screen.getByText(product)).toBeInTheDocument();
  });

  it('shows the product’s look when the organisation cannot be read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const callable = profileWith('coastal');
    callable.fail(API.getProfile, new CallableError('unavailable', 'The service is busy.'));
    renderAt('/dashboard', { auth: member('t1'), callable });
    await act(async () => {
      await Promise.resolve();
    });
    expect(warn).toHaveBeenCalled();
    expect(screen.getByText(product)).toBeInTheDocument();
    warn.mockRestore();
  });

  describe('from the last visit on this device', () => {
    const SAND = '#8a5a00';
    const keep = (key: string, value: string) => window.localStorage.setItem(`toolkit:brand:${key}`, value);
    afterEach(() => window.localStorage.clear());

    it('wears the organisation’s kept look from the first paint, before the server answers', async () => {
      keep('organisation:t1', JSON.stringify({ primaryColor: COASTAL_BLUE, font: 'Inter' }));
      const held = deferred<void>();
      const callable = profileWith('coastal');
      callable.gate(API.getProfile, held.promise);
      renderAt('/dashboard', { auth: member('t1'), callable });
      expect(screen.getByText(`primary ${COASTAL_BLUE}`)).toBeInTheDocument();
      expect(screen.getByText(/^font "Inter", /)).toBeInTheDocument();
      await act(async () => held.resolve());
      expect(screen.getByText(`primary ${COASTAL_BLUE}`)).toBeInTheDocument();
    });

    it('replaces a stale kept look with the server’s, and keeps that one for the next visit', async () => {
      keep('organisation:t1', JSON.stringify({ primaryColor: SAND }));
      renderAt('/dashboard', { auth: member('t1'), callable: profileWith('coastal') });
      expect(screen.getByText(`primary ${SAND}`)).toBeInTheDocument();
      expect(await screen.findByText(`primary ${COASTAL_BLUE}`)).toBeInTheDocument();
      expect(JSON.parse(window.localStorage.getItem('toolkit:brand:organisation:t1')!)).toMatchObject({
        primaryColor: COASTAL_BLUE,
      });
    });

    it('keeps the brand read for a first visit, so the next one starts in it', async () => {
      renderAt('/dashboard', { auth: member('t1'), callable: profileWith('coastal') });
      expect(screen.getByText(product)).toBeInTheDocument();
      expect(await screen.findByText(`primary ${COASTAL_BLUE}`)).toBeInTheDocument();
      expect(window.localStorage.getItem('toolkit:brand:organisation:t1')).toContain(COASTAL_BLUE);
    });

    it('does not lend one organisation’s kept look to another’s screens', () => {
      keep('organisation:t2', JSON.stringify({ primaryColor: SAND }));
      const callable = profileWith('coastal');
      callable.gate(API.getProfile, new Promise(() => undefined));
      renderAt('/dashboard', { auth: member('t1'), callable });
      expect(screen.getByText(product)).toBeInTheDocument();
    });

    it('drops the kept look once the server says the organisation has no toolkit', async () => {
      keep('organisation:t1', JSON.stringify({ primaryColor: SAND }));
      renderAt('/dashboard', { auth: member('t1'), callable: profileWith(null) });
      expect(await screen.findByText(product)).toBeInTheDocument();
      expect(window.localStorage.getItem('toolkit:brand:organisation:t1')).toBe('null');
    });

    it.each([['not json'], ['[1,2]'], ['"#8a5a00"']])(
      'ignores a kept value that is no brand (%s)',
      (value) => {
        keep('organisation:t1', value);
        const callable = profileWith('coastal');
        callable.gate(API.getProfile, new Promise(() => undefined));
        renderAt('/dashboard', { auth: member('t1'), callable });
        expect(screen.getByText(product)).toBeInTheDocument();
      },
    );
  });
});
