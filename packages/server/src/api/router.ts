// One entry for every callable: the same checks for the local API host and Cloud Functions.
import { MESSAGES, permissionsFor, roleFromClaims } from '@toolkit/domain';
import { ApiError, errorResponse, unauthenticated, permissionDenied } from './errors';
import type { Access, Caller, Handler, Member, RequestMeta, ServerDeps } from './handler';
import { paths } from '../repositories/paths';
import { getInvite, INVITE_STATUS, inviteIdOf } from '../repositories/invites';
import { permissionOverridesOf, roleOf } from '../repositories/users';
import type { VerifiedToken } from '../auth/port';

export interface ApiResponse {
  status: number;
  body: unknown;
}

function callerOf(token: VerifiedToken): Caller {
  const tenantId = typeof token.claims.tenantId === 'string' ? token.claims.tenantId : null;
  return { ...token, tenantId };
}

async function verify(deps: ServerDeps, authorization: string | undefined): Promise<Caller | null> {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  if (!match?.[1]) throw unauthenticated('The authorization header must be "Bearer <ID token>".');
  try {
    return callerOf(await deps.auth.verifyIdToken(match[1]));
  } catch {
    throw unauthenticated('Your session has expired or is not valid. Sign in again.');
  }
}

/**
 * The member's role and permission overrides as stored now, never the token's: a demotion applies
 * on the next request, and an override granted before it cannot outlive it.
 */
async function asMember(deps: ServerDeps, caller: Caller): Promise<Member> {
  if (caller.isAnonymous || !caller.tenantId)
    throw permissionDenied('This needs an account in an organisation.');
  const tenantUser = await deps.store.get(paths.tenantUser(caller.tenantId, caller.uid));
  if (!tenantUser.data) throw permissionDenied(MESSAGES.notAMember);
  const stored = { role: roleOf(tenantUser.data), permissions: permissionOverridesOf(tenantUser.data) };
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
  const invite = await getInvite(deps.store, inviteId);
  return invite !== null && invite.status === INVITE_STATUS.pending && invite.redeemedBy === caller.uid;
}

async function authorise(
  deps: ServerDeps,
  access: Access,
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
  if (caller.isAnonymous) throw permissionDenied('This needs a signed-in account, not an anonymous session.');
  return access === 'member' ? asMember(deps, caller) : caller;
}

function inputError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ApiError {
  const first = issues[0];
  const field = first && first.path.length > 0 ? first.path.map(String).join('.') : 'data';
  return new ApiError('invalid-argument', `Invalid ${field}: ${first?.message ?? 'invalid input'}`, {
    fields: issues.map((issue) => issue.path.map(String).join('.') || 'data'),
  });
}

/** The `data` of a callable request's body. */
function dataOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
    throw new ApiError('invalid-argument', 'The request body must be a JSON object with a data field.');
  }
  return body.data;
}

export function createRouter(deps: ServerDeps, handlers: readonly Handler[]) {
  const byName = new Map(handlers.map((handler) => [handler.name as string, handler]));
  const log = deps.log ?? ((message: string) => console.error(message));

  /** The checks in order: the name, the token, the request's shape, the caller's access, then the input. */
  async function run(
    name: string,
    readData: () => unknown,
    identify: () => Promise<Caller | null>,
    request: RequestMeta,
  ): Promise<ApiResponse> {
    try {
      const handler = byName.get(name);
      if (!handler) throw new ApiError('not-found', `There is no function named "${name}".`);
      // The token first: a request with a bad token costs no body parsing (see callHttp).
      const identified = await identify();
      const data = await readData();
      const caller = await authorise(deps, handler.access, identified);
      const parsed = handler.input.safeParse(data);
      if (!parsed.success) throw inputError(parsed.error.issues);
      const now = deps.now?.() ?? new Date();
      const result = await handler.run(parsed.data, { caller: caller as never, deps, now, request });
      return { status: 200, body: { result: result ?? null } };
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      log(`[api] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return errorResponse(new ApiError('internal', 'Something went wrong on our side. Please try again.'));
    }
  }

  /**
   * A callable request as it arrives over HTTP, its body read only once the Authorization header's
   * token is verified: `readBody` answers the parsed JSON body or throws an ApiError.
   */
  function callHttp(
    name: string,
    authorization: string | undefined,
    readBody: () => Promise<unknown>,
    request: RequestMeta = {},
  ): Promise<ApiResponse> {
    return run(
      name,
      async () => dataOf(await readBody()),
      () => verify(deps, authorization),
      request,
    );
  }

  /** A callable request whose body `{ data }` is parsed already. */
  function call(
    name: string,
    body: unknown,
    authorization?: string,
    request: RequestMeta = {},
  ): Promise<ApiResponse> {
    return callHttp(name, authorization, async () => body, request);
  }

  /** For hosts that verified the ID token already (Cloud Functions' onCall); null when signed out. */
  function callAs(
    name: string,
    data: unknown,
    token: VerifiedToken | null,
    request: RequestMeta = {},
  ): Promise<ApiResponse> {
    return run(
      name,
      () => data,
      async () => (token ? callerOf(token) : null),
      request,
    );
  }

  return { call, callHttp, callAs, names: [...byName.keys()] };
}

export type Router = ReturnType<typeof createRouter>;
