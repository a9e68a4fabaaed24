import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import {
  createAppStore,
  selectSurveyStatus,
  surveyCompleted,
  tenantResolved,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  StoreProvider,
  type AppStore,
  type RootState,
} from './index';

function storeWrapper(store: AppStore) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <StoreProvider store={store}>{children}</StoreProvider>;
  };
}

/** Renders a component that counts its renders and shows what `select` picks. */
function renderSelection<T>(store: AppStore, select: () => T) {
  const renders = { count: 0 };
  const seen: T[] = [];
  function Probe() {
    renders.count += 1;
    const value = select();
    seen.push(value);
    return <p>{JSON.stringify(value)}</p>;
  }
  render(<Probe />, { wrapper: storeWrapper(store) });
  return { renders, seen };
}

const shallowEqual = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

describe('useAppSelector', () => {
  it('re-renders only when the selected value changes', () => {
    const store = createAppStore({ storage: null });
    const { renders } = renderSelection(store, () => useAppSelector(selectSurveyStatus));
    expect(renders.count).toBe(1);

    act(() => {
      store.dispatch(tenantResolved({ tenantId: 'acme' }));
    });
    expect(renders.count).toBe(1);

    act(() => {
      store.dispatch(surveyCompleted());
    });
    expect(renders.count).toBe(2);
    expect(screen.getByText('2')).toBeInTheDocument();
  });

  it('keeps an equal selection, identity included, when given an equality function', () => {
    const store = createAppStore({ storage: null });
    const select = (state: RootState) => ({ status: state.survey.status });
    const { renders, seen } = renderSelection(store, () => useAppSelector(select, shallowEqual));

    act(() => {
      store.dispatch(tenantResolved({ tenantId: 'acme' }));
    });
    expect(renders.count).toBe(1);

    act(() => {
      store.dispatch(surveyCompleted());
    });
    expect(renders.count).toBe(2);
    expect(seen[1]).toEqual({ status: 2 });
  });

  it('keeps an equal selection across re-renders with a new inline selector each render', () => {
    const store = createAppStore({ storage: null });
    const { result, rerender } = renderHook(
      () => useAppSelector((state) => ({ status: state.survey.status }), shallowEqual),
      { wrapper: storeWrapper(store) },
    );
    const first = result.current;
    act(() => {
      store.dispatch(tenantResolved({ tenantId: 'acme' }));
    });
    rerender();
    expect(result.current).toBe(first);
  });

  it('does not loop on a selector that builds a new value each call', () => {
    const store = createAppStore({ storage: null });
    const { renders } = renderSelection(store, () =>
      useAppSelector((state) => [state.survey.status, state.tenant.tenantId]),
    );
    expect(renders.count).toBe(1);
    act(() => {
      store.dispatch(tenantResolved({ tenantId: 'acme' }));
    });
    expect(renders.count).toBe(2);
    expect(screen.getByText('[1,"acme"]')).toBeInTheDocument();
  });

  it('works under StrictMode', () => {
    const store = createAppStore({ storage: null });
    function Status() {
      return <p>status {useAppSelector(selectSurveyStatus)}</p>;
    }
    render(
      <StrictMode>
        <StoreProvider store={store}>
          <Status />
        </StoreProvider>
      </StrictMode>,
    );
    act(() => {
      store.dispatch(surveyCompleted());
    });
    expect(screen.getByText('status 2')).toBeInTheDocument();
  });
});

describe('useAppDispatch', () => {
  it('dispatches to the provided store, and selectors see the update', async () => {
    const store = createAppStore({ storage: null });
    function Survey() {
      const status = useAppSelector(selectSurveyStatus);
      const dispatch = useAppDispatch();
      return (
        <button type="button" onClick={() => dispatch(surveyCompleted())}>
          status {status}
        </button>
      );
    }
    render(<Survey />, { wrapper: storeWrapper(store) });
    await userEvent.click(screen.getByRole('button', { name: 'status 1' }));
    expect(screen.getByRole('button', { name: 'status 2' })).toBeInTheDocument();
    expect(store.getState().survey.status).toBe(2);
  });
});

describe('useAppStore', () => {
  it('returns the provided store', () => {
    const store = createAppStore({ storage: null });
    const { result } = renderHook(() => useAppStore(), { wrapper: storeWrapper(store) });
    expect(result.current).toBe(store);
  });

  it('throws a clear error without a StoreProvider', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => renderHook(() => useAppSelector(selectSurveyStatus))).toThrow(
        'render this component inside <StoreProvider store={…}>',
      );
      expect(() => renderHook(() => useAppDispatch())).toThrow('No store here');
    } finally {
      consoleError.mockRestore();
    }
  });
});
