import { createRemoteLifecycles } from '@toolkit/parcel';
import { App } from './App';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles(App, 'survey');
