// The first reads' script of a signed-in area's page, which the inline early script asks for beside
// the runtime configuration (signed-in-start.ts): it asks the first screen's reads and, unless a
// session kept on the device lets the app open it after the first screen, preloads the sign-in SDK;
// and once the remote's manifest is in, the files its mount entry needed on the last visit.
// A file of its own, so that the inline script every page carries, a survey's first, stays small.
import { storedSession } from '../auth/stored-session';
import { deviceStorage } from '../device-storage';
import { learnedAreaFiles } from '../remotes/learned-files';
import { earlyRequests } from './contract';
import { preloadScript } from './preload-script';
import { askCatalogue, askFirstReads } from './signed-in-reads';

const early = earlyRequests();
const request = early?.firstReadsRequest;
if (request && !request.answered) {
  void early?.remoteFiles?.then((named) =>
    learnedAreaFiles(deviceStorage(), request.owner, named).forEach(preloadScript),
  );
  if (!storedSession(deviceStorage(), Date.now())) request.sdkPreloads.forEach(preloadScript);
  request.config
    .then((config) => {
      // The app stopped waiting (the inline script's own fallback): it asks for itself.
      if (request.answered) return;
      request.answer([
        askCatalogue(config),
        ...askFirstReads(request.routeId, config, deviceStorage(), new Date()),
      ]);
    })
    .catch(() => request.answer([]));
}
