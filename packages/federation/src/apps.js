// The apps of the product, addressed by name. The shell knows remotes only by container name
// and manifest URL (taken from runtime configuration); ports are the local contract.
const REMOTES = {
  survey: { container: 'mfe_survey', dir: 'mfe-survey', port: 3001 },
  dashboard: { container: 'mfe_dashboard', dir: 'mfe-dashboard', port: 3002 },
  journey: { container: 'mfe_journey', dir: 'mfe-journey', port: 3003 },
  billing: { container: 'mfe_billing', dir: 'mfe-billing', port: 3004 },
};
const SHELL = { container: 'shell', dir: 'shell', port: 3000 };

/** What each remote exposes: one single-spa mount entry (docs/architecture.md). */
const REMOTE_EXPOSES = { './mount': './src/mount.tsx' };

/**
 * Our packages shared as singletons (the contract between shell and remotes), each by the apps that
 * depend on it: `data` (the one API slice) only by the remotes that read server data, so the shell
 * and the survey path never carry it.
 */
const CONTRACT_PACKAGES = ['domain', 'store-contract', 'ui', 'platform', 'parcel', 'data'];

module.exports = { REMOTES, SHELL, REMOTE_EXPOSES, CONTRACT_PACKAGES };
