import { act, screen } from '@testing-library/react';
import { createAppStore, useTenantKind, type AuthState } from './index';
import { renderWithProviders } from './testing';

const CATALOGUE = { surveys: [{ id: 'quickscan', title: 'Quickscan', tenantId: 'publisher-1' }] };

const signedIn = (tenantId: string): AuthState => ({
  status: 'signedIn',
  user: null,
  claims: { role: 'owner', tenantId },
  error: null,
  settled: true,
});

/** A content service whose answers the test settles one request at a time, counting them. */
function heldContent() {
  const pending: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  const request = jest.fn(() => new Promise((resolve, reject) => pending.push({ resolve, reject })));
  return { content: { request }, pending };
}

// Two readers of one store, as the shell's header and a remote's screen are.
function Shell() {
  const { kind } = useTenantKind();
  return <p>shell: {kind}</p>;
}
function Remote() {
  const { kind, retry } = useTenantKind();
  return (
    <p>
      remote: {kind}
      <button onClick={retry}>Try again</button>
    </p>
  );
}

function renderBoth(auth: AuthState) {
  const service = heldContent();
  const store = createAppStore({
    storage: null,
    extra: { content: service.content },
    preloadedState: { auth },
  });
  renderWithProviders(
    <>
      <Shell />
      <Remote />
    </>,
    { store },
  );
  return { ...service, store };
}

describe('useTenantKind', () => {
  it('reads the catalogue once for every reader, and tells each the same kind', async () => {
    const { content, pending } = renderBoth(signedIn('publisher-1'));
    expect(screen.getByText('shell: pending')).toBeInTheDocument();
    expect(screen.getByText('remote: pending')).toBeInTheDocument();
    await act(async () => pending[0]!.resolve(CATALOGUE));
    expect(screen.getByText('shell: publisher')).toBeInTheDocument();
    expect(screen.getByText('remote: publisher')).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(1);
  });

  it('tells every reader `unknown` when the catalogue cannot be read, and asks again only on retry', async () => {
    const { content, pending } = renderBoth(signedIn('business-1'));
    await act(async () => pending[0]!.reject(new Error('Content offline')));
    expect(screen.getByText('shell: unknown')).toBeInTheDocument();
    expect(screen.getByText('remote: unknown')).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(1);

    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByText('shell: pending')).toBeInTheDocument();
    await act(async () => pending[1]!.resolve(CATALOGUE));
    expect(screen.getByText('shell: business')).toBeInTheDocument();
    expect(screen.getByText('remote: business')).toBeInTheDocument();
    expect(content.request).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for a visitor, who is no organisation', () => {
    const { content } = renderBoth({ ...signedIn('x'), status: 'signedOut', claims: {} });
    expect(screen.getByText('shell: business')).toBeInTheDocument();
    expect(content.request).not.toHaveBeenCalled();
  });
});
