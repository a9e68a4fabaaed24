// Cloud Functions entry (DESIGN.md §2): one v2 onCall function per handler of @toolkit/server,
// exported in groups so that Firebase deploys `admin.setUserRole` as `admin-setUserRole`, the
// callable names of SPEC.md §7. Firestore and Auth are firebase-admin's; the checks are the router's,
// the same as on the local API host. Imports name the server's modules one by one, so the bundle
// leaves out the local-only parts (PGlite, the mail relay).
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { defineSecret, defineString } from 'firebase-functions/params';
import {
  HttpsError,
  onCall,
  type CallableRequest,
  type FunctionsErrorCode,
} from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION, type ApiName } from '@toolkit/domain';
import { createRouter, type Router } from '@toolkit/server/src/api/router';
import { createFirebaseAuthPort, type VerifiedToken } from '@toolkit/server/src/auth/port';
import { createContentPort } from '@toolkit/server/src/content';
import { allCallables } from '@toolkit/server/src/callables';
import { createFirestoreStore } from '@toolkit/server/src/store/firestore';

const CONTENT_URL = defineString('CONTENT_URL', {
  description: 'GraphQL endpoint of the content service (CMS)',
});
const CONTENT_KEY = defineSecret('CONTENT_KEY');
const APP_URL = defineString('APP_URL', {
  description: 'Where links in e-mails point, e.g. https://toolkit.example.com',
});

let router: Router | undefined;

/** Built on the first call: parameters and secrets have no values while Firebase analyses the code. */
function productionRouter(): Router {
  if (!router) {
    const app = getApps()[0] ?? initializeApp();
    router = createRouter(
      {
        store: createFirestoreStore(getFirestore(app)),
        auth: createFirebaseAuthPort(getAuth(app)),
        content: createContentPort({ url: CONTENT_URL.value(), key: CONTENT_KEY.value() }),
        appUrl: APP_URL.value(),
      },
      allCallables,
    );
  }
  return router;
}

/** onCall has verified the ID token already; the router takes it as the AuthPort would give it. */
function verifiedToken(auth: CallableRequest['auth']): VerifiedToken | null {
  if (!auth) return null;
  const { uid, email, firebase, ...claims } = auth.token;
  return { uid, email: email ?? null, isAnonymous: firebase.sign_in_provider === 'anonymous', claims };
}

interface ErrorBody {
  error: { status: string; message: string; details?: unknown };
}

function callable(name: ApiName) {
  return onCall({ region: FUNCTIONS_REGION, secrets: [CONTENT_KEY] }, async (request) => {
    // Express's req.ip: with the Functions Framework's 'trust proxy' it is the first X-Forwarded-For
    // entry, which a caller can forge; the per-session and per-survey limits hold regardless.
    const caller = verifiedToken(request.auth);
    const { body } = await productionRouter().callAs(name, request.data ?? null, caller, {
      ip: request.rawRequest.ip,
    });
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { status, message, details } = (body as ErrorBody).error;
      // PERMISSION_DENIED → permission-denied: the same code, which onCall sends with its HTTP status.
      throw new HttpsError(status.toLowerCase().replace(/_/g, '-') as FunctionsErrorCode, message, details);
    }
    return (body as { result: unknown }).result;
  });
}

/** The functions of one name prefix, keyed by the rest of the name. */
function group(prefix: string) {
  return Object.fromEntries(
    allCallables
      .filter((handler) => handler.name.startsWith(`${prefix}-`))
      .map((handler) => [handler.name.slice(prefix.length + 1), callable(handler.name)]),
  );
}

export const admin = group('admin');
export const subscription = group('subscription');
export const entitlements = group('entitlements');
export const journey = group('journey');
export const account = group('account');
export const organisation = group('organisation');
export const survey = group('survey');
export const results = group('results');
export const users = group('users');
export const invites = group('invites');
export const milestones = group('milestones');
