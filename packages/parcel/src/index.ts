export type { ParcelProps, AppServices } from './props';
export { createRemoteLifecycles, RemoteProviders, type RemoteLifecycles } from './create-remote';
