// Whether a failed call failed for the network rather than because the server refused it: only then
// does the device's copy stand in for the server's answer, or the call wait for the network.
import { isCallableError } from '@toolkit/platform';

export function isNetworkFailure(error: unknown): boolean {
  if (isCallableError(error)) {
    // The callable client names a request that got no answer `unavailable` (or, past its timeout,
    // `deadline-exceeded`); `internal` without the server's words is an answer cut off on the way.
    return (
      error.code === 'unavailable' ||
      error.code === 'deadline-exceeded' ||
      (error.code === 'internal' && !error.hasServerMessage)
    );
  }
  // An expired ID token that could not be refreshed: the Auth SDK's own network failure.
  return (error as { code?: unknown } | null)?.code === 'auth/network-request-failed';
}
