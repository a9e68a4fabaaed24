import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLifecycles } from '@toolkit/parcel';
import type { RuntimeConfig } from '@toolkit/platform';

export type RemoteName = keyof RuntimeConfig['remotes'];

const container = (name: RemoteName) => `mfe_${name}`;

/** Registers the remotes from runtime configuration, so a remote is redeployed without rebuilding the shell. */
export function registerRuntimeRemotes(remotes: RuntimeConfig['remotes']): void {
  registerRemotes(
    (Object.keys(remotes) as RemoteName[]).map((name) => ({ name: container(name), entry: remotes[name] })),
  );
}

export async function loadRemoteLifecycles(name: RemoteName): Promise<RemoteLifecycles> {
  const lifecycles = await loadRemote<RemoteLifecycles>(`${container(name)}/mount`);
  if (!lifecycles || typeof lifecycles.mount !== 'function') {
    throw new Error(`The ${name} area did not provide a mount entry.`);
  }
  return lifecycles;
}
