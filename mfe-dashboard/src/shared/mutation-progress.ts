// A mutation's state as a save's progress for SaveProgress (@toolkit/ui/save-progress), so no
// screen words its own failure or keeps a busy or saved flag of its own.
import { describeError } from '@toolkit/data';
import type { Progress } from '@toolkit/ui/save-progress';

interface MutationState {
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  error?: unknown;
}

/** `doing` completes "We couldn't …" in the failure's words, e.g. "save your brand". */
export const progressOf = (mutation: MutationState, doing: string): Progress => ({
  busy: mutation.isLoading,
  failure: mutation.isError ? describeError(mutation.error, doing) : null,
  done: mutation.isSuccess,
});
