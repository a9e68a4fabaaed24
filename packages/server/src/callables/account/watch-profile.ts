// account-watchProfile, the live tenant user profile: a streamed answer
// that sends the caller's profile now and after every change, so an open Profile screen follows
// edits made in another tab or by an admin. Without streaming it answers the profile once.
import { API, type ApiResponses } from '@toolkit/domain';
import { defineHandler } from '../../api/handler';
import { paths } from '../../repositories/paths';
import { readProfile, tenantUserOf, toProfile } from '../../repositories/users';

/** A stream ends after this long (the client opens a new one): access is checked at each start. */
export const WATCH_PROFILE_MAX_MS = 10 * 60 * 1000;

export const watchProfile = defineHandler(API.watchProfile, {
  async run(_input, { caller, deps, request }): Promise<ApiResponses[typeof API.watchProfile]> {
    const { stream } = request;
    const path = paths.tenantUser(caller.tenantId, caller.uid);
    if (stream && !stream.signal.aborted) {
      await new Promise<void>((resolve) => {
        const stopWatching = deps.store.watch(path, (snapshot) => {
          const user = tenantUserOf(snapshot);
          void stream.send({ profile: user && toProfile(user, caller.tenantId) });
        });
        const end = () => {
          stopWatching();
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(end, WATCH_PROFILE_MAX_MS);
        stream.signal.addEventListener('abort', end, { once: true });
      });
    }
    return { profile: await readProfile(deps.store, caller.tenantId, caller.uid) };
  },
});
