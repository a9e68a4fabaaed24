// One entry for every callable: the same checks for the local API host and Cloud Functions.
import { idProblem, MESSAGES, SERVER_ERRORS, permissionsFor, roleFromClaims } from '@toolkit/domain';
import { ApiError, errorResponse, unauthenticated, permissionDenied } from './errors';
import type { AccessLevel, Caller, Handler, InputIssue, Member, RequestMeta, ServerDeps } from './handler';
import { accessParts, requirePermission } from './permissions';
import { readInvite, INVITE_STATUS, inviteIdOf } from '../repositories/invites';
import { readTenantUser } from '../repositories/users';
import type { VerifiedToken } from '../auth/port';
import { MissingCursor } from '../store/port';

export interface ApiResponse {
  status: number;
  body: unknown;
}

/** What a call came to: the handler's result, or the ApiError that refused it. */
export type CallOutcome = { result: unknown } | { error: ApiError };

/**
 * The caller of a verified token. Its uid and tenant become store path segments, so one that an id
 * may not be (an account created by hand with "a/b" as its uid) ends the session here, instead of
 * reaching the store and failing there.
 */
function callerOf(token: VerifiedToken): Caller {
  const claimed = token.claims.tenantId ?? null;
  const tenantId = typeof claimed === 'string' && idProblem(claimed) === null ? claimed : undefined;
  if (idProblem(token.uid) !== null || (claimed !== null && tenantId === undefined))
    throw unauthenticated(SERVER_ERRORS.sessionIdsUnusable);
  return { ...token, tenantId: tenantId ?? null };
}

async function verify(deps: ServerDeps, authorization: string | undefined): Promise<Caller | null> {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  if (!match?.[1]) throw unauthenticated(SERVER_ERRORS.badAuthorizationHeader);
  let token: VerifiedToken;
  try {
    token = await deps.auth.verifyIdToken(match[1]);
  } catch {
    throw unauthenticated(SERVER_ERRORS.sessionInvalid);
  }
  return callerOf(token);
}

/**
 * onCall, like the router's own verify, checks a token's signature and expiry only; a session
 * revoked since it signed in (a removed member, a deleted account) is refused here, where it matters.
 */
async function requireCurrentSession(deps: ServerDeps, caller: Caller): Promise<void> {
  const authTime = caller.claims.auth_time;
  if (typeof authTime !== 'number' || !(await deps.auth.sessionCurrent(caller.uid, authTime)))
    throw unauthenticated(SERVER_ERRORS.sessionEnded);
}

/**
 * The member's role and permission overrides as stored now, never the token's: a demotion applies
 * on the next request, and an override granted before it cannot outlive it.
 */
async function asMember(deps: ServerDeps, caller: Caller): Promise<Member> {
  if (caller.isAnonymous || !caller.tenantId)
    throw permissionDenied(SERVER_ERRORS.accountInOrganisationRequired);
  // A role belongs to a proven address only: an account registered with someone else's address holds none.
  if (!caller.emailVerified) throw permissionDenied(SERVER_ERRORS.emailNotVerified);
  const tenantUser = await readTenantUser(deps.store, caller.tenantId, caller.uid);
  if (!tenantUser) throw permissionDenied(MESSAGES.notAMember);
  const stored = { role: tenantUser.role, permissions: tenantUser.permissions };
  return {
    ...caller,
    tenantId: caller.tenantId,
    role: roleFromClaims(stored),
    permissions: permissionsFor(stored),
  };
}

/**
 * A session signed in through an invite lives only as long as its invite is open and redeemed by
 * this user: once the invite is submitted (or redeemed by someone else) the session ends.
 */
async function inviteSessionOpen(deps: ServerDeps, caller: Caller): Promise<boolean> {
  const inviteId = inviteIdOf(caller);
  if (inviteId === null) return true;
  const invite = await readInvite(deps.store, inviteId);
  return invite !== null && invite.status === INVITE_STATUS.pending && invite.redeemedBy === caller.uid;
}

async function authorise(
  deps: ServerDeps,
  access: AccessLevel,
  identified: Caller | null,
): Promise<Caller | Member | null> {
  let caller = identified;
  if (caller && !(await inviteSessionOpen(deps, caller))) {
    // A public call treats an ended invite session as signed out, so it can say what happened.
    if (access !== 'public') throw unauthenticated(MESSAGES.inviteSessionEnded);
    caller = null;
  }
  if (access === 'public') return caller;
  if (!caller) throw unauthenticated();
  if (access === 'signedIn') return caller;
  if (caller.isAnonymous) throw permissionDenied(SERVER_ERRORS.notAnonymous);
  return access === 'member' ? asMember(deps, caller) : caller;
}

function inputError(handler: Handler, issues: readonly InputIssue[]): ApiError {
  const worded = handler.inputMessage?.(issues);
  if (worded) return new ApiError('invalid-argument', worded);
  const first = issues[0];
  const field = first && first.path.length > 0 ? first.path.map(String).join('.') : 'data';
  return new ApiError(
    'invalid-argument',
    SERVER_ERRORS.invalidField(field, first?.message ?? 'invalid input'),
    {
      fields: issues.map((issue) => issue.path.map(String).join('.') || 'data'),
      // Each field's own problem, so a form can show the server's words beside the field.
      problems: Object.fromEntries(
        issues.map((issue) => [issue.path.map(String).join('.') || 'data', issue.message]),
      ),
    },
  );
}

/** The `data` of a callable request's body. */
function dataOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
    throw new ApiError('invalid-argument', SERVER_ERRORS.bodyNotCallable);
  }
  return body.data;
}

export function createRouter(deps: ServerDeps, handlers: readonly Handler[]) {
  const byName = new Map(handlers.map((handler) => [handler.name as string, handler]));
  const log = deps.log ?? ((message: string) => console.error(message));

  /**
   * The checks in order: the name, the token, the request's shape, the caller's access level, the
   * session's revocation (where the handler asks), the input, then the permission the access names.
   */
  async function run(
    name: string,
    identify: () => Promise<Caller | null>,
    readData: () => unknown,
    request: RequestMeta,
  ): Promise<CallOutcome> {
    try {
      const handler = byName.get(name);
      if (!handler) throw new ApiError('not-found', SERVER_ERRORS.noSuchFunction(name));
      const identified = await identify();
      const data = readData();
      const { level, permission } = accessParts(handler.access);
      const caller = await authorise(deps, level, identified);
      if (caller && handler.checkRevoked) await requireCurrentSession(deps, caller);
      const parsed = handler.input.safeParse(data);
      if (!parsed.success) throw inputError(handler, parsed.error.issues);
      // Only a members' access names a permission (Access's type says so).
      if (permission) requirePermission(caller as Member, permission);
      const now = deps.now?.() ?? new Date();
      const result = await handler.run(parsed.data, { caller: caller as never, deps, now, request });
      return { result: result ?? null };
    } catch (error) {
      if (error instanceof ApiError) return { error };
      // A paged list's cursor the store could not start after: the caller's page, not our fault.
      if (error instanceof MissingCursor)
        return { error: new ApiError('invalid-argument', SERVER_ERRORS.pageGone) };
      log(`[api] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { error: new ApiError('internal', SERVER_ERRORS.internal) };
    }
  }

  /**
   * A request body `{ data }` with its Authorization header, answered as the callable protocol
   * answers over HTTP: for tests, which call the handlers without an HTTP host.
   */
  async function call(
    name: string,
    body: unknown,
    authorization?: string,
    request: RequestMeta = {},
  ): Promise<ApiResponse> {
    const outcome = await run(
      name,
      () => verify(deps, authorization),
      () => dataOf(body),
      request,
    );
    return 'error' in outcome ? errorResponse(outcome.error) : { status: 200, body: outcome };
  }

  /** For onCall, which has verified the ID token already; null when signed out. */
  function callAs(
    name: string,
    data: unknown,
    token: VerifiedToken | null,
    request: RequestMeta = {},
  ): Promise<CallOutcome> {
    return run(
      name,
      async () => (token ? callerOf(token) : null),
      () => data,
      request,
    );
  }

  return { call, callAs, names: [...byName.keys()] };
}

export type Router = ReturnType<typeof createRouter>;
