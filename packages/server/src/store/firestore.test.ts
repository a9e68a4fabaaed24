// The shared contract against firebase-admin talking to the Google Cloud CLI's Firestore emulator,
// the real Firestore semantics. Without the CLI the cases are skipped, saying why.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  firestoreEmulatorMissing,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../testing/firestore-emulator';
import { describeDocumentStoreContract } from '../testing/store-contract';
import { createFirestoreStore } from './firestore';

const missing = firestoreEmulatorMissing();
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
    return createFirestoreStore(getFirestore(app));
  });
}
