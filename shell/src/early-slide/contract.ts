// What the early slide (index.ts, inlined into index.html) hands to the app: the requests it has
// already made, so the app takes their answers instead of asking again.
import type { RouteId, RouteOwner } from '@toolkit/domain/routes';
import type { RawSurvey } from '@toolkit/platform/survey-definition';

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

export interface EarlyRequests {
  /** The runtime configuration's response, a copy nobody else reads. */
  config: Promise<Response>;
  /** The definition of the survey at this address, when the page is one of its slides. */
  survey?: { id: string; definition: Promise<RawSurvey | null> };
  /**
   * On a signed-in area's page, the manifest of the remote that draws it, a copy nobody else reads
   * (null when the configuration names no such remote).
   */
  remoteManifest?: Promise<{ url: string; response: Promise<Response> } | null>;
  /** On a signed-in area's page, the remote's files its manifest names for the mount entry, preloaded. */
  remoteFiles?: Promise<string[]>;
  /**
   * On a signed-in area's page, the catalogue, and with a session kept on the device the callable
   * reads its first screen makes (signed-in-start.ts): each the answer to the app's identical call,
   * once.
   */
  firstReads?: Promise<EarlyRead[]>;
  /**
   * What the inline script leaves to the first reads' script on a signed-in area's page
   * (first-reads-start.ts): the page and its area, the configuration, the sign-in SDK's files to
   * preload without a kept session, and `answer`, which settles `firstReads` once.
   */
  firstReadsRequest?: {
    owner: RouteOwner;
    routeId: RouteId;
    config: Promise<unknown>;
    sdkPreloads: string[];
    answered: boolean;
    answer(reads: EarlyRead[]): void;
  };
}

/** A read the early slide asked, as the app's callable or content client would send it. */
export interface EarlyRead {
  url: string;
  body: string;
  authorization: string;
  response: Promise<Response>;
}

const KEY = '__toolkitEarlyRequests';

type WithEarlyRequests = typeof globalThis & { [KEY]?: EarlyRequests };

export function setEarlyRequests(early: EarlyRequests): void {
  (globalThis as WithEarlyRequests)[KEY] = early;
}

/** What the early slide started, if this page had it (a test page may not). */
export function earlyRequests(): EarlyRequests | undefined {
  return (globalThis as WithEarlyRequests)[KEY];
}
