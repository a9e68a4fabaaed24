import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Lets a remote that failed to load be loaded again: the runtime remembers a remote entry's
 * failed script, so "Try again" would otherwise replay the same failure. Retry policy (when, how
 * often) stays with the user, who presses "Try again" on the boundary.
 */
export default function retryableRemotes(): ModuleFederationRuntimePlugin {
  return {
    name: 'toolkit-retryable-remotes',
    errorLoadRemote({ id, error, origin }) {
      const remoteName = id.split('/')[0];
      const remote = origin.options.remotes.find((r) => r.name === remoteName);
      if (remote) origin.registerRemotes([remote], { force: true });
      throw error;
    },
  };
}
