// A signed-in area's first reads as the early slide asks them, before the app has downloaded: the
// catalogue, and with a session the sign-in SDK kept on the device the reads the page's first screen
// makes for the organisation as the last visit left it. Each is sent as the app's callable or
// content client would send it, so that client takes the answer (early-fetch.ts).
import { SURVEY_LIST_QUERY } from '@toolkit/domain/content/queries';
import { firstReadsOf } from '@toolkit/domain/first-reads';
import type { RouteId } from '@toolkit/domain/routes';
import { storedSession } from '../auth/stored-session';
import { lastVisit, sessionOfLastVisit } from '../last-visit';
import type { EarlyRead } from './contract';

/**
 * The catalogue, which tells what the signed-in organisation is (every page of a signed-in area
 * reads it), asked as the app's content client would ask it.
 */
export function askCatalogue(config: unknown): EarlyRead {
  const { contentUrl, contentKey } = config as { contentUrl: string; contentKey: string };
  const body = JSON.stringify({ query: SURVEY_LIST_QUERY });
  const authorization = `Bearer ${contentKey}`;
  const headers = { 'Content-Type': 'application/json', Authorization: authorization };
  return {
    url: contentUrl,
    body,
    authorization,
    response: fetch(contentUrl, { method: 'POST', headers, body }),
  };
}

/**
 * The reads route `routeId`'s first screen makes for the organisation as this device's last visit
 * left it, asked now with the session kept on the device, as the app's callable client would ask
 * them (none without such a session, or where App Check needs its SDK for a token).
 */
export function askFirstReads(
  routeId: RouteId,
  config: unknown,
  storage: Storage | null,
  now: Date,
): EarlyRead[] {
  const { functionsBaseUrl, appCheckSiteKey, firebase } = config as {
    functionsBaseUrl?: unknown;
    appCheckSiteKey?: unknown;
    firebase?: { apiKey?: unknown };
  };
  if (typeof functionsBaseUrl !== 'string' || appCheckSiteKey || typeof firebase?.apiKey !== 'string')
    return [];
  const session = storedSession(storage, now.getTime(), firebase.apiKey);
  const tenantId = session?.claims.tenantId;
  if (!session || typeof tenantId !== 'string') return [];
  const last = lastVisit(storage, session.user.uid, tenantId);
  if (!last) return [];
  const base = functionsBaseUrl.trim().replace(/\/+$/, '');
  const authorization = `Bearer ${session.idToken}`;
  return firstReadsOf(routeId, sessionOfLastVisit(last, window.location.search, now)).map(
    ({ name, request }) => {
      const url = `${base}/${name}`;
      const body = JSON.stringify({ data: request ?? null });
      const headers = { 'Content-Type': 'application/json', Authorization: authorization };
      return { url, body, authorization, response: fetch(url, { method: 'POST', headers, body }) };
    },
  );
}
