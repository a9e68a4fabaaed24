// The tenant's toolkit (the one it signed up through, in the CMS): the survey its businesses
// complete and the one they invite their team to. No survey id is written into the dashboard.
import { useCallback } from 'react';
import { API, paths, TOOLKIT_QUERY, type ToolkitQuery } from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { useServices } from './services';
import { useResource, type Resource } from './use-resource';

export interface ToolkitSurvey {
  id: string;
  title: string;
  tenantId: string;
  /** Where it is answered. */
  path: string;
}

export interface Toolkit {
  name: string;
  title: string;
  /** The publishing tenant. */
  tenantId: string;
  assessment: ToolkitSurvey;
  teamSurvey: ToolkitSurvey | null;
}

const withPath = (survey: { id: string; title: string; tenantId: string }): ToolkitSurvey => ({
  ...survey,
  path: paths.survey(survey.tenantId, survey.id),
});

/** Toolkits once loaded, per content client and name: every screen asks, one request answers. */
const loaded = new WeakMap<object, Map<string, Promise<Toolkit>>>();

export function useToolkit(): [Resource<Toolkit>, () => void] {
  const { callable, content } = useServices();
  const load = useCallback(async () => {
    const { tenant } = await callApi(callable, API.getProfile, null);
    const name = tenant?.toolkit;
    if (!name)
      throw new Error('Your organisation signed up without a toolkit, so it has no surveys to show.');
    const byName = loaded.get(content) ?? new Map<string, Promise<Toolkit>>();
    loaded.set(content, byName);
    const known = byName.get(name);
    if (known) return known;
    const request = content
      .request<ToolkitQuery, { name: string }>(TOOLKIT_QUERY, { name })
      .then(({ toolkit }) => {
        if (!toolkit) throw new Error(`The toolkit "${name}" is not published.`);
        return {
          name: toolkit.name,
          title: toolkit.title,
          tenantId: toolkit.tenantId,
          assessment: withPath(toolkit.assessment),
          teamSurvey: toolkit.teamSurvey && withPath(toolkit.teamSurvey),
        };
      });
    byName.set(name, request);
    // A failure is not kept: the next screen (or Try again) asks again.
    request.catch(() => byName.delete(name));
    return request;
  }, [callable, content]);
  return useResource(load);
}
