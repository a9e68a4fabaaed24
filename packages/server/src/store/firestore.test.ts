// The shared contract against firebase-admin talking to the Google Cloud CLI's Firestore emulator,
// the real Firestore semantics. Without the CLI the cases are skipped saying why, and fail in CI.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  firestoreEmulatorSkipReason,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../testing/firestore-emulator';
import { describeDocumentStoreContract } from '../testing/store-contract';
import { createFirestoreStore } from './firestore';

const missing = firestoreEmulatorSkipReason();
let emulator: FirestoreEmulator | undefined;
let app: App | undefined;

afterAll(async () => {
  if (app) await deleteApp(app);
  await emulator?.stop();
  delete process.env.FIRESTORE_EMULATOR_HOST;
}, 30_000);

if (missing) {
  describe('DocumentStore contract: Firestore (firebase-admin) on the Firestore emulator', () => {
    it.skip(`skipped: ${missing}`, () => undefined);
  });
} else {
  describeDocumentStoreContract('Firestore (firebase-admin) on the Firestore emulator', async () => {
    emulator = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    app = initializeApp({ projectId: 'demo-toolkit' }, 'firestore-store-contract');
    // The contract's queries are the port's own, not the server's declared shapes.
    return createFirestoreStore(getFirestore(app), { undeclaredQueries: 'allow' });
  });

  describe('a query of a shape query-shapes.ts does not declare', () => {
    let logging: App | undefined;
    afterAll(async () => {
      if (logging) await deleteApp(logging);
    });

    it('is logged once, with the marker an emulator run is searched for, and still answered', async () => {
      // The contract's emulator when it ran first, else this case's own.
      emulator ??= await startFirestoreEmulator();
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
      logging = initializeApp({ projectId: 'demo-toolkit' }, 'firestore-undeclared-queries');
      const store = createFirestoreStore(getFirestore(logging), { undeclaredQueries: 'log' });
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        await store.set('tenants/t1/users/u1', { email: 'a@example.com', role: 'owner' });
        expect(
          await store.query('tenants/t1/users', { where: [['email', '==', 'a@example.com']] }),
        ).toHaveLength(1);
        expect(warn).not.toHaveBeenCalled();
        const undeclared = { where: [['role', '==', 'owner']], orderBy: [['email', 'asc']] } as const;
        expect(await store.query('tenants/t1/users', undeclared)).toHaveLength(1);
        expect(await store.count('tenants/t1/users', undeclared)).toBe(1);
        expect(warn.mock.calls).toEqual([
          [expect.stringContaining('Undeclared Firestore query: users where [role ==] orderBy [email asc]')],
        ]);
      } finally {
        warn.mockRestore();
      }
    }, 120_000);
  });
}
