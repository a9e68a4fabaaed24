import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createAppStore,
  injectSlice,
  selectSurveyStatus,
  surveyCompleted,
  tenantResolved,
  useAppDispatch,
  useAppSelector,
  type RootState,
} from './index';
import { renderWithProviders } from './testing';

// What a remote does: its own slice, under its own key, known to RootState by declaration merging.
const notesSlice = createSlice({
  name: 'remoteNotes',
  initialState: { items: [] as string[] },
  reducers: {
    noteAdded(state, action: PayloadAction<string>) {
      state.items.push(action.payload);
    },
  },
  selectors: {
    selectNotes: (state) => state.items,
    selectNoteCount: (state) => state.items.length,
  },
});
const { noteAdded } = notesSlice.actions;

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging, as remotes do
  interface LazyLoadedSlices extends WithSlice<typeof notesSlice> {}
}

describe('createAppStore', () => {
  it('has the shell slices with their initial state', () => {
    const state = createAppStore({ storage: null }).getState();
    expect(Object.keys(state).sort()).toEqual(['auth', 'catalogue', 'plan', 'survey', 'tenant']);
    expect(state.survey.status).toBe(1);
  });

  it('accepts preloaded state', () => {
    const store = createAppStore({ storage: null, preloadedState: { survey: { status: 2 } } });
    expect(selectSurveyStatus(store.getState())).toBe(2);
    expect(store.getState().plan.plan).toBe('Free');
  });

  it('gives every store its own reducer, so injecting into one does not touch another', () => {
    const a = createAppStore({ storage: null });
    const b = createAppStore({ storage: null });
    injectSlice(a, notesSlice);
    expect(a.getState().remoteNotes).toEqual({ items: [] });
    b.dispatch(noteAdded('ignored'));
    expect(b.getState().remoteNotes).toBeUndefined();
  });
});

describe('injectSlice', () => {
  it('adds a remote slice under its key; shell state survives and the remote selectors work', () => {
    const store = createAppStore({ storage: null });
    store.dispatch(surveyCompleted());
    store.dispatch(tenantResolved({ tenantId: 'acme' }));
    const before = store.getState();

    const notes = injectSlice(store, notesSlice);
    expect(notes.selectors.selectNotes(store.getState())).toEqual([]);
    store.dispatch(noteAdded('first'));
    expect(notes.selectors.selectNotes(store.getState())).toEqual(['first']);
    expect(notes.selectors.selectNoteCount(store.getState())).toBe(1);

    const after: RootState = store.getState();
    expect(after.survey).toBe(before.survey);
    expect(after.tenant).toBe(before.tenant);
    expect(after.auth).toBe(before.auth);
  });

  it('is harmless when the same slice is injected twice', () => {
    const store = createAppStore({ storage: null });
    injectSlice(store, notesSlice);
    store.dispatch(noteAdded('kept'));
    const again = injectSlice(store, notesSlice);
    expect(again.selectors.selectNotes(store.getState())).toEqual(['kept']);
  });

  it('refuses a remote slice that would take a shell key', () => {
    const store = createAppStore({ storage: null });
    const impostor = createSlice({ name: 'survey', initialState: { answers: {} }, reducers: {} });
    expect(() => injectSlice(store, impostor)).toThrow('belongs to the shell');
    expect(store.getState().survey).toEqual({ status: 1 });
  });

  it('feeds components through the typed hooks after injection', async () => {
    const store = createAppStore({ storage: null, preloadedState: { survey: { status: 2 } } });
    // A remote injects into the store it was handed before it renders; the injected slice's
    // selectors (not the raw slice's) accept RootState.
    const notes = injectSlice(store, notesSlice);
    function Notes() {
      const count = useAppSelector(notes.selectors.selectNoteCount);
      const status = useAppSelector(selectSurveyStatus);
      const dispatch = useAppDispatch();
      return (
        <>
          <p>
            {count} notes, survey {status}
          </p>
          <button type="button" onClick={() => dispatch(noteAdded('x'))}>
            Add
          </button>
        </>
      );
    }
    renderWithProviders(<Notes />, { store });
    expect(screen.getByText('0 notes, survey 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('1 notes, survey 2')).toBeInTheDocument();
    expect(store.getState().remoteNotes).toEqual({ items: ['x'] });
  });

  it('renders with a fresh store from preloaded state by default', () => {
    function Status() {
      return <p>status {useAppSelector(selectSurveyStatus)}</p>;
    }
    const { store } = renderWithProviders(<Status />, { preloadedState: { survey: { status: 2 } } });
    expect(screen.getByText('status 2')).toBeInTheDocument();
    expect(store.persistence).toBeNull();
  });
});
