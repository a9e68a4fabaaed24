import { API } from '@toolkit/domain';
import { firstReadsOf, type FirstRead } from '@toolkit/domain/first-reads';
import { createFakeBackend } from '@toolkit/platform/testing';
import { authChanged, catalogueLoaded, createAppStore } from '@toolkit/store-contract';
import { keepVisits, startFirstReads, startReadsOf } from './first-reads';
import { lastVisit } from './last-visit';
import { sharedReads } from './shared-reads';

/** The server every read asks (a publisher's figures it does not answer); the signed-in person is Ann. */
function server() {
  const backend = createFakeBackend({
    [API.getProfile]: () => ({ status: 'ok', profile: null, tenant: null }),
    [API.getBrand]: () => ({ brand: null, applied: false }),
    [API.getOwnershipOffer]: () => ({ offer: null }),
    [API.listMilestones]: () => ({ milestones: {} }),
  });
  // Ann's ID token: a header, her claims (base64url) and a signature.
  const token = `header.${btoa(JSON.stringify({ user_id: 'ann' })).replace(/=+$/, '')}.signature`;
  return { backend, reads: sharedReads(backend, async () => token) };
}

const BUSINESS_READS: FirstRead[] = [
  { name: API.getProfile, request: null },
  { name: API.getBrand, request: null },
  { name: API.getOwnershipOffer, request: null },
  { name: API.listMilestones, request: {} },
];

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startFirstReads', () => {
  const CATALOGUE = {
    'published-survey': { title: 'Published', tenantId: 'council' },
    'other-survey': { title: 'Other', tenantId: 'someone-else' },
  };

  function setup(path: string) {
    window.history.replaceState(null, '', path);
    const { backend, reads } = server();
    const store = createAppStore({ extra: { callable: reads.remotes } });
    const stopReads = startFirstReads(store, reads, 'dashboard');
    const stopKeeping = keepVisits(store);
    const stop = () => {
      stopReads();
      stopKeeping();
    };
    const signIn = (tenantId: string, role = 'owner') =>
      store.dispatch(
        authChanged({
          user: {
            uid: 'ann',
            email: 'ann@example.com',
            displayName: 'Ann',
            emailVerified: true,
            isAnonymous: false,
            tenantId: null,
          },
          claims: { role, tenantId },
        }),
      );
    return { backend, reads, store, stop, signIn };
  }

  const asked = (backend: ReturnType<typeof server>['backend']) =>
    backend.calls.map(({ name, data }) => ({ name, request: data }));

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
  });

  it("starts a business's home reads: those of every kind with the session, its journey once its kind is known", async () => {
    const { backend, store, stop, signIn } = setup('/dashboard');
    signIn('bakery');
    await flush();
    expect(asked(backend)).toEqual(BUSINESS_READS.slice(0, 3));
    store.dispatch(catalogueLoaded(CATALOGUE));
    await flush();
    expect(asked(backend)).toEqual(BUSINESS_READS);
    stop();
  });

  it("starts a publisher's overview reads for the surveys it publishes, and not a business's journey", async () => {
    const { backend, store, stop, signIn } = setup('/dashboard');
    store.dispatch(catalogueLoaded(CATALOGUE));
    signIn('council');
    await flush();
    expect(asked(backend)).toEqual(
      firstReadsOf('dashboard', {
        tenantId: 'council',
        viewsInsights: true,
        kind: 'publisher',
        published: ['published-survey'],
        addressQuery: '',
        today: new Date(),
      }),
    );
    expect(backend.callsTo(API.listMilestones)).toEqual([]);
    expect(backend.callsTo(API.getSurveyInsights)).toEqual([
      expect.objectContaining({ surveyId: 'published-survey' }),
    ]);
    stop();
  });

  describe('on a later visit from the same device', () => {
    /** A first visit, whose catalogue told the organisation's kind. */
    async function firstVisit(tenantId: string) {
      const { stop, store, signIn } = setup('/dashboard');
      signIn(tenantId);
      store.dispatch(catalogueLoaded(CATALOGUE));
      await flush();
      stop();
    }

    it("starts a business's journey with the session, before the catalogue tells its kind", async () => {
      await firstVisit('bakery');
      const { backend, stop, signIn } = setup('/dashboard');
      signIn('bakery');
      await flush();
      expect(asked(backend)).toEqual(BUSINESS_READS);
      stop();
    });

    it("starts a publisher's overview for the surveys it published then, with the session", async () => {
      await firstVisit('council');
      const { backend, stop, signIn } = setup('/dashboard');
      signIn('council');
      await flush();
      expect(backend.callsTo(API.getSurveyInsights)).toEqual([
        expect.objectContaining({ surveyId: 'published-survey' }),
      ]);
      expect(backend.callsTo(API.listMilestones)).toEqual([]);
      stop();
    });

    it('still starts the reads of the kind the catalogue now tells, when the organisation has become a publisher', async () => {
      await firstVisit('bakery');
      const { backend, store, stop, signIn } = setup('/dashboard');
      signIn('bakery');
      await flush();
      store.dispatch(catalogueLoaded({ ...CATALOGUE, 'new-survey': { title: 'New', tenantId: 'bakery' } }));
      await flush();
      expect(backend.callsTo(API.getSurveyInsights)).toEqual([
        expect.objectContaining({ surveyId: 'new-survey' }),
      ]);
      expect(lastVisit(window.localStorage, 'ann', 'bakery')).toEqual({
        uid: 'ann',
        tenantId: 'bakery',
        kind: 'publisher',
        published: ['new-survey'],
        viewsInsights: true,
      });
      stop();
    });

    it('forgets the organisation when the member signs out', async () => {
      const { store, stop, signIn } = setup('/dashboard');
      signIn('bakery');
      store.dispatch(catalogueLoaded(CATALOGUE));
      await flush();
      expect(lastVisit(window.localStorage, 'ann', 'bakery')).not.toBeNull();
      store.dispatch(authChanged({ user: null }));
      expect(lastVisit(window.localStorage, 'ann', 'bakery')).toBeNull();
      // Signing in again keeps it anew.
      signIn('bakery');
      expect(lastVisit(window.localStorage, 'ann', 'bakery')).toMatchObject({ kind: 'business' });
      stop();
    });

    it("takes nothing from another organisation's visit", async () => {
      await firstVisit('council');
      const { backend, stop, signIn } = setup('/dashboard');
      signIn('bakery');
      await flush();
      expect(asked(backend)).toEqual(BUSINESS_READS.slice(0, 3));
      stop();
    });
  });

  it("starts another page's reads when asked, for the session the store knows", async () => {
    const { backend, reads, store, stop, signIn } = setup('/dashboard');
    signIn('bakery', 'admin');
    store.dispatch(catalogueLoaded(CATALOGUE));
    await flush();
    const before = backend.calls.length;
    startReadsOf(store, reads, 'dashboardUsers');
    startReadsOf(store, reads, 'dashboardReports');
    await flush();
    expect(asked(backend).slice(before)).toEqual([
      { name: API.listTenantUsers, request: null },
      { name: API.getAvailableRoles, request: null },
    ]);
    stop();
  });

  it('asks nothing on another page than the one it was started for', async () => {
    const { backend, stop, signIn } = setup('/dashboard/profile');
    signIn('bakery');
    await flush();
    expect(backend.calls).toEqual([]);
    stop();
  });
});
