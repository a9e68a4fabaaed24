// A callable handler: who may call it, what it accepts, what it does. The router verifies the
// token, resolves the caller's tenant and *current* role from the store, validates the input and
// checks the permission its access names before `run` sees anything, so every handler gets the
// same checks.
import type { z } from 'zod';
import {
  CALLABLES_BY_NAME,
  type Access,
  type AccessOf,
  type ApiName,
  type ApiResponses,
  type CallableDeclaration,
  type PermissionSet,
  type RequestSchema,
  type ResponseOf,
  type Role,
} from '@toolkit/domain';
import { REQUESTS, requestKit } from '@toolkit/domain/requests';
import type { AuthPort } from '../auth/port';
import type { BillingPort } from '../billing/port';
import type { CredentialIssuer } from '../credentials/issuer';
import type { EvidenceFiles } from '../evidence/port';
import type { DocumentStore } from '../store/port';
import type { ContentPort } from '../survey-definition';

export type { Access, AccessLevel } from '@toolkit/domain';
export type { ContentPort, ServerQuestion, ServerSurveyDefinition } from '../survey-definition';

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
  /** Evidence files' bytes and download links: files on this machine, or Cloud Storage. */
  evidenceFiles: EvidenceFiles;
  now?: () => Date;
  log?: (message: string) => void;
}

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

/** What a handler adds to its callable's declaration: what it does. */
export interface Implementation<A extends Access, S extends z.ZodType, R> {
  /**
   * Set on callables that change roles, billing or membership: the router refuses a token whose
   * session was revoked (a removed member, a deleted account) although it has not expired yet.
   */
  checkRevoked?: true;
  /** The message for invalid input where the catalogue words it; null leaves the router's "Invalid <field>". */
  inputMessage?: (issues: readonly InputIssue[]) => string | null;
  run(input: z.output<S>, context: HandlerContext<A>): Promise<R>;
}

/** A callable as the router runs it: its declaration's name, access and request schema, and its implementation. */
export interface Handler<
  A extends Access = Access,
  S extends z.ZodType = z.ZodType,
  R = unknown,
  N extends string = string,
> extends Implementation<A, S, R> {
  name: N;
  access: A;
  input: S;
}

/** The handler of a declared callable, typed by its declaration. */
export type HandlerOf<N extends ApiName> = Handler<AccessOf<N>, RequestSchema<N>, ApiResponses[N], N>;

/**
 * The handler of a callable declared in @toolkit/domain (callables.ts): the name, access and request
 * schema come from its declaration, and `run` must answer what the declaration says it answers.
 */
export function defineHandler<N extends ApiName>(
  name: N,
  implementation: Implementation<AccessOf<N>, RequestSchema<N>, ApiResponses[N]>,
): HandlerOf<N> {
  const { access } = CALLABLES_BY_NAME[name];
  return { ...implementation, name, access, input: REQUESTS[name] };
}

/**
 * A handler for any declaration, its request schema built from it: what defineHandler does for the
 * API's own, for a declaration outside the API's table (a test's).
 */
export function implement<const D extends CallableDeclaration>(
  declaration: D,
  implementation: Implementation<D['access'], ReturnType<D['request']>, ResponseOf<D>>,
): Handler<D['access'], ReturnType<D['request']>, ResponseOf<D>, D['name']> {
  return {
    ...implementation,
    name: declaration.name,
    access: declaration.access,
    input: declaration.request(requestKit) as ReturnType<D['request']>,
  };
}
