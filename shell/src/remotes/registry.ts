import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { RemoteLifecycles } from '@toolkit/parcel';
import type { RuntimeConfig } from '@toolkit/platform';
import { earlyManifests } from './early-manifest';

export type RemoteName = keyof RuntimeConfig['remotes'];

const container = (name: RemoteName) => `mfe_${name}`;

/** Registers the remotes from runtime configuration, so a remote is redeployed without rebuilding the shell. */
export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  registerPlugins([earlyManifests()]);
  registerRemotes(
    (Object.keys(remotes) as RemoteName[]).map((name) => ({ name: container(name), entry: remotes[name] })),
  );
}

async function fetchLifecycles(name: RemoteName): Promise<RemoteLifecycles> {
  // The mount entry's chunks are listed in the remote's manifest: preloaded beside its
  // remoteEntry.js instead of requested once that has run, a round trip less on a slow network.
  // Not the survey's: a survey link's first requests are its early slide's (benchmarks.md).
  if (name !== 'survey') {
    preloadRemote([{ nameOrAlias: container(name), exposes: ['mount'], resourceCategory: 'sync' }]).catch(
      () => undefined,
    );
  }
  const lifecycles = await loadRemote<RemoteLifecycles>(`${container(name)}/mount`);
  if (!lifecycles || typeof lifecycles.mount !== 'function') {
    throw new Error(`The ${name} area did not provide a mount entry.`);
  }
  return lifecycles;
}

/** Loads in flight or done, so a load started early (early-start.ts) is the one the area uses. */
const loads = new Map<RemoteName, Promise<RemoteLifecycles>>();

export function loadRemoteLifecycles(name: RemoteName): Promise<RemoteLifecycles> {
  const existing = loads.get(name);
  if (existing) return existing;
  const load = fetchLifecycles(name);
  loads.set(name, load);
  // A failed load is forgotten, so the area's retry really loads again.
  load.catch(() => loads.delete(name));
  return load;
}
