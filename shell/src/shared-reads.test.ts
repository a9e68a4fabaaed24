import { API, type ApiResponses, type OwnershipOffer } from '@toolkit/domain';
import type { FirstRead } from '@toolkit/domain/first-reads';
import { CallableError, callApi } from '@toolkit/platform';
import { createFakeBackend, deferred } from '@toolkit/platform/testing';
import { SHARED_FRESH_MS, sharedReads, uidOfIdToken } from './shared-reads';

type ProfileAnswer = ApiResponses[typeof API.getProfile];

/** An ID token's shape (header, base64url claims, signature): only its claims are read here. */
const idTokenOf = (claims: object) =>
  `header.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;

/** Each person's profile names its own organisation, so a handed-over answer shows whose it was. */
const profileOf = (uid: string): ProfileAnswer => ({
  status: 'ok',
  profile: null,
  tenant: { id: `tenant-of-${uid}`, createdBy: uid, getStarted: true, toolkit: 'quickscan' },
});

const OFFER = { offer: null as OwnershipOffer | null };

/** The server as the person signed in now sees it; `session.uid` is who that is. */
function server() {
  const session = { uid: 'ann' as string | null };
  const backend = createFakeBackend({
    [API.getProfile]: () => profileOf(session.uid ?? 'nobody'),
    [API.getBrand]: () => ({ brand: null, applied: false }),
    [API.getOwnershipOffer]: () => OFFER,
    [API.listMilestones]: () => ({ milestones: {} }),
  });
  const reads = sharedReads(backend, async () => session.uid && idTokenOf({ user_id: session.uid }));
  return { backend, session, reads };
}

const BUSINESS_READS: FirstRead[] = [
  { name: API.getProfile, request: null },
  { name: API.getBrand, request: null },
  { name: API.getOwnershipOffer, request: null },
  { name: API.listMilestones, request: {} },
];

describe('sharedReads', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['shell', 'remotes'],
    ['remotes', 'shell'],
  ] as const)(
    "answers one side's first profile read with the other's (%s first), so the server is asked once",
    async (first, second) => {
      const { backend, reads } = server();
      const fromFirst = callApi(reads[first], API.getProfile, null);
      const fromSecond = callApi(reads[second], API.getProfile, null);
      expect(await fromSecond).toEqual(await fromFirst);
      expect(backend.callsTo(API.getProfile)).toHaveLength(1);
    },
  );

  it("takes the shell's answer once: the remote's next read asks the server", async () => {
    const { backend, reads } = server();
    await callApi(reads.shell, API.getProfile, null);
    await callApi(reads.remotes, API.getProfile, null);
    await callApi(reads.remotes, API.getProfile, null);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it("joins the shell's identical read to its own on its way: the profile is asked once however often the theme asks", async () => {
    const { backend, reads } = server();
    const gate = deferred<void>();
    backend.gate(API.getProfile, gate.promise);
    const first = callApi(reads.shell, API.getProfile, null);
    const again = callApi(reads.shell, API.getProfile, null);
    gate.resolve();
    expect(await again).toEqual(await first);
    await callApi(reads.remotes, API.getProfile, null);
    expect(backend.callsTo(API.getProfile)).toHaveLength(1);
    // Once in, a read of its own asks the server.
    await callApi(reads.shell, API.getProfile, null);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('settles once every read started so far is answered, a failed one too', async () => {
    const { backend, reads } = server();
    const gate = deferred<void>();
    backend.gate(API.listMilestones, gate.promise);
    backend.fail(API.getBrand, new CallableError('unavailable', 'down'));
    void reads.start(BUSINESS_READS);
    let settled = false;
    void reads.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    gate.resolve();
    await reads.settled();
    expect(backend.callsTo(API.listMilestones)).toHaveLength(1);
  });

  it('asks the server again once the shared answer is no longer fresh', async () => {
    const { backend, reads } = server();
    await callApi(reads.shell, API.getProfile, null);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + SHARED_FRESH_MS + 1);
    await callApi(reads.remotes, API.getProfile, null);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('leaves a failed shell read to the remote, which asks for itself', async () => {
    const { backend, reads } = server();
    backend.fail(API.getProfile, new CallableError('unavailable', 'down'));
    await expect(callApi(reads.shell, API.getProfile, null)).rejects.toThrow('down');
    backend.fail(API.getProfile, null);
    expect(await callApi(reads.remotes, API.getProfile, null)).toEqual(profileOf('ann'));
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('never hands one person’s answer to the next: after a sign-in as someone else the read asks again', async () => {
    const { backend, session, reads } = server();
    expect(await callApi(reads.shell, API.getProfile, null)).toEqual(profileOf('ann'));
    session.uid = 'bob';
    expect(await callApi(reads.remotes, API.getProfile, null)).toEqual(profileOf('bob'));
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('shares no read it was not asked to start but the profile', async () => {
    const { backend, reads } = server();
    await callApi(reads.shell, API.listMilestones, {});
    await callApi(reads.remotes, API.listMilestones, {});
    expect(backend.callsTo(API.listMilestones)).toHaveLength(2);
  });

  describe('start', () => {
    it("asks each first read once; the remote's identical first reads and the shell's theme take the answers", async () => {
      const { backend, reads } = server();
      await reads.start(BUSINESS_READS.slice(0, 3));
      // Started again once the kind is known: only the new read is asked.
      await reads.start(BUSINESS_READS);
      expect(backend.calls.map(({ name, data }) => ({ name, request: data }))).toEqual(BUSINESS_READS);

      expect(await callApi(reads.shell, API.getProfile, null)).toEqual(profileOf('ann'));
      expect(await callApi(reads.remotes, API.getProfile, null)).toEqual(profileOf('ann'));
      expect(await callApi(reads.remotes, API.getBrand, null)).toEqual({ brand: null, applied: false });
      expect(await callApi(reads.remotes, API.getOwnershipOffer, null)).toEqual(OFFER);
      expect(await callApi(reads.remotes, API.listMilestones, {})).toEqual({ milestones: {} });
      expect(backend.calls).toHaveLength(BUSINESS_READS.length);
    });

    it('hands each answer once to each side: a later read asks the server', async () => {
      const { backend, reads } = server();
      await reads.start(BUSINESS_READS);
      await callApi(reads.remotes, API.listMilestones, {});
      await callApi(reads.remotes, API.listMilestones, {});
      expect(backend.callsTo(API.listMilestones)).toHaveLength(2);
    });

    it('does not start a read taken already again', async () => {
      const { backend, reads } = server();
      await reads.start(BUSINESS_READS);
      await callApi(reads.remotes, API.getBrand, null);
      await reads.start(BUSINESS_READS);
      expect(backend.callsTo(API.getBrand)).toHaveLength(1);
    });

    it('hands a read on its way, and only an identical one: another request asks the server', async () => {
      const { backend, reads } = server();
      const gate = deferred<void>();
      backend.gate(API.listMilestones, gate.promise);
      await reads.start(BUSINESS_READS);
      const mine = callApi(reads.remotes, API.listMilestones, {});
      const someoneElses = callApi(reads.remotes, API.listMilestones, { userIds: ['u2'] });
      gate.resolve();
      await Promise.all([mine, someoneElses]);
      expect(backend.callsTo(API.listMilestones)).toEqual([{}, { userIds: ['u2'] }]);
    });

    it("joins a remote's read asked while the start still waits for the session's token", async () => {
      const { backend, reads } = server();
      // Both are asked on the same store change (the kind has arrived): the remote's read must not
      // slip past a start that has not yet learnt whose session it is.
      const starting = reads.start(BUSINESS_READS);
      const fromRemote = callApi(reads.remotes, API.listMilestones, {});
      await starting;
      expect(await fromRemote).toEqual({ milestones: {} });
      expect(backend.callsTo(API.listMilestones)).toHaveLength(1);
    });

    it('refuses an answer started for one person to the next one signed in', async () => {
      const { backend, session, reads } = server();
      await reads.start(BUSINESS_READS);
      session.uid = 'bob';
      expect(await callApi(reads.remotes, API.getProfile, null)).toEqual(profileOf('bob'));
      await callApi(reads.remotes, API.getBrand, null);
      expect(backend.callsTo(API.getProfile)).toHaveLength(2);
      expect(backend.callsTo(API.getBrand)).toHaveLength(2);
    });

    it('starts nothing without a session', async () => {
      const { backend, session, reads } = server();
      session.uid = null;
      await reads.start(BUSINESS_READS);
      expect(backend.calls).toEqual([]);
    });

    it('leaves a failed first read to the asker, who asks the server for itself', async () => {
      const { backend, reads } = server();
      const gate = deferred<void>();
      backend.gate(API.getBrand, gate.promise);
      let answered = 0;
      backend.handlers.set(API.getBrand, () => {
        answered += 1;
        if (answered === 1) throw new CallableError('unavailable', 'down');
        return { brand: null, applied: false };
      });
      await reads.start(BUSINESS_READS);
      // Taken while on its way; it then fails, and the remote's read is asked again for it.
      const fromRemote = callApi(reads.remotes, API.getBrand, null);
      gate.resolve();
      expect(await fromRemote).toEqual({ brand: null, applied: false });
      expect(backend.callsTo(API.getBrand)).toHaveLength(2);
    });
  });
});

describe('uidOfIdToken', () => {
  it('reads the uid a Firebase ID token names, else its subject; none from anything that is not one', () => {
    expect(uidOfIdToken(idTokenOf({ user_id: 'ann', sub: 'ann' }))).toBe('ann');
    expect(uidOfIdToken(idTokenOf({ sub: 'bob' }))).toBe('bob');
    expect(uidOfIdToken(idTokenOf({}))).toBeNull();
    expect(uidOfIdToken('not a token')).toBeNull();
    expect(uidOfIdToken(null)).toBeNull();
  });
});
