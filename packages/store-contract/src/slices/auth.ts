import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthClaims, AuthStatus } from '@toolkit/domain';

/** The serialisable part of the Firebase Auth user that screens need (SPEC.md §3). */
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
}

export const initialAuthState: AuthState = { status: 'unknown', user: null, claims: {}, error: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The auth session changed: a user signed in (anonymously or not) or signed out (user null). */
    authChanged(state, action: PayloadAction<{ user: AuthUser | null; claims?: AuthClaims }>) {
      const { user, claims } = action.payload;
      state.user = user;
      state.claims = user ? (claims ?? {}) : {};
      state.status = !user ? 'signedOut' : user.isAnonymous ? 'anonymous' : 'signedIn';
      state.error = null;
    },
    /** Fresh custom claims after a token refresh. */
    claimsChanged(state, action: PayloadAction<AuthClaims>) {
      state.claims = action.payload;
    },
    /** An auth action failed; its message is kept for the screen (SPEC.md §8). */
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
  },
});

export const { authChanged, claimsChanged, authError, authErrorCleared } = authSlice.actions;
export const {
  selectAuth,
  selectAuthStatus,
  selectUser,
  selectUid,
  selectClaims,
  selectAuthError,
  selectIsSignedIn,
  selectIsAuthResolved,
} = authSlice.selectors;
