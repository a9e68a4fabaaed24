import { createRemoteLifecycles } from '@toolkit/parcel';
import { App } from './app';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles(App, 'dashboard');
