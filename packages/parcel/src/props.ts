import type { Location, Navigator } from 'react-router';
import type { CallableClient, ContentClient } from '@toolkit/platform';
import type { AppStore } from '@toolkit/store-contract';
import type { AppTheme } from '@toolkit/ui';

/** What the shell hands every remote it mounts (docs/architecture.md). */
export interface ParcelProps {
  /** The shell's one store; remotes inject their own slices, never create a store. */
  store: AppStore;
  services: AppServices;
  theme: AppTheme;
  /** Where the remote's routes start, e.g. '/dashboard'. */
  basePath: string;
  /** The shell router's current location: the one source of navigation truth. */
  location: Location;
  /** Navigates through the shell's router, so back/forward and deep links work across remotes. */
  navigator: Navigator;
}

export type AuthOutcome = { success: true } | { success: false; message: string };

/** Shell-provided services. Remotes reach I/O only through these, so tests can pass real local ones. */
export interface AppServices {
  /** The callable API (use `callApi` and the endpoints of @toolkit/platform). */
  callable: CallableClient;
  /** The content service (survey definitions, academy, actions). */
  content: ContentClient;
  /**
   * A survey's first screen is on screen: the shell now loads the sign-in session it held back
   * (a respondent sees the first question before the sign-in SDK downloads). Idempotent.
   */
  requestSession(): void;
  signOut(): Promise<void>;
  signInAnonymously(): Promise<AuthOutcome>;
  signInWithCustomToken(token: string): Promise<AuthOutcome>;
  /**
   * Mails an e-mail sign-in link that continues to `continueUrl` (the outro's "Save my results").
   * Opened in this browser, it upgrades an anonymous session to the address: the same account.
   */
  sendSignInLink(email: string, continueUrl: string): Promise<AuthOutcome>;
  /** Forced token refresh, so claims changed on the server apply now. */
  refreshClaims(): Promise<void>;
  /** Account settings of the signed-in user (identity provider). */
  sendPasswordReset(email: string): Promise<AuthOutcome>;
  updatePassword(newPassword: string): Promise<AuthOutcome>;
  updateDisplayName(displayName: string): Promise<AuthOutcome>;
}
