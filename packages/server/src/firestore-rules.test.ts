// firestore.rules against the Google Cloud CLI's Firestore emulator, through the Firebase client SDK
// as a browser would use it (@firebase/rules-unit-testing). The browser reaches documents only
// through the callables (docs/architecture.md), so every direct read and write of every document the
// server keeps is refused, for every kind of caller, except what GRANTED lists — and a member of
// one tenant never reaches the other's. Without the CLI the file is skipped saying why, and fails in CI.
import path from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
  type TokenOptions,
} from '@firebase/rules-unit-testing';
import { auditCollection } from './repositories/audit';
import { paths } from './repositories/paths';
import {
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from './testing/firestore-emulator';

const PROJECT_ID = 'demo-toolkit';
const RULES = path.resolve(__dirname, '../../../firestore.rules');

type Tenant = 'A' | 'B';

/** A caller's Firebase Auth session; null is no session at all. */
const CALLERS = {
  unauthenticated: null,
  anonymous: {
    uid: 'anon',
    token: { provider_id: 'anonymous', firebase: { sign_in_provider: 'anonymous' } },
  },
  'member of A': { uid: 'uA', token: { tenantId: 'A', role: 'owner' } },
  'member of B': { uid: 'uB', token: { tenantId: 'B', role: 'owner' } },
} satisfies Record<string, { uid: string; token: TokenOptions } | null>;
type Caller = keyof typeof CALLERS;

const OPERATIONS = ['get', 'list', 'collection group', 'create', 'set', 'update', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];

/**
 * What firestore.rules deliberately lets a browser do, as "caller operation path": nothing today.
 * Only the document's own tenant member may ever be granted anything (checked below).
 */
const GRANTED = new Set<`${Caller} ${Operation} ${string}`>([]);

/** Every kind of document the server keeps (repositories/paths.ts), one of each per tenant. */
function documentsOf(tenant: Tenant): string[] {
  const uid = `u${tenant}`;
  return [
    paths.tenant(tenant),
    paths.tenantUser(tenant, uid),
    paths.milestone(tenant, uid, 'sign-up'),
    paths.userSurveyResult(tenant, uid, 'r1'),
    paths.result(tenant, 'quickscan', 'r1'),
    paths.organisation(tenant),
    paths.aggregateShard(tenant, 'quickscan', 0),
    paths.aggregateOrganisation(tenant, 'quickscan', `o${tenant}`),
    paths.globalUser(uid),
    paths.toolkitMember('quickscan', tenant),
    paths.tenantCredential(tenant, `c${tenant}`),
    paths.credentialStatus(`c${tenant}`),
    paths.alerts(tenant),
    paths.brand(tenant),
    paths.sandboxCustomer(`cus${tenant}`),
    paths.sandboxSession(`cs${tenant}`),
    paths.sandboxSubscription(`cus${tenant}`),
    paths.expertRequest(tenant, `e${tenant}`),
    paths.invite(`i${tenant}`),
    paths.mailDoc(`m${tenant}`),
    paths.rateLimit(`x${tenant}`),
    // The audit trail: no one may edit an entry, nor write one but the server in the change's transaction.
    `${auditCollection(tenant)}/a${tenant}`,
  ];
}
const DOCUMENTS = (['A', 'B'] as const).flatMap((tenant) =>
  documentsOf(tenant).map((docPath) => ({ tenant, docPath })),
);

type Db = ReturnType<RulesTestContext['firestore']>;

function attempt(db: Db, operation: Operation, docPath: string, caller: Caller): Promise<unknown> {
  const ref = db.doc(docPath);
  switch (operation) {
    case 'get':
      return ref.get();
    case 'list':
      return ref.parent.get();
    case 'collection group':
      return db.collectionGroup(ref.parent.id).get();
    case 'create':
      return ref.parent.doc(`${ref.id}-new`).set({ by: caller });
    case 'set':
      return ref.set({ by: caller });
    case 'update':
      return ref.update({ by: caller });
    case 'delete':
      return ref.delete();
  }
}

const missing = firestoreEmulatorSkipReason();
let emulator: FirestoreEmulator | undefined;
let env: RulesTestEnvironment | undefined;

afterAll(async () => {
  await env?.cleanup();
  await emulator?.stop();
}, 30_000);

if (missing) {
  describe('firestore.rules on the Firestore emulator', () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
} else {
  describe('firestore.rules on the Firestore emulator', () => {
    const dbs = new Map<Caller, Db>();

    beforeAll(async () => {
      // The emulator reads the rules file itself, as `firebase deploy` would take it.
      emulator = await startFirestoreEmulator({ rules: RULES });
      const [host, port] = emulator.host.split(':');
      env = await initializeTestEnvironment({
        projectId: PROJECT_ID,
        firestore: { host: host!, port: Number(port) },
      });
      await env.withSecurityRulesDisabled(async (owner) => {
        await Promise.all(
          DOCUMENTS.map(({ tenant, docPath }) => owner.firestore().doc(docPath).set({ tenant })),
        );
      });
      for (const caller of Object.keys(CALLERS) as Caller[]) {
        const session = CALLERS[caller];
        const context = session
          ? env.authenticatedContext(session.uid, session.token)
          : env.unauthenticatedContext();
        dbs.set(caller, context.firestore());
      }
    }, 120_000);

    // A refusal of a document that does not exist would prove less.
    it('the documents refused below exist', async () => {
      await env!.withSecurityRulesDisabled(async (owner) => {
        const snapshots = await Promise.all(
          DOCUMENTS.map(({ docPath }) => owner.firestore().doc(docPath).get()),
        );
        expect(snapshots.filter((snapshot) => !snapshot.exists).map((snapshot) => snapshot.ref.path)).toEqual(
          [],
        );
      });
    });

    describe.each(Object.keys(CALLERS) as Caller[])('%s', (caller) => {
      it.each(DOCUMENTS)(`$docPath: only what GRANTED lists`, async ({ tenant, docPath }) => {
        const expected: Partial<Record<Operation, string>> = {};
        const outcomes: Partial<Record<Operation, string>> = {};
        // One at a time: a granted write must not race the other operations on the same document.
        for (const operation of OPERATIONS) {
          const granted = GRANTED.has(`${caller} ${operation} ${docPath}`);
          if (granted) expect(caller).toBe(`member of ${tenant}`);
          const request = attempt(dbs.get(caller)!, operation, docPath, caller);
          expected[operation] = granted ? 'allowed' : 'refused';
          // The assertion's message (or an unexpected error) lands in the diff under its operation.
          outcomes[operation] = await (
            granted
              ? assertSucceeds(request).then(() => 'allowed')
              : assertFails(request).then(() => 'refused')
          ).catch((error: Error) => error.message);
        }
        expect(outcomes).toEqual(expected);
      });
    });
  });
}
