// @toolkit/server: what @toolkit/functions (Cloud Functions and the local backend) wires together.
export { createRouter, type Router, type ApiResponse } from './api/router';
export { defineHandler, type Handler, type ServerDeps, type ContentPort } from './api/handler';
export { ApiError } from './api/errors';
export { createFirebaseAuthPort, type AuthPort } from './auth/port';
export { allCallables } from './callables';
export { openPgliteStore } from './store/pglite';
export type { DocumentStore } from './store/port';
