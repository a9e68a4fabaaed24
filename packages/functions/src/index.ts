// Cloud Functions entry: the onCall functions of ./callables.ts over Firestore and
// Firebase Auth, exported in groups so that Firebase deploys `admin.setUserRole` as
// `admin-setUserRole`, the callable names of @toolkit/domain. The server's main entry holds no
// local-only part (PGlite, the mail relay are in @toolkit/server/local), so the bundle leaves them out.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { defineBoolean, defineInt, defineList, defineSecret, defineString } from 'firebase-functions/params';
import {
  createCloudStorageEvidenceFiles,
  createContentPort,
  createCredentialIssuer,
  createFirebaseAuthPort,
  createFirestoreStore,
  createSandboxBilling,
  deferredBilling,
} from '@toolkit/server';
import { logger } from 'firebase-functions';
import type { JWK } from 'jose';
import { createCallables } from './callables';
import { FRONT_END_HOPS } from './client-address';
import { createPurgeFunction } from './purge-schedule';
import { createStripeWebhookFunction } from './stripe-webhook';

export { refusePasswordSignUp } from './sign-up-guard';

const CONTENT_URL = defineString('CONTENT_URL', {
  description: 'GraphQL endpoint of the content service (CMS)',
});
const CONTENT_KEY = defineSecret('CONTENT_KEY');
// The private Ed25519 JWK (with kid) that signs declaration credentials; its public half is
// published by credentials-getKeys. Made once with `npm run credential-key -w @toolkit/functions`.
const CREDENTIAL_SIGNING_KEY = defineSecret('CREDENTIAL_SIGNING_KEY');
const APP_URL = defineString('APP_URL', {
  description: 'Where links in e-mails point, e.g. https://toolkit.example.com',
});
// Given comma-separated (no spaces) in .env or at the deploy prompt; the Firebase CLI hands it to
// the functions as a list, which onCall reads on each request.
const ALLOWED_ORIGINS = defineList('ALLOWED_ORIGINS', {
  description:
    'Browser origins that may call the functions, comma-separated, e.g. https://toolkit.example.com,https://www.toolkit.example.com',
});

// On in production: callables refuse requests without a valid App Check token (the web app sends one
// when its runtime configuration names an App Check site key). Set false only while App Check is
// being set up.
const ENFORCE_APP_CHECK = defineBoolean('ENFORCE_APP_CHECK', {
  default: true,
  description: 'Refuse callable requests without a valid App Check token',
});

// The per-network abuse limits count by the client's address, which only the front end's own
// X-Forwarded-For entries tell truly (client-address.ts): more when a load balancer of the
// project's own stands before the functions.
const TRUSTED_PROXY_HOPS = defineInt('TRUSTED_PROXY_HOPS', {
  default: FRONT_END_HOPS,
  description: 'X-Forwarded-For entries, counted from the right, written by the proxies before the functions',
});

// Stripe's secret API key, and the signing secret of the webhook endpoint that points at the
// `stripeWebhook` function (Stripe's dashboard shows it when the endpoint is added).
const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
// `sandbox` serves the local billing sandbox instead of Stripe (the emulators, a staging project):
// nobody pays there, so a production project keeps the default.
const BILLING_PROVIDER = defineString('BILLING_PROVIDER', {
  default: 'stripe',
  description: 'stripe in production; sandbox where upgrades must cost nothing (emulators, staging)',
  input: { select: { options: [{ value: 'stripe' }, { value: 'sandbox' }] } },
});

const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
// Each is made on the first call that needs it (see createCallables): the webhook reads neither
// the content service nor the credential key, and does not mount their secrets.
const store = once(() => createFirestoreStore(getFirestore(getApps()[0] ?? initializeApp())));
const stripe = once(async () => {
  const { createStripeBilling, createStripeClient, createStripeWebhook } = await import('./stripe-billing');
  const client = createStripeClient({ secretKey: STRIPE_SECRET_KEY.value() });
  return { client, billing: createStripeBilling(client, store()), createStripeWebhook };
});
const billingProvider = once(() =>
  BILLING_PROVIDER.value() === 'sandbox'
    ? createSandboxBilling(store(), APP_URL.value())
    : deferredBilling('stripe', async () => (await stripe()).billing),
);
// The project's default bucket (FIREBASE_CONFIG names it); signing its download links needs the
// functions' service account to hold Service Account Token Creator on itself (docs/architecture.md).
const evidenceFiles = once(() =>
  createCloudStorageEvidenceFiles(() => getStorage(getApps()[0] ?? initializeApp()).bucket()),
);
const log = (line: string) => logger.warn(line);

const callables = createCallables(
  () => ({
    store: store(),
    auth: createFirebaseAuthPort(getAuth(getApps()[0] ?? initializeApp())),
    content: createContentPort({ url: CONTENT_URL.value(), key: CONTENT_KEY.value() }),
    appUrl: APP_URL.value(),
    credentials: createCredentialIssuer(() => JSON.parse(CREDENTIAL_SIGNING_KEY.value()) as JWK),
    evidenceFiles: evidenceFiles(),
    billing: billingProvider(),
    log,
  }),
  {
    cors: ALLOWED_ORIGINS,
    secrets: [CONTENT_KEY, CREDENTIAL_SIGNING_KEY, STRIPE_SECRET_KEY],
    enforceAppCheck: ENFORCE_APP_CHECK,
    trustedHops: TRUSTED_PROXY_HOPS,
  },
);

export const stripeWebhook = createStripeWebhookFunction(
  once(async () => {
    const { client, billing, createStripeWebhook } = await stripe();
    return createStripeWebhook({
      stripe: client,
      billing,
      store: store(),
      secret: STRIPE_WEBHOOK_SECRET.value(),
      log,
    });
  }),
  { secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET] },
);

export const purgeOrganisations = createPurgeFunction(
  () => ({
    store: store(),
    content: { url: CONTENT_URL.value(), key: CONTENT_KEY.value() },
    evidenceFiles: evidenceFiles(),
    log,
  }),
  { secrets: [CONTENT_KEY] },
);

// One export per name prefix: index.test.ts checks that together they hold every handler.
export const {
  admin,
  subscription,
  entitlements,
  journey,
  account,
  organisation,
  survey,
  results,
  users,
  invites,
  milestones,
  insights,
  actions,
  declaration,
  credentials,
  manage,
  expert,
  billing,
  brand,
  evidence,
  reviews,
  materiality,
  audit,
  ownership,
  claims,
} = callables;
