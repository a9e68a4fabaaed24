import { act, renderHook, waitFor } from '@testing-library/react';
import { API, type ApiResponses, type StoredMilestone } from '@toolkit/domain';
import { api } from '@toolkit/data';
import type { CallableClient } from '@toolkit/platform';
import { createFakeBackend, deferred, serverError, viaProtocol } from '@toolkit/platform/testing';
import { journeyProviders } from './test-store';
import { useJourney } from './use-journey';

const milestonesOf = (uid: string, stored: StoredMilestone[]) => ({ milestones: { [uid]: stored } });

function renderJourney(callable: CallableClient, userId?: string) {
  const { store, wrapper } = journeyProviders(callable);
  return { store, ...renderHook(() => useJourney(userId), { wrapper }) };
}

function stage1Done(result: { current: ReturnType<typeof useJourney> }) {
  return result.current.stages[0]!.milestones.map((milestone) => milestone.completed);
}

describe('useJourney', () => {
  it('shows the defaults while loading, then the stored records of the caller', async () => {
    const pending = deferred<ApiResponses[typeof API.listMilestones]>();
    const backend = createFakeBackend({ [API.listMilestones]: () => pending.promise });
    const callable = viaProtocol(backend);
    const { result } = renderJourney(callable);

    expect(result.current.status).toBe('loading');
    expect(stage1Done(result)).toEqual([true, false, false, false, false]);
    expect(result.current.summary).toEqual({ completed: 1, total: 19, percent: 5 });

    pending.resolve(
      milestonesOf('caller-uid', [
        { id: 'update-organisation', completed: true },
        { id: 'complete-quickscan', completed: true },
      ]),
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(backend.calls).toEqual([{ name: API.listMilestones, data: {} }]);
    expect(stage1Done(result)).toEqual([true, true, true, false, false]);
    expect(result.current.summary).toEqual({ completed: 3, total: 19, percent: 15 });
    expect(result.current.error).toBeNull();
  });

  it("asks for the given user's records and uses only theirs", async () => {
    const backend = createFakeBackend({
      [API.listMilestones]: () => ({
        milestones: {
          'user-b': [{ id: 'view-results', completed: true }],
          'user-a': [{ id: 'update-organisation', completed: true }],
        },
      }),
    });
    const callable = viaProtocol(backend);
    const { result } = renderJourney(callable, 'user-a');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(backend.calls[0]?.data).toEqual({ userIds: ['user-a'] });
    expect(stage1Done(result)).toEqual([true, true, false, false, false]);
  });

  it('keeps the defaults and reports the server message on failure, and loads again on reload', async () => {
    let fail = true;
    const backend = createFakeBackend({
      [API.listMilestones]: () =>
        fail
          ? serverError('unavailable', 'The milestone service is restarting.')
          : milestonesOf('caller-uid', [{ id: 'sign-up', completed: false }]),
    });
    const callable = viaProtocol(backend);
    const { result } = renderJourney(callable);
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('The milestone service is restarting.');
    expect(stage1Done(result)[0]).toBe(true);

    fail = false;
    // The store tells the screen of a request in flight a frame later (RTK batches such
    // updates), so the answer is held until the loading state has been seen.
    const answer = deferred<void>();
    backend.gate(API.listMilestones, answer.promise);
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('loading'));
    answer.resolve();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.error).toBeNull();
    // A stored record overrides the default, even the sign-up one.
    expect(stage1Done(result)[0]).toBe(false);
    expect(backend.calls).toHaveLength(2);
  });

  it('treats a caller without records as the defaults', async () => {
    const backend = createFakeBackend({ [API.listMilestones]: () => ({ milestones: {} }) });
    const callable = viaProtocol(backend);
    const { result } = renderJourney(callable);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(stage1Done(result)).toEqual([true, false, false, false, false]);
  });

  it('follows a change to the milestones in place, keeping the shown records until the new ones arrive', async () => {
    let stored: StoredMilestone[] = [];
    const backend = createFakeBackend({ [API.listMilestones]: () => milestonesOf('caller-uid', stored) });
    const { store, result } = renderJourney(viaProtocol(backend));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(stage1Done(result)[4]).toBe(false);

    // What a mutation that changes the milestones does (an invite sent marks invite-team).
    stored = [{ id: 'invite-team', completed: true }];
    act(() => {
      store.dispatch(api.util.invalidateTags(['Milestones']));
    });
    expect(result.current.status).toBe('ready');
    await waitFor(() => expect(stage1Done(result)[4]).toBe(true));
    expect(backend.callsTo(API.listMilestones)).toHaveLength(2);
  });
});
