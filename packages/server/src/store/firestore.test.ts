// The shared contract against firebase-admin talking to @firestore-emulator/server, a Node
// implementation of Firestore's gRPC API (the official emulator needs Java; DESIGN.md §2).
import net from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describeDocumentStoreContract } from './contract';
import { createFirestoreStore } from './firestore';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let server: FirestoreServer | undefined;
let app: App | undefined;

afterAll(async () => {
  if (app) await deleteApp(app);
  server?.stop();
  delete process.env.FIRESTORE_EMULATOR_HOST;
});

describeDocumentStoreContract(
  'Firestore (firebase-admin) on @firestore-emulator/server',
  async () => {
    server = new FirestoreServer();
    const port = await freePort();
    await server.start(port);
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    app = initializeApp({ projectId: 'demo-toolkit' }, 'firestore-store-contract');
    return createFirestoreStore(getFirestore(app));
  },
  {
    unsupported: {
      // Its set() only writes the fields it is given, so fields missing from the data survive.
      'set replaces the whole document': 'the emulator merges instead of replacing',
      // It writes the fields present in the data only, so masked fields without a value stay.
      'FieldValue.delete()': 'the emulator ignores field deletes',
      // Its getField() throws "Not implemented" for a dotted path.
      'transforms on nested fields': 'the emulator cannot read nested fields',
      // Its append_missing_elements transform only handles a field that already holds an array.
      'arrayUnion on a missing field': 'the emulator throws "Invalid transform" when the field is missing',
      // Its transform loop returns after an array or serverTimestamp transform, dropping the rest.
      'several transforms in one write':
        'the emulator drops transforms after the first array or timestamp one',
      // Its getField() throws for a dotted path inside RunQuery, and the query never answers.
      'queries on nested fields': 'the emulator cannot read nested fields',
      // Its RunQuery has no implicit order by document name, so ties keep insertion order.
      'ties ordered by document id': 'the emulator keeps ties in insertion order',
      // Its RunQuery sorts documents without the field last instead of leaving them out.
      'orderBy leaves out documents without the field': 'the emulator keeps them, sorted last',
      // firebase-admin sends `== null` as a unary filter, which its RunQuery ignores.
      'equality with null': 'the emulator ignores unary (IS NULL) filters',
      // Its Commit applies the writes one by one and keeps those before the one that fails.
      'failed commit applies no write': 'the emulator commits are not atomic',
      // BeginTransaction returns a dummy id and Commit checks nothing, so concurrent read-modify-write loses updates.
      'concurrent transactions': 'the emulator has no transaction isolation',
      // ListCollectionIds and ListDocuments are not implemented.
      exportAll: 'the emulator does not implement ListCollectionIds or ListDocuments',
    },
  },
);
