// A callable handler: who may call it, what it accepts, what it does. The router verifies the
// token, resolves the caller's tenant and *current* role from the store, validates the input and
// checks the permission its access names before `run` sees anything, so every handler gets the
// same checks.
import type { z } from 'zod';
import type { ApiName, CatalogueAction, EsgTopic, PermissionSet, Role, ScoringMethod } from '@toolkit/domain';
import type { AuthPort } from '../auth/port';
import type { BillingPort } from '../billing/port';
import type { CredentialIssuer } from '../credentials/issuer';
import type { DocumentStore } from '../store/port';
import type { HandlerPermission } from './permissions';

export interface Caller {
  uid: string;
  email: string | null;
  /** Whether the identity provider says the address was proven; roles and mail need it. */
  emailVerified: boolean;
  isAnonymous: boolean;
  /** The token's sign-in provider: 'custom' for a session the server minted (an invite's). */
  signInProvider: string;
  claims: Record<string, unknown>;
  /** The tenant of the verified token's claims; never taken from the request. */
  tenantId: string | null;
}

/** A signed-in (not anonymous) user of a tenant, with the role stored now, not the token's. */
export interface Member extends Caller {
  tenantId: string;
  role: Role;
  permissions: PermissionSet;
}

export interface ServerQuestion {
  id: string;
  type: string;
  title: string;
  scoring: { method: ScoringMethod; maxScore: number };
  scoreMin: number | null;
  scoreMax: number | null;
  /** A slider's captions, for its answer in words. */
  labels: string[] | null;
  options: { id: string; label: string; score: number }[] | null;
  multiple: boolean | null;
}

/** The survey definition as the server needs it (recipients, scoring, logos). */
export interface ServerSurveyDefinition {
  id: string;
  tenantId: string;
  title: string;
  requireAccount: boolean;
  notificationRecipients: string[];
  notificationBcc: string[];
  primaryLogo: string | null;
  secondaryLogo: string | null;
  primaryColor: string | null;
  dashboardUrl: string | null;
  /** What an organisation signs; null text: the survey has no declaration. */
  declaration: { text: string | null; outro: string | null };
  /** The overall score runs from 0 to scale; a band applies from its min up to the next band's. */
  scoring: { scale: number; bands: { min: number; label: string; description: string | null }[] };
  /** Questions of groups are listed in their section, in order: a group only arranges them. */
  sections: { title: string; topic: EsgTopic | null; weight: number; questions: ServerQuestion[] }[];
}

export interface ContentPort {
  /** null when the survey does not exist; throws the content-service failure otherwise. */
  getSurvey(surveyId: string): Promise<ServerSurveyDefinition | null>;
  /** A toolkit's publisher; null when no toolkit has that name. */
  getToolkit(
    name: string,
  ): Promise<{ name: string; title: string; tenantId: string; assessment: string } | null>;
  /** The action catalogue; throws the content-service failure when it cannot be read. */
  getActions(): Promise<CatalogueAction[]>;
}

export interface ServerDeps {
  store: DocumentStore;
  auth: AuthPort;
  content: ContentPort;
  /** Where links in e-mails point, e.g. http://localhost:3000 */
  appUrl: string;
  /** Customers, checkouts, subscriptions and entitlements: Stripe, or the local sandbox. */
  billing: BillingPort;
  /** Signs declaration credentials and publishes their keys. */
  credentials: CredentialIssuer;
  now?: () => Date;
  log?: (message: string) => void;
}

/**
 * public: anyone, token optional · signedIn: any verified token, anonymous included ·
 * account: a verified non-anonymous user · member: an account belonging to a tenant.
 */
export type AccessLevel = 'public' | 'signedIn' | 'account' | 'member';

/**
 * Who may call a handler, in one declaration: an access level, or `member:<permission>` for a
 * member who must also hold that permission (api/permissions.ts). Only members hold permissions.
 */
export type Access = AccessLevel | `member:${HandlerPermission}`;

export type CallerFor<A extends Access> = A extends 'public'
  ? Caller | null
  : A extends 'member' | `member:${string}`
    ? Member
    : Caller;

/** What the host knows about the request besides its body and token. */
export interface RequestMeta {
  /** The client's address as the host sees it; absent when the host cannot tell. */
  ip?: string | undefined;
  /** Present when the client accepts a streamed answer (onCall streaming, server-sent events). */
  stream?: ResponseStream | undefined;
}

export interface ResponseStream {
  /** Sends one message before the final answer; false once the client has gone. */
  send(message: unknown): Promise<boolean>;
  /** Aborted when the client disconnects. */
  signal: AbortSignal;
}

export interface HandlerContext<A extends Access> {
  caller: CallerFor<A>;
  deps: ServerDeps;
  now: Date;
  request: RequestMeta;
}

/** One problem zod found in a request's data. */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

export interface Handler<A extends Access = Access, S extends z.ZodType = z.ZodType, R = unknown> {
  name: ApiName;
  access: A;
  /**
   * Set on callables that change roles, billing or membership: the router refuses a token whose
   * session was revoked (a removed member, a deleted account) although it has not expired yet.
   */
  checkRevoked?: true;
  input: S;
  /** The message for invalid input where the catalogue words it; null leaves the router's "Invalid <field>". */
  inputMessage?: (issues: readonly InputIssue[]) => string | null;
  run(input: z.output<S>, context: HandlerContext<A>): Promise<R>;
}

export function defineHandler<A extends Access, S extends z.ZodType, R>(
  handler: Handler<A, S, R>,
): Handler<A, S, R> {
  return handler;
}
