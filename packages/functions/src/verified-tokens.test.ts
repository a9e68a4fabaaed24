// The local host's memory of verified ID tokens, against the real Auth emulator: a user disabled
// there is what tells a remembered token (still taken) from one asked about again (refused).
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { startTestEnv, TEST_PROJECT_ID, type TestAccount, type TestEnv } from '@toolkit/server/testing';
import { rememberVerifiedTokens, type RememberOptions } from './verified-tokens';

let env: TestEnv;
const apps: App[] = [];
let clock = 0;

beforeAll(async () => {
  env = await startTestEnv({});
}, 120_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await env?.stop();
}, 60_000);

beforeEach(() => {
  clock = Date.now();
});

/** A firebase-admin Auth of its own: the wrapping is per Auth. */
function newAuth(): Auth {
  const app = initializeApp({ projectId: TEST_PROJECT_ID }, `remember-${apps.length}`);
  apps.push(app);
  return getAuth(app);
}

/** A new Auth remembering the tokens it verified, by the test's clock. */
function rememberingAuth(options: RememberOptions = {}, auth = newAuth()): Auth {
  rememberVerifiedTokens(auth, { now: () => clock, ...options });
  return auth;
}

const setDisabled = (account: TestAccount, disabled: boolean) =>
  env.admin.updateUser(account.uid, { disabled });

const refused = { code: 'auth/user-disabled' };

it('takes a token it verified as verified again, without asking, until the window ends', async () => {
  const auth = rememberingAuth({ windowMs: 30_000 });
  const account = await env.account();
  expect((await auth.verifyIdToken(account.token)).uid).toBe(account.uid);
  await setDisabled(account, true);
  // The emulator refuses the user now; firebase-admin unwrapped asks it every time.
  await expect(env.admin.verifyIdToken(account.token)).rejects.toMatchObject(refused);

  clock += 29_999;
  const again = await auth.verifyIdToken(account.token);
  expect(again.uid).toBe(account.uid);
  expect(Object.isFrozen(again)).toBe(true);
  clock += 1;
  await expect(auth.verifyIdToken(account.token)).rejects.toMatchObject(refused);
});

it('asks about a refused token every time', async () => {
  const auth = rememberingAuth();
  const account = await env.account();
  await setDisabled(account, true);
  await expect(auth.verifyIdToken(account.token)).rejects.toMatchObject(refused);
  await setDisabled(account, false);
  expect((await auth.verifyIdToken(account.token)).uid).toBe(account.uid);

  const [header, , signature] = account.token.split('.');
  const edited = Buffer.from(JSON.stringify({ sub: account.uid, aud: 'other-project' })).toString(
    'base64url',
  );
  for (let attempt = 0; attempt < 2; attempt++)
    await expect(auth.verifyIdToken(`${header}.${edited}.${signature}`)).rejects.toMatchObject({
      code: 'auth/argument-error',
    });
});

it('never remembers a token past its own expiry', async () => {
  const auth = rememberingAuth({ windowMs: 24 * 60 * 60_000 });
  const account = await env.account();
  const token = await auth.verifyIdToken(account.token);
  await setDisabled(account, true);
  clock = token.exp * 1000 - 1;
  expect((await auth.verifyIdToken(account.token)).uid).toBe(account.uid);
  clock = token.exp * 1000;
  await expect(auth.verifyIdToken(account.token)).rejects.toMatchObject(refused);
});

it('always asks when the caller checks for revocation', async () => {
  const auth = rememberingAuth();
  const account = await env.account();
  await auth.verifyIdToken(account.token);
  await setDisabled(account, true);
  await expect(auth.verifyIdToken(account.token, true)).rejects.toMatchObject(refused);
});

it('forgets the oldest token when it holds as many as it may', async () => {
  const auth = rememberingAuth({ maxTokens: 2 });
  const [first, second, third] = [await env.account(), await env.account(), await env.account()];
  for (const account of [first, second, third]) await auth.verifyIdToken(account.token);
  await Promise.all([first, second, third].map((account) => setDisabled(account, true)));
  await expect(auth.verifyIdToken(first.token)).rejects.toMatchObject(refused);
  expect((await auth.verifyIdToken(third.token)).uid).toBe(third.uid);
});

it('wraps an Auth once, however often it is asked to', async () => {
  const auth = rememberingAuth({ windowMs: 10 });
  rememberVerifiedTokens(auth, { now: () => clock, windowMs: 60_000 });
  const account = await env.account();
  await auth.verifyIdToken(account.token);
  await setDisabled(account, true);
  clock += 10;
  await expect(auth.verifyIdToken(account.token)).rejects.toMatchObject(refused);
});

it('asks once for a token verified by several calls at the same time', async () => {
  const unwrapped = newAuth();
  const asked = jest.spyOn(unwrapped, 'verifyIdToken');
  const auth = rememberingAuth({}, unwrapped);
  const account = await env.account();
  const tokens = await Promise.all(Array.from({ length: 5 }, () => auth.verifyIdToken(account.token)));
  expect(tokens.map((token) => token.uid)).toEqual(Array(5).fill(account.uid));
  expect(asked).toHaveBeenCalledTimes(1);

  // A check that fails is shared by the calls that waited for it, then forgotten.
  const other = await env.account();
  await setDisabled(other, true);
  const outcomes = await Promise.allSettled([
    auth.verifyIdToken(other.token),
    auth.verifyIdToken(other.token),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  expect(asked).toHaveBeenCalledTimes(2);
  await setDisabled(other, false);
  expect((await auth.verifyIdToken(other.token)).uid).toBe(other.uid);
  expect(asked).toHaveBeenCalledTimes(3);
});
