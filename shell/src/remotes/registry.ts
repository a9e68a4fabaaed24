import {
  loadRemote,
  preloadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { RemoteLifecycles } from '@toolkit/parcel';
import type { RuntimeConfig } from '@toolkit/platform';
import { deviceStorage } from '../device-storage';
import { isSignedInArea } from '../early-slide/signed-in-start';
import { earlyManifests } from './early-manifest';
import { learnAreaFiles, scriptsFrom } from './learned-files';

export type RemoteName = keyof RuntimeConfig['remotes'];

const container = (name: RemoteName) => `mfe_${name}`;

/** Where each remote's files are, by the manifest addresses registered. */
const folders = new Map<RemoteName, string>();

/** Registers the remotes from runtime configuration, so a remote is redeployed without rebuilding the shell. */
export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  for (const name of Object.keys(remotes) as RemoteName[])
    folders.set(name, new URL('.', new URL(remotes[name], window.location.href)).href);
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
  // What the mount entry needed, before the area asks for anything else (its screens read ahead);
  // for a signed-in area, whose pages' first reads' script preloads it next time.
  const folder = folders.get(name);
  if (folder && isSignedInArea(name)) learnAreaFiles(deviceStorage(), name, scriptsFrom(folder));
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
