// The deployed functions, called as Firebase calls them once it has verified the ID token
// (firebase-functions-test, offline), with firebase-admin's Firestore on @firestore-emulator/server
// and the local content service.
import net from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';
import { startContentServer } from '@toolkit/content';
import { ROLES } from '@toolkit/domain';
import { allHandlers } from '@toolkit/server/src/handlers';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { CallableFunction, CallableRequest } from 'firebase-functions/v2/https';
import functionsTest from 'firebase-functions-test';

type Functions = typeof import('./index');

const tester = functionsTest({ projectId: 'demo-toolkit' });
let functions: Functions;
let firestore: FirestoreServer;
let content: { close(): Promise<void> };
let app: App;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  firestore = new FirestoreServer();
  const port = await freePort();
  await firestore.start(port);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const server = await startContentServer({ port: 0, key: 'functions-test-key' });
  content = server;
  // What `firebase deploy` asks for: the parameters and the secret (read from the environment here).
  process.env.CONTENT_URL = server.graphqlUrl;
  process.env.CONTENT_KEY = 'functions-test-key';
  process.env.APP_URL = 'https://toolkit.example.com';
  // The functions reuse the default app, as they would in Cloud Functions.
  app = initializeApp({ projectId: 'demo-toolkit' });
  functions = await import('./index');
  await getFirestore(app).doc('tenants/acme/users/owner-1').set({
    email: 'owner@acme.example',
    firstName: 'Olive',
    lastName: 'Owner',
    tenantId: 'acme',
    role: 'owner',
  });
}, 60_000);

afterAll(async () => {
  tester.cleanup();
  await deleteApp(app);
  await content.close();
  firestore.stop();
});

type Auth = CallableRequest['auth'];
const signedIn = (uid: string, provider: string, claims: Record<string, unknown> = {}): Auth =>
  ({
    uid,
    token: { uid, email: `${uid}@example.com`, firebase: { sign_in_provider: provider }, ...claims },
  }) as unknown as Auth;
const owner = signedIn('owner-1', 'password', { tenantId: 'acme', role: 'owner' });
const anonymous = signedIn('anon-1', 'anonymous');

function invoke(fn: CallableFunction<unknown, Promise<unknown>>, data: unknown, auth?: Auth) {
  return tester.wrap(fn)({ data, auth } as CallableRequest) as Promise<Record<string, unknown>>;
}

it('exports one function per handler, named as Firebase deploys it (group-name)', () => {
  const deployed = Object.entries(functions).flatMap(([group, members]) =>
    Object.keys(members as object).map((name) => `${group}-${name}`),
  );
  expect(deployed.sort()).toEqual(allHandlers.map((handler) => handler.name).sort());
});

it('member: reaches the handler with the role stored in Firestore', async () => {
  expect(await invoke(functions.admin.getAvailableRoles!, null, owner)).toEqual({
    status: 'success',
    availableRoles: [...ROLES],
    userRole: 'owner',
  });
});

it('member: refuses an account that is not a member as permission-denied', async () => {
  const stranger = signedIn('stranger-1', 'password', { tenantId: 'acme', role: 'owner' });
  await expect(invoke(functions.admin.getAvailableRoles!, null, stranger)).rejects.toMatchObject({
    code: 'permission-denied',
    message: 'You are not a member of this organisation.',
    httpErrorCode: { status: 403 },
  });
});

it('account: refuses an anonymous session as permission-denied', async () => {
  await expect(
    invoke(functions.account.completeSignup!, { toolkit: 'quickscan' }, anonymous),
  ).rejects.toMatchObject({
    code: 'permission-denied',
    message: 'This needs a signed-in account, not an anonymous session.',
  });
});

it('signedIn: an anonymous respondent starts a result, read from the content service and stored in Firestore', async () => {
  const result = await invoke(
    functions.survey.startResult!,
    { tenantId: 'demo-publisher', surveyId: 'quickscan' },
    anonymous,
  );
  expect(result).toMatchObject({ created: true, status: 1 });
  const stored = await getFirestore(app)
    .doc(`tenants/demo-publisher/assessments/quickscan/results/${result.resultId}`)
    .get();
  expect(stored.exists).toBe(true);
});

it('public: without a session the handler answers unauthenticated with the SPEC message', async () => {
  await expect(
    invoke(functions.milestones.set!, { milestoneId: 'view-results', completed: true }),
  ).rejects.toMatchObject({
    code: 'unauthenticated',
    message: 'User not authenticated',
    httpErrorCode: { status: 401 },
  });
});

it('invalid input is invalid-argument naming the field, with the details of the router', async () => {
  await expect(
    invoke(functions.admin.getUserRole!, { uid: '', tenantId: 'acme' }, owner),
  ).rejects.toMatchObject({
    code: 'invalid-argument',
    message: expect.stringMatching(/^Invalid uid: /),
    details: { fields: ['uid'] },
  });
});
