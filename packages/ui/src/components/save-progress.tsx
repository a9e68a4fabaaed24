// A save's status line from the state the caller already keeps (a form's submit, a mutation's
// result), so no screen keeps a busy or saved flag of its own or words its own "Saving…". A subpath
// (@toolkit/ui/save-progress): the survey path never saves a form, so it never downloads this.
import type { ReactNode } from 'react';
import { Button } from '@toolkit/ui';
import { Actions, SaveStatus, type SaveState } from '../form';

export interface Progress {
  /** The save runs (a form's `isSubmitting`, a mutation's `isLoading`). */
  busy: boolean;
  /** Why the last save failed, in words; wins over `done`. */
  failure?: string | null;
  /** The last save succeeded (a mutation's `isSuccess`). */
  done: boolean;
}

export interface SaveProgressProps extends Progress {
  /** Words in place of "Saving…" and "Saved", where the action is not a save. */
  saving?: string;
  saved?: string;
}

const stateOf = ({ busy, failure, done }: Progress): SaveState =>
  busy
    ? { kind: 'saving' }
    : failure
      ? { kind: 'failed', message: failure }
      : done
        ? { kind: 'saved' }
        : { kind: 'idle' };

/** "Saving…", "Saved" or the failure, announced in a status region. */
export function SaveProgress({ saving, saved, ...progress }: SaveProgressProps) {
  return <SaveStatus state={stateOf(progress)} saving={saving} saved={saved} />;
}

/** A form's submit button with the save's status beside it; the button rests while the save runs. */
export function SubmitRow({ label, ...progress }: SaveProgressProps & { label: ReactNode }) {
  return (
    <Actions>
      <Button type="submit" disabled={progress.busy}>
        {label}
      </Button>
      <SaveProgress {...progress} />
    </Actions>
  );
}
