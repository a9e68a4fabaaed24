import { act, renderHook, waitFor } from '@testing-library/react';
import { API, type StoredMilestone } from '@toolkit/domain';
import { createFakeBackend, deferred, serverError, viaProtocol } from '@toolkit/platform/testing';
import { useJourney } from './use-journey';

const milestonesOf = (uid: string, stored: StoredMilestone[]) => ({ milestones: { [uid]: stored } });

function stage1Done(result: { current: ReturnType<typeof useJourney> }) {
  return result.current.stages[0]!.milestones.map((milestone) => milestone.completed);
}

describe('useJourney', () => {
  it('shows the defaults while loading, then the stored records of the caller', async () => {
    const pending = deferred<unknown>();
    const api = createFakeBackend({ [API.listMilestones]: () => pending.promise });
    const callable = viaProtocol(api);
    const { result } = renderHook(() => useJourney(callable));

    expect(result.current.status).toBe('loading');
    expect(stage1Done(result)).toEqual([true, false, false, false, false]);
    expect(result.current.summary).toEqual({ completed: 0, total: 3, percent: 0 });

    pending.resolve(
      milestonesOf('caller-uid', [
        { id: 'update-organisation', completed: true },
        { id: 'complete-quickscan', completed: true },
      ]),
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(api.calls).toEqual([{ name: API.listMilestones, data: {} }]);
    expect(stage1Done(result)).toEqual([true, true, true, false, false]);
    expect(result.current.summary).toEqual({ completed: 2, total: 3, percent: 67 });
    expect(result.current.error).toBeNull();
  });

  it("asks for the given user's records and uses only theirs", async () => {
    const api = createFakeBackend({
      [API.listMilestones]: () => ({
        milestones: {
          'user-b': [{ id: 'view-results', completed: true }],
          'user-a': [{ id: 'update-organisation', completed: true }],
        },
      }),
    });
    const callable = viaProtocol(api);
    const { result } = renderHook(() => useJourney(callable, 'user-a'));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(api.calls[0]?.data).toEqual({ userIds: ['user-a'] });
    expect(stage1Done(result)).toEqual([true, true, false, false, false]);
  });

  it('keeps the defaults and reports the server message on failure, and loads again on reload', async () => {
    let fail = true;
    const api = createFakeBackend({
      [API.listMilestones]: () =>
        fail
          ? serverError('unavailable', 'The milestone service is restarting.')
          : milestonesOf('caller-uid', [{ id: 'sign-up', completed: false }]),
    });
    const callable = viaProtocol(api);
    const { result } = renderHook(() => useJourney(callable));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('The milestone service is restarting.');
    expect(stage1Done(result)[0]).toBe(true);

    fail = false;
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.error).toBeNull();
    // A stored record overrides the default, even the sign-up one.
    expect(stage1Done(result)[0]).toBe(false);
    expect(api.calls).toHaveLength(2);
  });

  it('treats a caller without records as the defaults', async () => {
    const api = createFakeBackend({ [API.listMilestones]: () => ({ milestones: {} }) });
    const callable = viaProtocol(api);
    const { result } = renderHook(() => useJourney(callable));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(stage1Done(result)).toEqual([true, false, false, false, false]);
  });
});
