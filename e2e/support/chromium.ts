// The one way this project launches Chromium (Debian's, installed by scripts/ensure-chromium.sh),
// for the e2e suite and the benchmarks alike.
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
