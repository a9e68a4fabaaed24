import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthClaims, AuthStatus } from '@toolkit/domain';

/** The serialisable part of the Firebase Auth user that screens need. */
export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
  isAnonymous: boolean;
  tenantId: string | null;
}

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  claims: AuthClaims;
  error: string | null;
  /**
   * The shell's guard chain has put in place the session the current page needs (e.g. signed a
   * respondent in anonymously). False again whenever the user changes, until the guard confirms.
   */
  settled: boolean;
}

export const initialAuthState: AuthState = {
  status: 'unknown',
  user: null,
  claims: {},
  error: null,
  settled: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The auth session changed: a user signed in (anonymously or not) or signed out (user null). */
    authChanged(state, action: PayloadAction<{ user: AuthUser | null; claims?: AuthClaims }>) {
      const { user, claims } = action.payload;
      const status = !user ? 'signedOut' : user.isAnonymous ? 'anonymous' : 'signedIn';
      // A token refresh of the same user keeps the session settled; another user or status does not.
      if (status !== state.status || user?.uid !== state.user?.uid) state.settled = false;
      state.user = user;
      state.claims = user ? (claims ?? {}) : {};
      state.status = status;
      // An error may say why the session ended; a new session makes it old news.
      if (user) state.error = null;
    },
    /** The guard chain has carried out the current page's session effects (see AuthState.settled). */
    sessionSettled(state) {
      state.settled = true;
    },
    /** Fresh custom claims after a token refresh. */
    claimsChanged(state, action: PayloadAction<AuthClaims>) {
      state.claims = action.payload;
    },
    /** An auth action failed; its message is kept for the screen. */
    authError(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    authErrorCleared(state) {
      state.error = null;
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectUid: (state) => state.user?.uid ?? null,
    selectClaims: (state) => state.claims,
    selectAuthError: (state) => state.error,
    /** Known to be signed in with a real (non-anonymous) account. */
    selectIsSignedIn: (state) => state.status === 'signedIn',
    /** Firebase has reported the session, whatever it is. */
    selectIsAuthResolved: (state) => state.status !== 'unknown',
    /** A session (anonymous or signed in) that the guard chain has confirmed for the current page. */
    selectHasSettledSession: (state) =>
      state.settled && (state.status === 'anonymous' || state.status === 'signedIn'),
  },
});

export const { authChanged, sessionSettled, claimsChanged, authError, authErrorCleared } = authSlice.actions;
export const {
  selectAuth,
  selectAuthStatus,
  selectUser,
  selectUid,
  selectClaims,
  selectAuthError,
  selectIsSignedIn,
  selectIsAuthResolved,
  selectHasSettledSession,
} = authSlice.selectors;
