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

/** Our packages every app bundles and shares as singletons (the contract between shell and remotes). */
const CONTRACT_PACKAGES = ['domain', 'store-contract', 'ui', 'platform', 'parcel'];

module.exports = { REMOTES, SHELL, REMOTE_EXPOSES, CONTRACT_PACKAGES };
