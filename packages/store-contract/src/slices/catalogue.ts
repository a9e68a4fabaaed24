// The survey catalogue (every published survey's title and publisher, from the content service)
// and what it tells about the signed-in organisation: a tenant publishing one of its surveys is a
// publisher, any other a business (@toolkit/domain tenantKindOf). One slice of the shell's store,
// so the shell's header and gate and every remote read the same answer from one request.
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { SURVEY_LIST_QUERY, tenantKindOf, type SurveyListQuery, type TenantKind } from '@toolkit/domain';
import type { AuthState } from './auth';

export interface CatalogueSurvey {
  title: string;
  /** The publishing tenant. */
  tenantId: string;
}

export interface CatalogueState {
  /** `idle` until something asks; `failed` stays until someone asks again (retryCatalogue). */
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The published surveys by id, in the content service's order; null until read. */
  surveys: Record<string, CatalogueSurvey> | null;
  /** Why it could not be read. */
  error: string | null;
}

export const initialCatalogueState: CatalogueState = { status: 'idle', surveys: null, error: null };

/** What the organisation is; `pending` until the catalogue is read, `unknown` when it could not be. */
export type TenantKindState = TenantKind | 'pending' | 'unknown';

/** The content client the store's `extra` (the shell's services) carries. */
interface ContentReader {
  request<T>(document: string, variables?: object): Promise<T>;
}

function contentOf(extra: unknown): ContentReader {
  const content = (extra as { content?: Partial<ContentReader> } | null | undefined)?.content;
  if (typeof content?.request === 'function') return content as ContentReader;
  throw new Error(
    "The catalogue needs the shell's services as the store's extra (createAppStore({ extra })).",
  );
}

export const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState: initialCatalogueState,
  reducers: {
    catalogueRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    catalogueLoaded(state, action: PayloadAction<Record<string, CatalogueSurvey>>) {
      state.status = 'ready';
      state.surveys = action.payload;
    },
    catalogueFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
  },
  selectors: {
    selectCatalogue: (state) => state,
  },
});

export const { catalogueRequested, catalogueLoaded, catalogueFailed } = catalogueSlice.actions;

/**
 * Reads the catalogue unless it is read or being read: however many screens ask at once, the
 * content service is asked once. After a failure it is asked again only when this is dispatched
 * again (a "Try again"), never by a screen mounting, so a failing service is not asked in a loop.
 * A plain thunk, not createAsyncThunk: the apps share a slim @reduxjs/toolkit without it
 * (@toolkit/federation), and the shell's first download stays as it was.
 */
export function loadCatalogue() {
  return async (
    dispatch: (action: UnknownAction) => unknown,
    getState: () => { catalogue: CatalogueState },
    extra: unknown,
  ): Promise<void> => {
    const { status } = getState().catalogue;
    if (status === 'loading' || status === 'ready') return;
    dispatch(catalogueRequested());
    try {
      const { surveys } = await contentOf(extra).request<SurveyListQuery>(SURVEY_LIST_QUERY);
      dispatch(
        catalogueLoaded(
          Object.fromEntries(surveys.map(({ id, title, tenantId }) => [id, { title, tenantId }])),
        ),
      );
    } catch (error) {
      dispatch(catalogueFailed(error instanceof Error ? error.message : String(error)));
    }
  };
}

export const { selectCatalogue } = catalogueSlice.selectors;

/** The signed-in member's organisation; none for a visitor or an anonymous respondent. */
export const signedInTenantId = (auth: AuthState): string | null =>
  auth.status === 'signedIn' ? (auth.claims.tenantId ?? null) : null;

/**
 * The organisation's kind as every app shows it. Without a tenant it is a business's (nothing to
 * publish). While the catalogue is not read it is `pending`, and `unknown` when it could not be
 * read: no kind is guessed, so no screen is opened or refused on a guess.
 */
export function tenantKindIn(catalogue: CatalogueState, tenantId: string | null): TenantKindState {
  if (!tenantId) return 'business';
  if (catalogue.surveys) return tenantKindOf(tenantId, new Map(Object.entries(catalogue.surveys)));
  return catalogue.status === 'failed' ? 'unknown' : 'pending';
}

export const selectTenantKind = (state: { auth: AuthState; catalogue: CatalogueState }): TenantKindState =>
  tenantKindIn(state.catalogue, signedInTenantId(state.auth));
