// A save's status line from the state the hooks already keep (a form's submit, a mutation's
// result), so no screen keeps a busy or saved flag of its own.
import type { ReactNode } from 'react';
import { Button } from '@toolkit/ui';
import { Actions, SaveStatus } from '@toolkit/ui/form';

interface Progress {
  /** The save runs (a form's `isSubmitting`, a mutation's `isLoading`). */
  busy: boolean;
  /** Why the last save failed, in words; wins over `done`. */
  failure?: string | null;
  /** The last save succeeded (a mutation's `isSuccess`). */
  done: boolean;
  /** Words in place of "Saving…" and "Saved". */
  saving?: string;
  saved?: string;
}

export function SaveProgress({ busy, failure, done, saving, saved }: Progress) {
  const state = busy
    ? ({ kind: 'saving' } as const)
    : failure
      ? ({ kind: 'failed', message: failure } as const)
      : done
        ? ({ kind: 'saved' } as const)
        : ({ kind: 'idle' } as const);
  return <SaveStatus state={state} saving={saving} saved={saved} />;
}

/** A form's submit button with the save's status beside it; the button rests while the save runs. */
export function SubmitRow({ label, ...progress }: Progress & { label: ReactNode }) {
  return (
    <Actions>
      <Button type="submit" disabled={progress.busy}>
        {label}
      </Button>
      <SaveProgress {...progress} />
    </Actions>
  );
}
