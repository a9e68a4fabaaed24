// What the page tells the service worker (shell/src/offline). A survey opened once keeps working
// without a network: the worker keeps the files and the definition it served, and keeps the survey
// remote's version a respondent started on until that result is completed on the server.

import { paths } from '@toolkit/domain';

/** Where the worker is served from: the app's origin root, so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

export type OfflineMessage =
  /**
   * A result of this survey is open on this device: keep the survey remote's version it runs on
   * (its manifest and entry) for this survey's pages, and fetch every file that version may still
   * need, so Finish works offline.
   */
  | { type: 'keep-survey'; tenantId: string; surveyId: string }
  /** The server has completed the result: the survey's next start takes the newest version. */
  | { type: 'release-survey'; tenantId: string; surveyId: string }
  /** Files the page loaded before the worker controlled it: kept as if the worker had served them. */
  | { type: 'keep-files'; urls: string[] };

/** The path prefix of a survey's pages, which a kept version applies to. */
export const surveyPathPrefix = (tenantId: string, surveyId: string): string =>
  paths.survey(tenantId, surveyId);

/** Posts to the active worker once there is one; nothing where service workers are unavailable. */
export function tellServiceWorker(message: OfflineMessage): void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return;
  void container.ready.then(
    (registration) => registration.active?.postMessage(message),
    () => undefined,
  );
}
