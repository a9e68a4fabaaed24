import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { ThemeProvider } from 'styled-components';
import { API } from '@toolkit/domain';
import { CallableError } from '@toolkit/platform';
import { createFakeBackend, type FakeBackend } from '@toolkit/platform/testing';
import { buildTheme } from '@toolkit/ui';
import { VerifyCredential } from './verify-credential';

const DAY_S = 24 * 60 * 60;
let keys: JSONWebKeySet;
let sign: (
  claims: Record<string, unknown>,
  options?: { expiresInDays?: number; typ?: string },
) => Promise<string>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  keys = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'EdDSA' }] };
  sign = (claims, { expiresInDays = 365, typ = 'declaration+jwt' } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', typ, kid: 'k1' })
      .setJti('cred-1')
      .setIssuedAt(now - 400 * DAY_S * (expiresInDays < 0 ? 1 : 0))
      .setExpirationTime(now + expiresInDays * DAY_S)
      .sign(privateKey);
  };
});

const CLAIMS = {
  organisation: 'Harbour Bakery',
  stage: 'Explorer',
  declaration: 'Sustainability Quickscan declaration',
};

const VERIFIED = {
  ...CLAIMS,
  verification: {
    publisherName: 'Coastal Council',
    verifiedAt: '2026-12-03T10:00:00.000Z',
    verifiedPercent: 62,
  },
};

function backend(
  status: 'active' | 'revoked' | 'unknown' = 'active',
  reason: string | null = null,
): FakeBackend {
  return createFakeBackend({
    [API.getCredentialKeys]: () => keys,
    [API.getCredentialStatus]: () => ({
      status,
      revokedAt: status === 'revoked' ? '2026-11-20T10:00:00.000Z' : null,
      reason,
    }),
  });
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function open(fake: FakeBackend, token: string) {
  window.location.hash = token;
  return render(
    <ThemeProvider theme={buildTheme()}>
      <VerifyCredential callable={fake} />
    </ThemeProvider>,
  );
}

afterEach(() => {
  window.location.hash = '';
});

describe('VerifyCredential', () => {
  it('shows what a genuine credential states, asking the server only about its id', async () => {
    const fake = backend();
    open(fake, await sign(CLAIMS));
    expect(await screen.findByText('Genuine and valid')).toBeInTheDocument();
    const facts = screen.getByLabelText('What the credential states');
    expect(facts).toHaveTextContent('Harbour Bakery');
    expect(facts).toHaveTextContent('Explorer');
    expect(facts).toHaveTextContent('Sustainability Quickscan declaration');
    expect(facts).toHaveTextContent('cred-1');
    expect(fake.callsTo(API.getCredentialStatus)).toEqual([{ credentialId: 'cred-1' }]);
  });

  it('says who verified the result beside "Genuine and valid", with the verified score', async () => {
    open(backend(), await sign(VERIFIED));
    expect(await screen.findByText('Genuine and valid')).toBeInTheDocument();
    expect(
      screen.getByText(`Verified by Coastal Council on ${longDate('2026-12-03T10:00:00.000Z')}`),
    ).toBeVisible();
    expect(screen.queryByText('Self-declared')).not.toBeInTheDocument();
    expect(screen.getByLabelText('What the credential states')).toHaveTextContent(
      'Score62%, verified by Coastal Council',
    );
  });

  it('says "Self-declared" for a credential without a verification', async () => {
    open(backend(), await sign(CLAIMS));
    expect(await screen.findByText('Genuine and valid')).toBeInTheDocument();
    expect(screen.getByText('Self-declared')).toBeVisible();
    expect(screen.queryByText(/Verified by/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('What the credential states')).toHaveTextContent(
      'ScoreSelf-declared, not verified',
    );
  });

  it('says why a verified credential was revoked, as the server words it', async () => {
    open(
      backend('revoked', 'Coastal Council withdrew its verification: the policy was withdrawn.'),
      await sign(VERIFIED),
    );
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Coastal Council withdrew its verification: the policy was withdrawn. It was revoked on ${longDate('2026-11-20T10:00:00.000Z')} and no longer stands.`,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/The organisation revoked this credential/)).not.toBeInTheDocument();
  });

  it('says not genuine when one byte of the credential changed, without asking about its status', async () => {
    const token = await sign(CLAIMS);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const at = 10;
    const changed = payload.slice(0, at) + (payload[at] === 'A' ? 'B' : 'A') + payload.slice(at + 1);
    const fake = backend();
    open(fake, [header, changed, signature].join('.'));
    expect(await screen.findByText('Not genuine')).toBeInTheDocument();
    expect(screen.queryByText('Harbour Bakery')).not.toBeInTheDocument();
    expect(fake.callsTo(API.getCredentialStatus)).toEqual([]);
  });

  it('says not genuine for a token of another type signed with the same key', async () => {
    open(backend(), await sign(CLAIMS, { typ: 'JWT' }));
    expect(await screen.findByText('Not genuine')).toBeInTheDocument();
  });

  it('says not genuine for a signed credential whose id the server does not know', async () => {
    open(backend('unknown'), await sign(CLAIMS));
    expect(await screen.findByText('Not genuine')).toBeInTheDocument();
  });

  it('says revoked, with the date, for a revoked credential', async () => {
    open(backend('revoked'), await sign(CLAIMS));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.getByText(/The organisation revoked this credential on/)).toBeInTheDocument();
    expect(screen.getByLabelText('What the credential states')).toHaveTextContent('Harbour Bakery');
  });

  it('says expired for a genuine credential past its date', async () => {
    open(backend(), await sign(CLAIMS, { expiresInDays: -1 }));
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByText(/was genuine but expired on/)).toBeInTheDocument();
  });

  it('asks for a link when there is no credential in the address', async () => {
    open(backend(), '');
    expect(await screen.findByText(/There is no credential to check/)).toBeInTheDocument();
  });

  it('offers to try again when the keys cannot be fetched', async () => {
    const fake = backend();
    fake.fail(API.getCredentialKeys, new CallableError('unavailable', 'The service is down.'));
    open(fake, await sign(CLAIMS));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is down.');
    fake.fail(API.getCredentialKeys, null);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Genuine and valid')).toBeInTheDocument();
  });
});
