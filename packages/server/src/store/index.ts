export * from './port';
export { openPgliteStore } from './pglite';
export { createFirestoreStore } from './firestore';
