// The federation runtime takes the remote's manifest the early slide has already asked for
// (signed-in-start.ts) instead of asking again once the app has started.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { earlyRequests } from '../early-slide/contract';

export function earlyManifests(): ModuleFederationRuntimePlugin {
  let early = earlyRequests()?.remoteManifest;
  return {
    name: 'early-manifests',
    fetch(url, init) {
      // Taken once: a later load (after a failure, say) asks the network again.
      const pending = early;
      early = undefined;
      if (!pending) return undefined;
      return pending
        .catch(() => null)
        .then((asked) =>
          asked?.url === url ? asked.response.catch(() => fetch(url, init)) : fetch(url, init),
        );
    },
  };
}
