// Shared test helpers for handler tests: a real Firebase Auth emulator with users and ID tokens,
// an in-memory PGlite store, the real local content service, and calls through the router.
//
//   const env = await startTestEnv({});                     // in beforeAll (allow ~60 s)
//   const owner = await env.member('tenant-a', 'owner');    // auth user + tenant user + token
//   const res = await env.call(API.getProfile, null, owner.token);
//   expect(res.body).toEqual({ result: ... });             // or { error: { status, message } }
//   await env.stop();                                       // in afterAll
//
// Each jest worker has an Auth emulator of its own for the run (jest.global-setup.js), cleared for
// each file; elsewhere a test file starts its own on a free port.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { freePort, sharedAuthEmulator, startAuthEmulator } from '@toolkit/local-services';
import { startContentServer } from '@toolkit/content';
import { API, type ApiRequest, type ApiResponses, type Role } from '@toolkit/domain';
import type { Handler, ServerDeps } from '../api/handler';
import type { BillingPort } from '../billing/port';
import { createSandboxBilling } from '../billing/sandbox';
import { createCredentialIssuer, generateCredentialKey } from '../credentials/issuer';
import { createLocalEvidenceFiles, type LocalEvidenceFiles } from '../evidence/local';
import { allCallables } from '../callables';
import { createRouter, type ApiResponse, type Router } from '../api/router';
import { createFirebaseAuthPort, type AuthPort } from '../auth/port';
import { createContentPort } from '../content';
import { paths } from '../repositories/paths';
import type { DocumentStore } from '../store/port';
import { openPgliteStore } from '../store/pglite';

export * from './firestore-emulator';
export * from './maildev';
export * from './stripe-fixture';
export { COMPLETION_LIMITS, counterPath } from '../abuse/limits';
export { paths } from '../repositories/paths';

export const TEST_PROJECT_ID = 'demo-toolkit';
const API_KEY = 'demo-api-key';
const PASSWORD = 'test-password-1';
const CONTENT_KEY = 'test-content-key';

export interface TestAccount {
  uid: string;
  email: string;
  /** An ID token minted after the account's claims were set. */
  token: string;
}

export interface TestEnv {
  /** The Auth emulator's address, e.g. for its REST API. */
  authUrl: string;
  store: DocumentStore;
  auth: AuthPort;
  /** firebase-admin's Auth against the emulator, for setup the AuthPort does not offer. */
  admin: Auth;
  deps: ServerDeps;
  /** The evidence files, kept in the test's own folder (evidence/local.ts). */
  evidenceFiles: LocalEvidenceFiles;
  router: Router;
  /** Lines the handlers logged (deps.log). */
  logs: string[];
  /**
   * A signed-in e-mail account with the given custom claims, its address proven (as an e-mail link
   * sign-in leaves it) unless `verified: false`: an account registered with a password and never proven.
   */
  account(options?: {
    email?: string;
    claims?: Record<string, unknown>;
    verified?: boolean;
  }): Promise<TestAccount>;
  /** An account with claims {tenantId, role}, its tenant user and global user documents. */
  member(tenantId: string, role: Role, options?: { email?: string }): Promise<TestAccount>;
  /** An anonymous session's ID token. */
  anonymous(): Promise<TestAccount>;
  /** A fresh ID token for an account, e.g. after its claims changed. */
  signIn(account: { email: string }): Promise<string>;
  /** Exchanges a custom token (createCustomToken) for an ID token, as the browser SDK does. */
  signInWithCustomToken(customToken: string): Promise<string>;
  /** Signs in with an e-mail sign-in link to `email`, as the browser does on opening it; answers its ID token. */
  signInWithEmailLink(email: string): Promise<string>;
  /** Puts a tenant on a paid plan in the billing sandbox, as a paid checkout would. */
  onPlan(tenantId: string, planId: 'growth' | 'leader'): Promise<void>;
  /** One callable call through the router, as the API host makes it. */
  call(name: string, data: unknown, token?: string): Promise<ApiResponse>;
  stop(): Promise<void>;
}

export interface TestEnvOptions {
  /** Defaults to every handler (../handlers). */
  handlers?: readonly Handler[];
  /** Starts the local content service (seed surveys `quickscan`, `supplier-assessment`). */
  content?: boolean;
  appUrl?: string;
  /** The billing adapter; the local sandbox by default. */
  billing?: (store: DocumentStore) => BillingPort;
  /** Where evidence download links point: the local API host serving them; nowhere by default. */
  evidenceBaseUrl?: string;
}

/**
 * An empty in-memory store. A run opens hundreds: each is loaded from the empty schema's dump, kept
 * in the temporary folder, instead of running initdb.
 */
export const openTestStore = () => openPgliteStore({ schemaDumpCache: os.tmpdir() });

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

export async function startTestEnv(options: TestEnvOptions): Promise<TestEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  const stops: (() => Promise<unknown>)[] = [
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    // Under jest, the worker's emulator, cleared of the previous file's users; elsewhere one of its own.
    let emulator = await sharedAuthEmulator(TEST_PROJECT_ID);
    if (!emulator) {
      const port = await freePort();
      const own = await startAuthEmulator({
        port,
        dataDir,
        projectId: TEST_PROJECT_ID,
        persist: false,
        log: () => {},
      });
      stops.push(() => own.stop());
      emulator = { url: own.url, port };
    }
    const authPort = emulator.port;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${authPort}`;
    const app: App = initializeApp({ projectId: TEST_PROJECT_ID }, `test-${authPort}-${Date.now()}`);
    stops.push(() => deleteApp(app));
    const admin = getAuth(app);

    const store = await openTestStore();
    stops.push(() => store.close());

    const noContent = async (): Promise<never> => {
      throw new Error('This test started no content service (startTestEnv({ content: true })).');
    };
    let content: ServerDeps['content'] = {
      getSurvey: noContent,
      getActions: noContent,
      getToolkit: noContent,
      getSurveyList: noContent,
    };
    if (options.content) {
      const server = await startContentServer({ port: 0, key: CONTENT_KEY });
      stops.push(() => server.close());
      content = createContentPort({ url: server.graphqlUrl, key: CONTENT_KEY });
    }

    const logs: string[] = [];
    const auth = createFirebaseAuthPort(admin);
    const evidenceFiles = createLocalEvidenceFiles({
      dir: path.join(dataDir, 'evidence'),
      baseUrl: () => options.evidenceBaseUrl ?? 'http://127.0.0.1:9',
    });
    const deps: ServerDeps = {
      store,
      auth,
      content,
      appUrl: options.appUrl ?? 'http://localhost:3000',
      credentials: createCredentialIssuer(generateCredentialKey),
      evidenceFiles,
      billing:
        options.billing?.(store) ?? createSandboxBilling(store, options.appUrl ?? 'http://localhost:3000'),
      log: (line) => logs.push(line),
    };
    const router = createRouter(deps, options.handlers ?? allCallables);

    const identityToolkit = `${emulator.url}/identitytoolkit.googleapis.com/v1`;
    async function rest<T>(method: string, body: object): Promise<T> {
      const send = () =>
        fetch(`${identityToolkit}/accounts:${method}?key=${API_KEY}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      // Under a full test run the emulator may close an idle kept-alive socket just as fetch reuses
      // it ("other side closed", before the request was read): that one is sent again, once.
      const response = await send().catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
        return send();
      });
      if (!response.ok)
        throw new Error(`Auth emulator ${method}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    }
    const signIn = async ({ email }: { email: string }) =>
      (
        await rest<{ idToken: string }>('signInWithPassword', {
          email,
          password: PASSWORD,
          returnSecureToken: true,
        })
      ).idToken;

    async function account({
      email = uniqueEmail('user'),
      claims,
      verified = true,
    }: { email?: string; claims?: Record<string, unknown>; verified?: boolean } = {}) {
      const user = await admin.createUser({ email, password: PASSWORD, emailVerified: verified });
      if (claims) await admin.setCustomUserClaims(user.uid, claims);
      return { uid: user.uid, email, token: await signIn({ email }) };
    }

    return {
      authUrl: emulator.url,
      store,
      auth,
      admin,
      deps,
      evidenceFiles,
      router,
      logs,
      account,
      async member(tenantId, role, { email = uniqueEmail(role) } = {}) {
        const created = await account({ email, claims: { tenantId, role } });
        await store.set(paths.globalUser(created.uid), {
          email,
          firstName: role,
          lastName: 'Tester',
          createdAt: '2024-01-01T00:00:00.000Z',
          tenants: [tenantId],
          // Members joined by a sign-in link: the server saw the address proven through their inbox.
          addressProvenAt: '2024-01-01T00:00:00.000Z',
          addressProof: 'inbox',
        });
        await store.set(paths.tenantUser(tenantId, created.uid), {
          email,
          firstName: role,
          lastName: 'Tester',
          createdAt: '2024-01-01T00:00:00.000Z',
          tenantId,
          group: role,
          organization: { name: `Organisation ${tenantId}` },
          role,
        });
        return created;
      },
      async onPlan(tenantId, planId) {
        const customerId = `cus_test_${tenantId}`;
        await store.set(paths.tenant(tenantId), { stripeCustomerId: customerId }, { merge: true });
        await store.set(paths.sandboxSubscription(customerId), { planId, status: 'active' });
      },
      async anonymous() {
        const { idToken, localId } = await rest<{ idToken: string; localId: string }>('signUp', {
          returnSecureToken: true,
        });
        return { uid: localId, email: '', token: idToken };
      },
      signIn,
      signInWithCustomToken: async (token) =>
        (await rest<{ idToken: string }>('signInWithCustomToken', { token, returnSecureToken: true }))
          .idToken,
      async signInWithEmailLink(email) {
        const link = await admin.generateSignInWithEmailLink(email, {
          url: deps.appUrl,
          handleCodeInApp: true,
        });
        const oobCode = new URL(link).searchParams.get('oobCode');
        return (await rest<{ idToken: string }>('signInWithEmailLink', { email, oobCode })).idToken;
      },
      call: (name, data, token) => router.call(name, { data }, token && `Bearer ${token}`),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The `result` of a successful call; throws with the error body otherwise. */
export function resultOf<T = Record<string, unknown>>(response: ApiResponse): T {
  const body = response.body as { result?: T; error?: unknown };
  if (response.status !== 200 || body.result === undefined) {
    throw new Error(`Expected success, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return body.result;
}

/** The error status name (e.g. PERMISSION_DENIED) and message of a refused call. */
export function errorOf(response: ApiResponse): { status: string; message: string } {
  const body = response.body as { error?: { status: string; message: string } };
  if (!body.error)
    throw new Error(`Expected an error, got ${response.status}: ${JSON.stringify(response.body)}`);
  return body.error;
}

/**
 * Answers a survey as a respondent does: starts a result as `account` (with the survey link's
 * prefill, if given), saves each answer in order and asks to complete it. The completion's response
 * is left unread, so a test can expect its refusal.
 */
export async function answerSurvey(
  env: Pick<TestEnv, 'call'>,
  account: TestAccount,
  start: ApiRequest<typeof API.startResult>,
  answers: Readonly<Record<string, unknown>>,
): Promise<{ resultId: string; completion: ApiResponse }> {
  const { tenantId, surveyId } = start;
  const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
    await env.call(API.startResult, start, account.token),
  );
  let seq = 0;
  for (const [questionId, answer] of Object.entries(answers)) {
    resultOf(
      await env.call(
        API.saveAnswer,
        { tenantId, surveyId, resultId, questionId, answer, seq: ++seq },
        account.token,
      ),
    );
  }
  const completion = await env.call(API.completeResult, { tenantId, surveyId, resultId }, account.token);
  return { resultId, completion };
}

/** A survey answered and completed (answerSurvey): the result's id and the completion's answer. */
export async function completeSurvey(
  ...args: Parameters<typeof answerSurvey>
): Promise<{ resultId: string } & ApiResponses[typeof API.completeResult]> {
  const { resultId, completion } = await answerSurvey(...args);
  return { resultId, ...resultOf<ApiResponses[typeof API.completeResult]>(completion) };
}

/** Every document as JSON, to prove a refused request changed nothing. */
export async function snapshotStore(store: DocumentStore): Promise<string> {
  return JSON.stringify(await store.exportAll());
}

/**
 * The newest invite sent to an address and the link its e-mail carries: the inviter's answer
 * holds neither, so tests read them where only the invitee would find them.
 */
export async function inviteSentTo(
  store: DocumentStore,
  email: string,
): Promise<{ inviteId: string; key: string; link: string }> {
  const invites = await store.query('survey-invites', { where: [['email', '==', email]] });
  const newest = invites
    .sort((a, b) => String(a.data?.createdAt).localeCompare(String(b.data?.createdAt)))
    .at(-1);
  if (!newest) throw new Error(`No invite was sent to ${email}.`);
  // Each mail of an invite carries its own key; the one the invite holds now is its latest mail's.
  const keyHash = String(newest.data?.keyHash ?? '');
  const link = (await store.query(paths.mail()))
    .flatMap((doc) => [
      ...String((doc.data as { message?: { html?: string } }).message?.html ?? '').matchAll(
        /href="([^"]+)"/g,
      ),
    ])
    .map((match) => (match[1] ?? '').replace(/&amp;/g, '&'))
    .filter((href) => href.includes(`/journey/${newest.id}?`))
    .find((href) => createHash('sha256').update(keyOf(href)).digest('hex') === keyHash);
  if (!link) throw new Error(`The invite ${newest.id} was sent in no e-mail with its current key.`);
  return { inviteId: newest.id, key: keyOf(link), link };
}

const keyOf = (link: string) => new URL(link).searchParams.get('key') ?? '';

/** An invite opened by the invited person: the publisher and result it answers, and their session's ID token. */
export interface OpenedInvite {
  inviteId: string;
  /** The survey's publisher, under whom the invite's result is kept. */
  tenantId: string;
  surveyResultId: string;
  token: string;
}

/** An invite to `surveyId` created by `owner` and opened by the invited person, as the journey page does. */
export async function openInvite(
  env: Pick<TestEnv, 'call' | 'store' | 'signInWithCustomToken'>,
  owner: TestAccount,
  surveyId: string,
): Promise<OpenedInvite> {
  const email = uniqueEmail('invitee');
  resultOf(await env.call(API.createInvite, { email, surveyId }, owner.token));
  const { inviteId, key } = await inviteSentTo(env.store, email);
  const { inviteData, token } = resultOf<ApiResponses[typeof API.verifyAndLoginWithInvite]>(
    await env.call(API.verifyAndLoginWithInvite, { inviteId, key }),
  );
  if (!inviteData) throw new Error(`The invite ${inviteId} opened no survey result.`);
  const { tenantId, surveyResultId } = inviteData;
  return { inviteId, tenantId, surveyResultId, token: await env.signInWithCustomToken(token) };
}
