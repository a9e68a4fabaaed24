// The deployed functions, called as Firebase calls them once it has verified the ID token
// (firebase-functions-test, offline), with firebase-admin's Firestore on the Google Cloud CLI's
// Firestore emulator and the local content service. Without the CLI the file is skipped saying why,
// and fails in CI.
import { startContentServer } from '@toolkit/content';
import { ADVANCED_ROLES, ROLES } from '@toolkit/domain';
import {
  COMPLETION_LIMITS,
  counterPath,
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '@toolkit/server/testing';
import { allCallables, generateCredentialKey } from '@toolkit/server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { CallableFunction, CallableRequest } from 'firebase-functions/v2/https';
import functionsTest from 'firebase-functions-test';
import Stripe from 'stripe';

type Functions = typeof import('./index');

const ALLOWED_ORIGINS = ['https://toolkit.example.com', 'https://www.toolkit.example.com'];
const WEBHOOK_SECRET = 'whsec_functions_test';

const tester = functionsTest({ projectId: 'demo-toolkit' });
let functions: Functions;
let firestore: FirestoreEmulator;
let content: { close(): Promise<void> };
let app: App;

const missing = firestoreEmulatorSkipReason();
if (missing) {
  // One visible reason instead of failures: every case below needs the emulator.
  test.only(`skipped: ${missing}`, () => undefined);
}

beforeAll(async () => {
  if (missing) return;
  firestore = await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
  const server = await startContentServer({ port: 0, key: 'functions-test-key' });
  content = server;
  // What `firebase deploy` asks for: the parameters and the secret (read from the environment here).
  process.env.CONTENT_URL = server.graphqlUrl;
  process.env.CONTENT_KEY = 'functions-test-key';
  process.env.APP_URL = 'https://toolkit.example.com';
  // Written comma-separated in .env; the CLI hands a list parameter over as JSON.
  process.env.ALLOWED_ORIGINS = JSON.stringify(ALLOWED_ORIGINS);
  process.env.STRIPE_SECRET_KEY = 'sk_test_functions';
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.ENFORCE_APP_CHECK = 'true';
  // Its default, which a deploy writes when .env names no other.
  process.env.TRUSTED_PROXY_HOPS = '2';
  process.env.CREDENTIAL_SIGNING_KEY = JSON.stringify(await generateCredentialKey());
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
}, 120_000);

afterAll(async () => {
  tester.cleanup();
  if (missing) return;
  await deleteApp(app);
  await content.close();
  await firestore.stop();
}, 30_000);

type Auth = CallableRequest['auth'];
const signedIn = (uid: string, provider: string, claims: Record<string, unknown> = {}): Auth =>
  ({
    uid,
    token: {
      uid,
      email: `${uid}@example.com`,
      // Every account signed in with its address has proven it (a sign-in link).
      email_verified: provider !== 'anonymous',
      firebase: { sign_in_provider: provider },
      ...claims,
    },
  }) as unknown as Auth;
const owner = signedIn('owner-1', 'password', { tenantId: 'acme', role: 'owner' });
const anonymous = signedIn('anon-1', 'anonymous');

const CLIENT_IP = '203.0.113.9';

function invoke(fn: CallableFunction<unknown, Promise<unknown>>, data: unknown, auth?: Auth) {
  // As Google's front end passes a request on: after what the client sent, the address it saw and its own.
  const rawRequest = {
    headers: { 'x-forwarded-for': `198.51.100.66, ${CLIENT_IP}, 10.10.0.1` },
    socket: { remoteAddress: '169.254.1.1' },
  } as unknown as CallableRequest['rawRequest'];
  return tester.wrap(fn)({ data, auth, rawRequest } as CallableRequest) as Promise<Record<string, unknown>>;
}

it('exports one function per handler, named as Firebase deploys it (group-name), the Stripe webhook, the sign-up guard and the daily purge', () => {
  const { stripeWebhook, refusePasswordSignUp, purgeOrganisations, ...groups } = functions;
  const deployed = Object.entries(groups).flatMap(([group, members]) =>
    Object.keys(members as object).map((name) => `${group}-${name}`),
  );
  expect(deployed.sort()).toEqual(allCallables.map((handler) => handler.name).sort());
  expect(typeof stripeWebhook).toBe('function');
  expect(typeof refusePasswordSignUp).toBe('function');
  expect(typeof purgeOrganisations).toBe('function');
});

it('member: reaches the handler with the role stored in Firestore', async () => {
  // The tenant has no Stripe customer, so it is on Free: the basic roles only.
  expect(await invoke(functions.admin.getAvailableRoles!, null, owner)).toEqual({
    status: 'success',
    availableRoles: ROLES.filter((role) => !ADVANCED_ROLES.includes(role)),
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

it('tells the handlers the client’s address: a completion counts against its limit', async () => {
  const ref = { tenantId: 'demo-publisher', surveyId: 'quickscan' };
  const respondent = signedIn('anon-2', 'anonymous');
  const { resultId } = await invoke(functions.survey.startResult!, ref, respondent);
  // One scored answer, so the completion is not refused as empty.
  const answer = { questionId: 'energy-tracking', answer: 0, seq: 1 };
  await invoke(functions.survey.saveAnswer!, { ...ref, resultId, ...answer }, respondent);
  await invoke(functions.survey.completeResult!, { ...ref, resultId }, respondent);
  const counter = { name: 'completion-ip', subject: CLIENT_IP, limit: COMPLETION_LIMITS.ip };
  const stored = await getFirestore(app).doc(counterPath(counter, new Date())).get();
  expect(stored.get('count')).toBe(1);
  // A Firestore timestamp, which a TTL policy on rateLimits.expiresAt can delete the counter by.
  expect(stored.get('expiresAt')).toBeInstanceOf(Timestamp);
});

it('public: without a session the handler answers unauthenticated with the catalogue message', async () => {
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

it('allows CORS from the origins of the ALLOWED_ORIGINS parameter only', async () => {
  const app = express().options('/fn', (request, response) =>
    functions.admin.getAvailableRoles!(Object.assign(request, { rawBody: Buffer.alloc(0) }), response),
  );
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const preflight = (origin: string) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/fn`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    });
  try {
    for (const origin of ALLOWED_ORIGINS) {
      expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  } finally {
    server.close();
  }
});

it('refuses a call without an App Check token when ENFORCE_APP_CHECK is on, except the public credential check', async () => {
  const app = express().post('/:group/:name', express.json(), (request, response) => {
    const group = functions[request.params.group as 'admin'] as Record<
      string,
      (req: unknown, res: unknown) => void
    >;
    group[request.params.name as string]!(
      Object.assign(request, { rawBody: Buffer.from('{"data":null}') }),
      response,
    );
  });
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const call = (path: string) =>
    fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ALLOWED_ORIGINS[0]! },
      body: '{"data":null}',
    });
  try {
    const refused = await call('admin/getAvailableRoles');
    expect(refused.status).toBe(401);
    const keys = await call('credentials/getKeys');
    expect(keys.status).toBe(200);
    expect(((await keys.json()) as { result: { keys: unknown[] } }).result.keys).toHaveLength(1);
  } finally {
    server.close();
  }
});

it('serves the billing sandbox instead of Stripe where BILLING_PROVIDER is sandbox', async () => {
  process.env.BILLING_PROVIDER = 'sandbox';
  try {
    // A fresh load: the parameter is read once, when the first call resolves the billing.
    await jest.isolateModulesAsync(async () => {
      const sandboxed: Functions = await import('./index');
      const answer = await invoke(sandboxed.billing.listPrices!, null, owner);
      // The sandbox's own price table; Stripe, with this test's key, would fail to answer.
      expect(answer.prices).toContainEqual(
        expect.objectContaining({ planId: 'growth', period: 'month', amount: 4_900, currency: 'aud' }),
      );
    });
  } finally {
    delete process.env.BILLING_PROVIDER;
  }
});

describe('stripeWebhook', () => {
  /** The function behind express, as Cloud Functions serves it, with the raw body it keeps. */
  async function post(body: string, signature?: string) {
    const app = express().post('/stripeWebhook', express.raw({ type: '*/*' }), (request, response) =>
      functions.stripeWebhook(Object.assign(request, { rawBody: request.body as Buffer }), response),
    );
    const server = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripeWebhook`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(signature ? { 'Stripe-Signature': signature } : {}),
          },
          body,
        },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } finally {
      server.close();
    }
  }

  it('checks the signature on the raw body with the STRIPE_WEBHOOK_SECRET secret, and records the event once', async () => {
    const payload = JSON.stringify({
      id: 'evt_functions_1',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await post(payload, forged)).status).toBe(400);
    expect((await post(payload)).status).toBe(400);
    expect(await post(payload, signed)).toEqual({ status: 200, body: { received: true } });
    expect(await post(payload, signed)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await getFirestore(app).doc('billingStripeEvents/evt_functions_1').get()).get('type')).toBe(
      'invoice.paid',
    );
  });
});
