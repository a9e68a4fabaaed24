import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { API, type TenantUserProfile } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { CallableError } from '@toolkit/platform';
import { createFakeBackend, deferred, type FakeBackend } from '@toolkit/platform/testing';
import { authChanged, createAppStore, surveyCompleted } from '@toolkit/store-contract';
import { buildTheme } from '@toolkit/ui';
import { TextField } from '@toolkit/ui/form';
import {
  api,
  attachApi,
  call,
  QueryView,
  toQueryError,
  useMilestonesQuery,
  useProfileQuery,
  WithApi,
} from './index';
import { useRequestForm } from './form';

const profile = (firstName: string): TenantUserProfile => ({
  uid: 'owner-1',
  email: 'olivia@example.com',
  firstName,
  lastName: 'Owens',
  tenantId: 'tenant-1',
  role: 'owner',
  organization: { name: 'Green Grocers' },
});

const answer = (firstName: string) => ({
  status: 'ok' as const,
  profile: profile(firstName),
  tenant: { id: 'tenant-1', createdBy: 'owner-1', getStarted: true, toolkit: 'quickscan' },
});

/** Services as the shell hands them to the store; content answers `content` unless it throws. */
function setup(backend: FakeBackend, content: (document: unknown) => unknown = () => ({})) {
  const services = {
    callable: backend,
    content: { request: async <T,>(document: unknown) => content(document) as T },
  };
  const store = createAppStore({ storage: null, extra: services });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ThemeProvider theme={buildTheme()}>
        <WithApi>{children}</WithApi>
      </ThemeProvider>
    </Provider>
  );
  return { store, wrapper };
}

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    renameForTest: build.mutation<unknown, { firstName: string }>({
      query: (names) => call(API.updateNames, names),
      invalidatesTags: ['Profile'],
    }),
  }),
});

describe('the API slice over the callables', () => {
  it('is attached to the store once, under its own key, with its middleware', async () => {
    const backend = createFakeBackend({ [API.getProfile]: () => answer('Olivia') });
    const { store } = setup(backend);
    expect(store.getState()).not.toHaveProperty('api');
    attachApi(store);
    attachApi(store);
    expect(store.getState()).toHaveProperty('api');
    // The middleware runs the request: without it the query would never be sent.
    const result = await store.dispatch(api.endpoints.profile.initiate());
    expect(result.data?.profile?.firstName).toBe('Olivia');
    expect(backend.callsTo(API.getProfile)).toEqual([null]);
  });

  it('keeps a refusal as plain data with the server’s words for each refused field', () => {
    const refusal = new CallableError('invalid-argument', 'Invalid email: Enter a valid e-mail address.', {
      hasServerMessage: true,
      details: { fields: ['email'], problems: { email: 'Enter a valid e-mail address.' } },
    });
    expect(toQueryError(refusal)).toEqual({
      code: 'invalid-argument',
      message: 'Invalid email: Enter a valid e-mail address.',
      hasServerMessage: true,
      fields: { email: 'Enter a valid e-mail address.' },
    });
    expect(toQueryError(new Error('boom'))).toMatchObject({
      code: 'unknown',
      hasServerMessage: false,
      fields: {},
    });
  });

  it('asks once however many components read the same query, and again after a mutation invalidates it', async () => {
    let name = 'Olivia';
    const backend = createFakeBackend({
      [API.getProfile]: () => answer(name),
      [API.updateNames]: () => ({ status: 'ok' }),
    });
    const { wrapper } = setup(backend);
    function Name() {
      const { data } = useProfileQuery();
      return <p>{data?.profile?.firstName ?? '…'}</p>;
    }
    function Rename() {
      const [rename] = testApi.useRenameForTestMutation();
      return <button onClick={() => void rename({ firstName: 'Liv' }).then(() => undefined)}>Rename</button>;
    }
    render(
      <>
        <Name />
        <Name />
        <Rename />
      </>,
      { wrapper },
    );
    expect(await screen.findAllByText('Olivia')).toHaveLength(2);
    expect(backend.callsTo(API.getProfile)).toHaveLength(1);

    name = 'Liv';
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findAllByText('Liv')).toHaveLength(2);
    expect(backend.callsTo(API.getProfile)).toHaveLength(2);
  });

  it('keeps the profile live from the server’s stream while it is shown, and closes the stream after', async () => {
    const backend = createFakeBackend({
      [API.getProfile]: () => answer('Olivia'),
      [API.watchProfile]: () => ({ profile: profile('Olivia') }),
    });
    const signals: AbortSignal[] = [];
    const stream = backend.stream!.bind(backend);
    backend.stream = (name, data, onMessage, options) => {
      if (options?.signal) signals.push(options.signal);
      return stream(name, data, onMessage, options);
    };
    const { wrapper, store } = setup(backend);
    const { result, unmount } = renderHook(() => useProfileQuery(), { wrapper });
    await waitFor(() => expect(backend.callsTo(API.watchProfile)).toHaveLength(1));

    act(() => backend.push(API.watchProfile, { profile: profile('Liv') }));
    await waitFor(() => expect(result.current.data?.profile?.firstName).toBe('Liv'));
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);

    // Once no screen shows it and its entry is dropped, the stream ends and is not reopened.
    unmount();
    await act(async () => {
      store.dispatch(api.util.resetApiState());
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    expect(backend.callsTo(API.watchProfile)).toHaveLength(1);
  });
});

describe('changes made outside the data layer', () => {
  const member = (uid: string) => ({
    uid,
    email: `${uid}@example.com`,
    displayName: null,
    emailVerified: true,
    isAnonymous: false,
    tenantId: null,
  });

  it('a survey completed in the survey remote has the results and milestones asked again', async () => {
    const backend = createFakeBackend({ [API.listMilestones]: () => ({ milestones: { 'owner-1': [] } }) });
    const { wrapper, store } = setup(backend);
    const { result } = renderHook(() => useMilestonesQuery(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(backend.callsTo(API.listMilestones)).toHaveLength(1);

    act(() => void store.dispatch(surveyCompleted()));
    await waitFor(() => expect(backend.callsTo(API.listMilestones)).toHaveLength(2));
  });

  it('another person signing in finds nothing cached for the last one', async () => {
    const backend = createFakeBackend({ [API.getProfile]: () => answer('Olivia') });
    const { store } = setup(backend);
    store.dispatch(authChanged({ user: member('owner-1'), claims: { tenantId: 'tenant-1' } }));
    attachApi(store);
    await store.dispatch(api.endpoints.profile.initiate());
    // The store's own type does not know the slice a remote injects at run time.
    const cached = () => api.endpoints.profile.select()(store.getState() as never).data;
    expect(cached()?.profile?.firstName).toBe('Olivia');

    // The same person again (a refreshed token) keeps the cache; someone else does not.
    store.dispatch(authChanged({ user: member('owner-1'), claims: { tenantId: 'tenant-1' } }));
    expect(cached()).toBeDefined();
    store.dispatch(authChanged({ user: member('other-2'), claims: { tenantId: 'tenant-2' } }));
    expect(cached()).toBeUndefined();
  });
});

describe('QueryView', () => {
  function Profile() {
    const query = useProfileQuery();
    return (
      <QueryView query={query} doing="load your profile">
        {(data) => <p>Hello {data.profile?.firstName}</p>}
      </QueryView>
    );
  }

  it('shows loading, then the failure in words with Try again, which recovers', async () => {
    const backend = createFakeBackend({ [API.getProfile]: () => answer('Olivia') });
    backend.fail(API.getProfile, new CallableError('unavailable', 'down'));
    const gate = deferred<void>();
    backend.gate(API.getProfile, gate.promise);
    const { wrapper } = setup(backend);
    render(<Profile />, { wrapper });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    gate.resolve();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your profile because the server did not answer.",
    );
    backend.fail(API.getProfile, null);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello Olivia')).toBeInTheDocument();
  });

  it('shows the shared empty state when the answer holds nothing', async () => {
    const backend = createFakeBackend({
      [API.getProfile]: () => ({ status: 'ok', profile: null, tenant: null }),
    });
    const { wrapper } = setup(backend);
    function Empty() {
      const query = useProfileQuery();
      return (
        <QueryView
          query={query}
          doing="load your profile"
          isEmpty={(data) => !data.profile}
          empty="No profile yet."
        >
          {() => <p>Profile</p>}
        </QueryView>
      );
    }
    render(<Empty />, { wrapper });
    expect((await screen.findByText('No profile yet.')).closest('[role="status"]')).toBeInTheDocument();
  });
});

describe('useRequestForm', () => {
  const names = REQUESTS[API.updateNames];

  function NamesForm({ send }: { send: (values: { firstName?: string }) => Promise<unknown> }) {
    const form = useRequestForm(names, {
      defaultValues: { firstName: '' },
      labels: { firstName: 'First name' },
    });
    return (
      <form
        onSubmit={form.handleSubmit(async (values) => {
          try {
            await send(values);
          } catch (error) {
            form.showFailure(error, 'save your name');
          }
        })}
      >
        <TextField label="First name" {...form.field('firstName')} />
        {form.failure && <p role="alert">{form.failure}</p>}
        <button type="submit">Save</button>
      </form>
    );
  }

  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={buildTheme()}>{children}</ThemeProvider>
  );

  it('checks with the server’s schema, worded with the field’s label, and sends nothing invalid', async () => {
    const send = jest.fn(async () => undefined);
    render(<NamesForm send={send} />, { wrapper });
    await userEvent.type(screen.getByLabelText('First name'), 'x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('First name')).toHaveAccessibleDescription(
      'First name must be at most 100 characters.',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the server’s words beside the field it refused, and other failures for the whole form', async () => {
    const refusal = new CallableError('invalid-argument', 'Invalid firstName: a name', {
      hasServerMessage: true,
      details: { fields: ['firstName'], problems: { firstName: 'Use the name on your ID.' } },
    });
    const send = jest
      .fn()
      .mockRejectedValueOnce(refusal)
      .mockRejectedValueOnce(new CallableError('unavailable', 'x'));
    render(<NamesForm send={send} />, { wrapper });
    await userEvent.type(screen.getByLabelText('First name'), 'Liv');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('First name')).toHaveAccessibleDescription(
      'Use the name on your ID.',
    );
    expect(send).toHaveBeenCalledWith({ firstName: 'Liv' });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't save your name because the server did not answer.",
    );
  });
});
