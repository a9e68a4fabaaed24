import { matchRoute } from '@toolkit/domain';
import { createRemoteLifecycles, type RemoteLifecycles } from '@toolkit/parcel';
import { App } from './App';
import { prefetchSurvey } from './definition';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles(App, 'survey');

/** The definition every survey screen needs, while the shell signs the respondent in. */
export const prefetch: RemoteLifecycles['prefetch'] = (services, pathname) => {
  const surveyId = matchRoute(pathname)?.params.surveyId;
  if (surveyId?.trim()) prefetchSurvey(services.content, surveyId);
};
