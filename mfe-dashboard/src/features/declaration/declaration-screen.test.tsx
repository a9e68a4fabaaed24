import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api as dataApi } from '@toolkit/data';
import { API, type DeclarationOverview, type OrganisationCredential } from '@toolkit/domain';
import { serverError } from '@toolkit/platform/testing';
import { createFakeApi, renderDashboard } from '../../testing/fake-api';

const DECLARATION = {
  surveyId: 'business-quickscan',
  title: 'Sustainability Quickscan declaration',
  text: 'On behalf of our business, we declare.\n\nWe commit to acting on our priorities.',
  outro: 'Thank you for signing.',
};

const CREDENTIAL: OrganisationCredential = {
  id: 'cred-1',
  token: 'header.payload.signature',
  url: 'http://localhost:3000/verify#header.payload.signature',
  organisation: 'Harbour Bakery',
  stage: 'Explorer',
  declaration: DECLARATION.title,
  signedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2027-11-20T10:00:00.000Z',
  signedBy: { name: 'Ana Silva', email: 'ana@example.com' },
  revokedAt: null,
  verification: null,
};

/** A server that keeps what signing and revoking change, so the screen's next read shows it. */
function setup(overview: Partial<DeclarationOverview> = {}, role = 'owner') {
  let stored: DeclarationOverview = {
    declaration: DECLARATION,
    credential: null,
    canSign: true,
    ...overview,
  };
  const api = createFakeApi({
    [API.getDeclaration]: () => stored,
    [API.signDeclaration]: () => (stored = { ...stored, credential: CREDENTIAL }),
    [API.revokeCredential]: () =>
      (stored = { ...stored, credential: { ...CREDENTIAL, revokedAt: '2026-11-21T09:00:00.000Z' } }),
    [API.openCredential]: () => ({ status: 'ok' }),
    [API.listMilestones]: () => ({ milestones: {} }),
  });
  const { store } = renderDashboard('/dashboard/declaration', api, {
    claims: { role, tenantId: 'tenant-1' },
  });
  return { api, store, user: userEvent.setup() };
}

describe('Declaration screen', () => {
  it('shows the declaration from the CMS, paragraph by paragraph, before anyone signed', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: DECLARATION.title })).toBeInTheDocument();
    expect(screen.getByText('On behalf of our business, we declare.')).toBeInTheDocument();
    expect(screen.getByText('We commit to acting on our priorities.')).toBeInTheDocument();
    // The outro thanks a signer: not shown before signing.
    expect(screen.queryByText('Thank you for signing.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your declaration credential' })).not.toBeInTheDocument();
  });

  it('asks the signer to confirm, then signs and shows the credential with its QR code', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign the declaration' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick the box to confirm');
    expect(api.callsTo(API.signDeclaration)).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /may sign it for my organisation/ }));
    await user.click(screen.getByRole('button', { name: 'Sign the declaration' }));
    expect(await screen.findByRole('heading', { name: 'Your declaration credential' })).toBeInTheDocument();
    expect(api.callsTo(API.signDeclaration)).toEqual([{ surveyId: 'business-quickscan' }]);
    expect(screen.getByText('Thank you for signing.')).toBeInTheDocument();
    expect(screen.getByText(/Signed for Harbour Bakery by Ana Silva/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the credential' })).toHaveAttribute('href', CREDENTIAL.url);
    expect(screen.getByRole('textbox', { name: 'Credential link' })).toHaveValue(CREDENTIAL.url);
    const qr = await screen.findByRole('img', { name: "QR code of the credential's link" });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('button', { name: 'Sign again for a new credential' })).toBeInTheDocument();
  });

  it('shows the signed declaration and refreshes the journey’s milestones without a reload', async () => {
    const { api, store, user } = setup();
    // The journey shown elsewhere (the home screen's) reads the milestones meanwhile.
    store.dispatch(dataApi.endpoints.milestones.initiate());
    await user.click(await screen.findByRole('checkbox', { name: /may sign it for my organisation/ }));
    await waitFor(() => expect(api.callsTo(API.listMilestones)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Sign the declaration' }));
    expect(await screen.findByRole('heading', { name: 'Your declaration credential' })).toBeInTheDocument();
    // What the server now holds was asked again: the declaration and the sign-declaration milestone.
    expect(api.callsTo(API.getDeclaration)).toHaveLength(2);
    await waitFor(() => expect(api.callsTo(API.listMilestones)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Sign again for a new credential' })).toBeInTheDocument();
  });

  it('records opening the credential, which is the view-declaration-credential milestone', async () => {
    const { api, user } = setup({ credential: CREDENTIAL });
    const link = await screen.findByRole('link', { name: 'Open the credential' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(api.callsTo(API.openCredential)).toEqual([{ credentialId: 'cred-1' }]);
  });

  it('records copying the link and downloading the QR code as sharing the credential', async () => {
    const { api, user } = setup({ credential: CREDENTIAL });
    await user.click(await screen.findByRole('button', { name: 'Copy the link' }));
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo(API.openCredential)).toEqual([{ credentialId: 'cred-1' }]));
    const download = await screen.findByRole('link', { name: 'Download the QR code' });
    expect(download).toHaveAttribute('download', 'credential-qr-code.svg');
    download.addEventListener('click', (event) => event.preventDefault());
    await user.click(download);
    expect(api.callsTo(API.openCredential)).toHaveLength(2);
  });

  it('revokes only after a confirmation, and then says it is revoked', async () => {
    const { api, user } = setup({ credential: CREDENTIAL });
    await user.click(await screen.findByRole('button', { name: 'Revoke the credential' }));
    const confirm = screen.getByRole('group', { name: 'Confirm revoking' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo(API.revokeCredential)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke the credential' }));
    await user.click(screen.getByRole('button', { name: 'Yes, revoke it' }));
    expect(await screen.findByText(/^Revoked on/)).toBeInTheDocument();
    expect(api.callsTo(API.revokeCredential)).toEqual([{ credentialId: 'cred-1' }]);
    expect(screen.queryByRole('img', { name: "QR code of the credential's link" })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign the declaration' })).toBeInTheDocument();
  });

  it('lets a viewer read and open the credential but neither sign nor revoke', async () => {
    setup({ canSign: false }, 'viewer');
    expect(
      await screen.findByText('Only an owner or admin can sign the declaration for your organisation.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the declaration' })).not.toBeInTheDocument();
  });

  it('hides the revoke button from a member who may not sign', async () => {
    setup({ canSign: false, credential: CREDENTIAL }, 'viewer');
    expect(await screen.findByRole('link', { name: 'Open the credential' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the credential' })).not.toBeInTheDocument();
  });

  it('explains when the organisation has no declaration to sign', async () => {
    setup({ declaration: null });
    expect(await screen.findByRole('heading', { name: 'No declaration to sign' })).toBeInTheDocument();
  });

  it('shows the server’s reason when signing fails, keeping the declaration on screen', async () => {
    const { api, user } = setup();
    api.handlers.set(API.signDeclaration, () =>
      serverError('failed-precondition', 'Add your organisation name on the Profile page before signing.'),
    );
    await user.click(await screen.findByRole('checkbox', { name: /may sign it for my organisation/ }));
    await user.click(screen.getByRole('button', { name: 'Sign the declaration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't sign the declaration: Add your organisation name on the Profile page before signing.",
    );
    expect(screen.getByRole('heading', { name: DECLARATION.title })).toBeInTheDocument();
  });

  it('offers a retry when the declaration cannot be loaded', async () => {
    let attempts = 0;
    const api = createFakeApi({
      [API.getDeclaration]: () =>
        ++attempts === 1
          ? serverError('unavailable', 'down')
          : { declaration: DECLARATION, credential: null, canSign: true },
    });
    renderDashboard('/dashboard/declaration', api, { claims: { role: 'owner', tenantId: 'tenant-1' } });
    await userEvent.setup().click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: DECLARATION.title })).toBeInTheDocument();
  });
});
