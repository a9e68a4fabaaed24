// One entry for every callable: the same checks for the local API host and Cloud Functions.
import { permissionsFor, roleFromClaims } from '@toolkit/domain';
import { ApiError, errorResponse, unauthenticated, permissionDenied } from './errors';
import type { Access, Caller, Handler, Member, ServerDeps } from './handler';
import { paths } from '../repositories/paths';
import { roleOf } from '../repositories/users';
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

/** The member's role as stored now: a downgrade applies on the next request, whatever the token says. */
async function asMember(deps: ServerDeps, caller: Caller): Promise<Member> {
  if (caller.isAnonymous || !caller.tenantId)
    throw permissionDenied('This needs an account in an organisation.');
  const tenantUser = await deps.store.get(paths.tenantUser(caller.tenantId, caller.uid));
  if (!tenantUser.data) throw permissionDenied('You are not a member of this organisation.');
  const claims = { ...caller.claims, role: roleOf(tenantUser.data) };
  return {
    ...caller,
    tenantId: caller.tenantId,
    role: roleFromClaims(claims),
    permissions: permissionsFor(claims),
  };
}

async function authorise(
  deps: ServerDeps,
  access: Access,
  caller: Caller | null,
): Promise<Caller | Member | null> {
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

export function createRouter(deps: ServerDeps, handlers: readonly Handler[]) {
  const byName = new Map(handlers.map((handler) => [handler.name as string, handler]));
  const log = deps.log ?? ((message: string) => console.error(message));

  /** The checks in order: the name, the request's shape, the caller, then the input. */
  async function run(
    name: string,
    readData: () => unknown,
    identify: () => Promise<Caller | null>,
  ): Promise<ApiResponse> {
    try {
      const handler = byName.get(name);
      if (!handler) throw new ApiError('not-found', `There is no function named "${name}".`);
      const data = readData();
      const caller = await authorise(deps, handler.access, await identify());
      const parsed = handler.input.safeParse(data);
      if (!parsed.success) throw inputError(parsed.error.issues);
      const now = deps.now?.() ?? new Date();
      const result = await handler.run(parsed.data, { caller: caller as never, deps, now });
      return { status: 200, body: { result: result ?? null } };
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      log(`[api] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return errorResponse(new ApiError('internal', 'Something went wrong on our side. Please try again.'));
    }
  }

  /** A callable request as it arrives over HTTP: the body `{ data }` and the Authorization header. */
  function call(name: string, body: unknown, authorization?: string): Promise<ApiResponse> {
    const readData = () => {
      if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
        throw new ApiError('invalid-argument', 'The request body must be a JSON object with a data field.');
      }
      return body.data;
    };
    return run(name, readData, () => verify(deps, authorization));
  }

  /** For hosts that verified the ID token already (Cloud Functions' onCall); null when signed out. */
  function callAs(name: string, data: unknown, token: VerifiedToken | null): Promise<ApiResponse> {
    return run(
      name,
      () => data,
      async () => (token ? callerOf(token) : null),
    );
  }

  return { call, callAs, names: [...byName.keys()] };
}

export type Router = ReturnType<typeof createRouter>;
