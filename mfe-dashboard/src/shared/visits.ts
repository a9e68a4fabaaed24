// The journey's "opened" milestones (the Results page with a result, Insights, the priorities
// downloaded) are one write the screen sends once, so reading what a screen shows never writes and
// a refetch records nothing. The server decides whether the visit counts.
import { useEffect, useRef } from 'react';
import { API, type ApiRequest } from '@toolkit/domain';
import { api, callableMutation } from '@toolkit/data';

export type Visit = ApiRequest<typeof API.recordVisit>;

const visitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordVisit: callableMutation(build, API.recordVisit, {
      request: (visit: Visit) => visit,
      // Only a recorded visit changes the journey.
      invalidatesTags: (answer) => (answer?.recorded ? ['Milestones'] : []),
    }),
  }),
});

export const { useRecordVisitMutation } = visitsApi;

/** Sends `visit` once per mount, as soon as it is given (null while the screen has nothing to show). */
export function useVisitRecorded(visit: Visit | null): void {
  const [record] = useRecordVisitMutation();
  const sent = useRef(false);
  const ready = visit !== null;
  useEffect(() => {
    if (!visit || sent.current) return;
    sent.current = true;
    record(visit)
      .unwrap()
      .catch((error: unknown) => console.error('The visit could not be recorded.', error));
    // The visit is sent once: a later change of the object is not another visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
