import { API } from '@toolkit/domain';
import { CallableError } from '../callable';
import { createFakeBackend, deferred, serverError, viaProtocol } from './fake-backend';

describe('createFakeBackend', () => {
  it('answers from the handler of the name and logs every call in order', async () => {
    const api = createFakeBackend({
      [API.getProfile]: () => ({ status: 'ok', profile: null, tenant: null }),
    });
    api.handlers.set(API.updateNames, async (data) => ({ status: data.firstName ? 'ok' : 'skipped' }));

    await expect(api.call(API.getProfile, {})).resolves.toEqual({
      status: 'ok',
      profile: null,
      tenant: null,
    });
    await expect(api.call(API.updateNames, { firstName: 'Liv' })).resolves.toEqual({ status: 'ok' });
    expect(api.calls).toEqual([
      { name: API.getProfile, data: {} },
      { name: API.updateNames, data: { firstName: 'Liv' } },
    ]);
    expect(api.callsTo(API.updateNames)).toEqual([{ firstName: 'Liv' }]);
  });

  it('refuses a name without a handler as not-found, after logging it', async () => {
    const api = createFakeBackend();
    const error = await api.call(API.listMilestones, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallableError);
    expect(error).toMatchObject({ code: 'not-found' });
    expect(api.callsTo(API.listMilestones)).toEqual([{}]);
  });

  it('passes a refusal of the handler through unchanged', async () => {
    const api = createFakeBackend({
      [API.setUserRole]: () => serverError('permission-denied', 'Admins only'),
    });
    await expect(api.call(API.setUserRole, {})).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'Admins only',
      hasServerMessage: true,
    });
  });

  it('holds the calls to a gated name until the gate opens', async () => {
    const saved = { applied: true, updatedAt: '2026-11-26T00:00:00.000Z' };
    const profile = { status: 'ok' as const, profile: null, tenant: null };
    const api = createFakeBackend({ [API.saveAnswer]: () => saved, [API.getProfile]: () => profile });
    const gate = deferred<void>();
    api.gate(API.saveAnswer, gate.promise);

    let answered = false;
    const saving = api.call(API.saveAnswer, {}).then(() => (answered = true));
    await expect(api.call(API.getProfile, {})).resolves.toBe(profile);
    expect(answered).toBe(false);
    expect(api.callsTo(API.saveAnswer)).toHaveLength(1);

    gate.resolve();
    await saving;
    expect(answered).toBe(true);
  });

  it('fails the calls to a name while a failure is set', async () => {
    const done = { completedAt: '2026-11-26T00:00:00.000Z', alreadyCompleted: false, score: null };
    const api = createFakeBackend({ [API.completeResult]: () => done });
    api.fail(API.completeResult, new CallableError('unavailable', 'Service restarting'));
    await expect(api.call(API.completeResult, {})).rejects.toMatchObject({ code: 'unavailable' });

    api.fail(API.completeResult, null);
    await expect(api.call(API.completeResult, {})).resolves.toBe(done);
    expect(api.callsTo(API.completeResult)).toHaveLength(2);
  });
});

describe('createFakeBackend: typed by the API', () => {
  it("refuses, at compile time, a handler whose answer is not the callable's response", () => {
    const api = createFakeBackend({
      // @ts-expect-error getProfile answers { status, profile, tenant }
      [API.getProfile]: () => ({ status: 'ok' }),
    });
    // @ts-expect-error updateNames receives names, not a survey
    api.handlers.set(API.updateNames, (data: { surveyId: number }) => ({ status: String(data.surveyId) }));
    // Other services routed through the fake (`area:name`) stay untyped.
    api.handlers.set('auth:updatePassword', () => ({ success: true }));
    expect(api.handlers.has(API.getProfile)).toBe(true);
  });
});

describe('createFakeBackend: streams', () => {
  it('sends the handler’s answer first, then every push, until the signal aborts', async () => {
    const api = createFakeBackend({ [API.watchProfile]: () => ({ profile: null }) });
    const messages: unknown[] = [];
    const controller = new AbortController();
    const ended = api.stream!(API.watchProfile, null, (message) => messages.push(message), {
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 0));
    api.push(API.watchProfile, { profile: 'changed' });
    controller.abort();
    expect(await ended).toMatchObject({ code: 'cancelled' });
    api.push(API.watchProfile, { profile: 'after the end' });
    expect(messages).toEqual([{ profile: null }, { profile: 'changed' }]);
    expect(api.callsTo(API.watchProfile)).toEqual([null]);
  });
});

describe('viaProtocol', () => {
  it('carries requests and answers through the callable protocol', async () => {
    const api = createFakeBackend({ [API.listMilestones]: () => ({ milestones: {} }) });
    await expect(viaProtocol(api).call(API.listMilestones, undefined)).resolves.toEqual({ milestones: {} });
    // The protocol always sends a `data` field; undefined travels as null.
    expect(api.calls).toEqual([{ name: API.listMilestones, data: null }]);
  });

  it("turns a handler's CallableError into the error body the client maps back", async () => {
    const api = createFakeBackend({
      [API.verifyAndLoginWithInvite]: () =>
        serverError('failed-precondition', 'This invitation has already been completed.'),
    });
    await expect(viaProtocol(api).call(API.verifyAndLoginWithInvite, {})).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'This invitation has already been completed.',
      hasServerMessage: true,
    });
  });

  it('turns any other throw into a network failure', async () => {
    const api = createFakeBackend({
      [API.listMilestones]: () => {
        throw new Error('connection refused');
      },
    });
    await expect(viaProtocol(api).call(API.listMilestones, {})).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^Could not reach the function milestones-list/),
    });
  });
});
