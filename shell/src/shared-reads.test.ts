import { API } from '@toolkit/domain';
import { CallableError, callApi } from '@toolkit/platform';
import { createFakeBackend } from '@toolkit/platform/testing';
import { SHARED_FRESH_MS, sharedReads } from './shared-reads';

const PROFILE = {
  status: 'ok' as const,
  profile: null,
  tenant: { id: 't1', createdBy: 'u1', getStarted: true, toolkit: 'quickscan' },
};

const server = () =>
  createFakeBackend({
    [API.getProfile]: () => PROFILE,
    [API.listMilestones]: () => ({ milestones: {} }),
  });

describe('sharedReads', () => {
  afterEach(() => jest.restoreAllMocks());

  it("answers a remote's first profile read with the shell's, so the server is asked once", async () => {
    const backend = server();
    const { shell, remotes } = sharedReads(backend);
    const fromShell = callApi(shell, API.getProfile, null);
    const fromRemote = callApi(remotes, API.getProfile, null);
    expect(await fromRemote).toEqual(await fromShell);
    expect(backend.callsTo(API.getProfile)).toHaveLength(1);
  });

  it("answers the shell's read with the remote's when the remote asked first", async () => {
    const backend = server();
    const { shell, remotes } = sharedReads(backend);
    const fromRemote = callApi(remotes, API.getProfile, null);
    const fromShell = callApi(shell, API.getProfile, null);
    expect(await fromShell).toEqual(await fromRemote);
    expect(backend.callsTo(API.getProfile)).toHaveLength(1);
  });

  it("takes the shell's answer once: the remote's next read asks the server", async () => {
    const backend = server();
    const { shell, remotes } = sharedReads(backend);
    await callApi(shell, API.getProfile, null);
    await callApi(remotes, API.getProfile, null);
    await callApi(remotes, API.getProfile, null);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('asks the server again once the shared answer is no longer fresh', async () => {
    const backend = server();
    const { shell, remotes } = sharedReads(backend);
    await callApi(shell, API.getProfile, null);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + SHARED_FRESH_MS + 1);
    await callApi(remotes, API.getProfile, null);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('leaves a failed shell read to the remote, which asks for itself', async () => {
    const backend = server();
    const { shell, remotes } = sharedReads(backend);
    backend.fail(API.getProfile, new CallableError('unavailable', 'down'));
    await expect(callApi(shell, API.getProfile, null)).rejects.toThrow('down');
    backend.fail(API.getProfile, null);
    expect(await callApi(remotes, API.getProfile, null)).toEqual(PROFILE);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('shares no other read', async () => {
    const backend = server();
    const { shell, remotes } = sharedReads(backend);
    await callApi(shell, API.listMilestones, {});
    await callApi(remotes, API.listMilestones, {});
    expect(backend.callsTo(API.listMilestones)).toHaveLength(2);
  });
});
