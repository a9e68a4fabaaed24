import type { RouteId } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import type { CallableClient, ContentClient, RuntimeConfig } from '@toolkit/platform';
import type { ShellAuth } from './auth/firebase-auth';

/** Everything the shell reaches outside the browser; remotes get the subset in AppServices. */
export interface ShellServices {
  config: RuntimeConfig;
  auth: ShellAuth;
  content: ContentClient;
  callable: CallableClient;
  /** Calls without a token, for session-free pages: they never load the sign-in SDK. */
  publicCallable: CallableClient;
  /**
   * Starts the reads a page's screen makes first (@toolkit/domain firstReadsOf), which the remote's
   * identical reads then take; absent where the shell shares no reads (a survey's pages).
   */
  startRouteReads?: (routeId: RouteId) => void;
}

export const parcelServices = ({ auth, callable, content }: ShellServices): AppServices => ({
  callable,
  content,
  requestSession: () => auth.requestSession(),
  signOut: () => auth.signOut(),
  signInAnonymously: () => auth.signInAnonymously(),
  signInWithCustomToken: (token) => auth.signInWithCustomToken(token),
  sendSignInLink: (email, continueUrl) => auth.sendSignInLink(email, continueUrl),
  refreshClaims: async () => {
    await auth.refreshClaims();
  },
  sendPasswordReset: (email) => auth.sendPasswordReset(email),
  updatePassword: (newPassword) => auth.updatePassword(newPassword),
  updateDisplayName: (displayName) => auth.updateDisplayName(displayName),
});
