// A callable is declared once (@toolkit/domain callables.ts); the router, the lazy loaders, the
// Cloud Functions export and the handler's types are derived from the declaration. Here every
// declaration is found in each of them, and a declaration outside the API's table is picked up end
// to end: a function of its name, the request its schema takes, the access it names and the answer
// it declares. (The isolation suite's table is keyed by the declared names: one without an entry
// does not compile.)
import { answer, API, CALLABLE_NAMES, CALLABLES_BY_NAME, declareCallables } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import {
  allCallables,
  callableLoaders,
  createRouter,
  implement,
  type Handler,
  type ServerDeps,
} from '@toolkit/server';
import type { CallableFunction, CallableRequest } from 'firebase-functions/v2/https';
import functionsTest from 'firebase-functions-test';
import { createCallables, type CallableGroups } from './callables';

const tester = functionsTest({ projectId: 'demo-toolkit' });
afterAll(() => tester.cleanup());

/** The calls below need no store, auth or service: touching one fails the test. */
const unused = new Proxy(
  {},
  {
    get: (_, property) => {
      throw new Error(`The call used ${String(property)}`);
    },
  },
) as never;
const deps: ServerDeps = {
  store: unused,
  auth: unused,
  content: unused,
  appUrl: 'http://localhost:3000',
  billing: unused,
  credentials: unused,
  evidenceFiles: unused,
};

const functionNames = (groups: Partial<CallableGroups>) =>
  Object.entries(groups).flatMap(([group, members]) =>
    Object.keys(members ?? {}).map((name) => `${group}-${name}`),
  );

describe('every declared callable', () => {
  it('has a handler in the router, a lazy loader and a deployed function, under its declared name', () => {
    const declared = [...CALLABLE_NAMES].sort();
    expect(createRouter(deps, allCallables).names.sort()).toEqual(declared);
    expect(Object.keys(callableLoaders).sort()).toEqual(declared);
    expect(functionNames(createCallables(() => deps, { cors: [] })).sort()).toEqual(declared);
  });

  it("loads a handler with its declaration's access and request schema", async () => {
    for (const name of CALLABLE_NAMES) {
      const handler = await callableLoaders[name]();
      expect({ name: handler.name, access: handler.access }).toEqual({
        name,
        access: CALLABLES_BY_NAME[name].access,
      });
      expect(handler.input).toBe(REQUESTS[name]);
    }
  });
});

// A declaration as a new callable adds one to the API's table; the handler is all it needs beside it.
const SAMPLE = declareCallables({
  echo: {
    name: 'sample-echo',
    access: 'public',
    request: ({ z, text }) => z.object({ words: text({ max: 20 }).pipe(z.string().min(1)) }),
    response: answer<{ echoed: string }>(),
  },
  whoAmI: {
    name: 'sample-whoAmI',
    access: 'member',
    request: ({ z }) => z.null(),
    response: answer<{ uid: string }>(),
  },
});

const echo = implement(SAMPLE.echo, {
  // `words` is typed by the declaration's schema, the answer by its response.
  run: async ({ words }) => ({ echoed: words.toUpperCase() }),
});
const whoAmI = implement(SAMPLE.whoAmI, {
  // The member's access gives the handler a member: its uid is there without a check.
  run: async (_input, { caller }) => ({ uid: caller.uid }),
});

implement(SAMPLE.echo, {
  // @ts-expect-error: the answer must be the one the declaration names
  run: async () => ({ echoed: 1 }),
});

const samples: Handler[] = [echo, whoAmI];

describe('a new declaration', () => {
  it('is served by the router with its schema and access', async () => {
    const router = createRouter(deps, [...allCallables, ...samples]);
    expect(router.names).toEqual(expect.arrayContaining([SAMPLE.echo.name, SAMPLE.whoAmI.name]));

    expect(await router.call(SAMPLE.echo.name, { data: { words: 'hello' } })).toEqual({
      status: 200,
      body: { result: { echoed: 'HELLO' } },
    });
    const invalid = await router.call(SAMPLE.echo.name, { data: { words: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', details: { fields: ['words'] } },
    });
    // Members only, as declared: refused before anything is read.
    expect((await router.call(SAMPLE.whoAmI.name, { data: null })).status).toBe(401);
  });

  it('becomes a Cloud Function of its name that loads its handler on its first call', async () => {
    let loads = 0;
    const groups = createCallables(() => deps, {
      cors: [],
      trustedHops: 0,
      loaders: {
        ...callableLoaders,
        [SAMPLE.echo.name]: async () => {
          loads += 1;
          return echo;
        },
        [SAMPLE.whoAmI.name]: async () => whoAmI,
      },
    }) as Partial<CallableGroups> & { sample?: Record<string, CallableFunction<unknown, Promise<unknown>>> };
    expect(functionNames(groups)).toEqual(expect.arrayContaining([SAMPLE.echo.name, SAMPLE.whoAmI.name]));
    expect(loads).toBe(0);

    const rawRequest = {
      headers: {},
      socket: { remoteAddress: '127.0.0.1' },
    } as unknown as CallableRequest['rawRequest'];
    const call = (name: string, data: unknown) =>
      tester.wrap(groups.sample![name]!)({ data, rawRequest } as CallableRequest) as Promise<unknown>;
    expect(await call('echo', { words: 'hi' })).toEqual({ echoed: 'HI' });
    expect(loads).toBe(1);
    await expect(call('echo', { words: 42 })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(call('whoAmI', null)).rejects.toMatchObject({ code: 'unauthenticated' });
    // The API's own functions are there beside them.
    expect(groups.admin?.setUserRole).toBeDefined();
    expect(API.setUserRole).toBe('admin-setUserRole');
  });
});
