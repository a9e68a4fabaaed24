// @toolkit/server: what the local dev stack and Cloud Functions wire together.
export { createRouter, type Router, type ApiResponse } from './api/router';
export { defineHandler, type Handler, type ServerDeps, type ContentPort } from './api/handler';
export { ApiError } from './api/errors';
export { createFirebaseAuthPort, type AuthPort } from './auth/port';
export { allHandlers } from './handlers';
export { startApiHost, type ApiHost, type ApiHostOptions } from './http-host';
export { openPgliteStore } from './store/pglite';
export type { DocumentStore } from './store/port';
