export type { ParcelProps, AppServices, AuthOutcome } from './props';
export { createRemoteLifecycles, RemoteProviders, type RemoteLifecycles } from './create-remote';
