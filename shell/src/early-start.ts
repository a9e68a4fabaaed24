// What a page needs first, started before React and the screens are evaluated: this module needs
// few shared modules, so it runs while the rest of the app still downloads. It starts the remote
// that draws the page (the dashboard's downloads while the sign-in SDK starts the session, instead
// of after it), and on a survey link the survey's definition (which the guard and the survey share).
import { matchRoute, type RouteId } from '@toolkit/domain';
import {
  createContentClient,
  loadRuntimeConfig,
  loadSurveyDefinition,
  primeSurveyDefinition,
  type ContentClient,
  type RuntimeConfig,
} from '@toolkit/platform';
import { earlyFetch } from './early-fetch';
import { earlyRequests } from './early-slide/contract';
import { storedSession } from './auth/stored-session';
import { deviceStorage } from './device-storage';
import { isSignedInArea } from './early-slide/signed-in-start';
import { loadRemoteLifecycles, registerRuntimeRemotes } from './remotes/registry';

export interface EarlyStart {
  config: RuntimeConfig;
  content: ContentClient;
  /** Settles when a survey link's definition has arrived or failed (at once on other pages). */
  surveyDefinition: Promise<void>;
  /** The page opened when a signed-in area's remote draws it, whose first reads the shell starts. */
  firstRoute: RouteId | null;
  /** The reads the shell and the remotes share; none on a survey's pages, which share none. */
  sharing: Promise<typeof import('./shared-reads')> | null;
}

async function start(): Promise<EarlyStart> {
  // Read at start-up, not baked in at build time: remotes can move without a shell rebuild.
  const config = await loadRuntimeConfig(undefined, earlyFetch);
  registerRuntimeRemotes(config.remotes);
  // The catalogue the early slide asked is answered from its request.
  const content = createContentClient({ url: config.contentUrl, key: config.contentKey, fetch: earlyFetch });
  const match = matchRoute(window.location.pathname);
  let surveyDefinition = Promise.resolve();
  // Failures are left for the screens, which show them with a retry.
  const owner = match?.route.owner;
  if (owner && owner !== 'shell') loadRemoteLifecycles(owner).catch(() => undefined);
  // A signed-in area's page waits for the session: the sign-in SDK downloads now (the early slide
  // has usually preloaded it), not once the guard has rendered and asked for it (a survey asks for
  // it after its first screen). A session kept on the device stands for it until the first screen
  // is drawn (stored-session.ts).
  const signedInArea = isSignedInArea(owner);
  if (signedInArea && !storedSession(deviceStorage(), Date.now(), config.firebase.apiKey))
    import(/* webpackChunkName: "firebase-session" */ './auth/firebase-session').catch(() => undefined);
  const sharing = owner === 'survey' ? null : import(/* webpackChunkName: "shared-reads" */ './shared-reads');
  // Awaited by the start-up; a failed download leaves every read to its asker.
  sharing?.catch(() => undefined);
  if (match?.route.owner === 'survey') {
    const { surveyId } = match.params;
    const asked = earlyRequests()?.survey;
    if (surveyId && asked?.id === surveyId) primeSurveyDefinition(content, surveyId, asked.definition);
    if (surveyId?.trim()) {
      surveyDefinition = loadSurveyDefinition(content, surveyId).then(
        () => undefined,
        () => undefined,
      );
    }
  }
  return {
    config,
    content,
    surveyDefinition,
    firstRoute: signedInArea && match ? match.route.id : null,
    sharing,
  };
}

export const earlyStart: Promise<EarlyStart> = start();
