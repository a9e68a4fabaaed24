// A save's status line from the state the caller already keeps (a form's submit, a mutation's
// result), so no screen keeps a busy or saved flag of its own or words its own "Saving…". A subpath
// (@toolkit/ui/save-progress): the survey path never saves a form, so it never downloads this.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@toolkit/ui';
import { Actions } from '../form';

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

const StatusText = styled.p<{ $failed: boolean }>`
  margin: 0;
  overflow-wrap: anywhere;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.text)};
  font-weight: ${({ $failed }) => ($failed ? 600 : 400)};
`;

/**
 * "Saving…", "Saved" or the failure in its own words, in a live region so screen-reader users hear
 * the outcome. Empty before the first save, so the region is in the page before it speaks.
 */
export function SaveProgress({
  busy,
  failure,
  done,
  saving = 'Saving…',
  saved = 'Saved',
}: SaveProgressProps) {
  const failed = !busy && Boolean(failure);
  return (
    <StatusText role="status" $failed={failed}>
      {busy ? saving : failed ? failure : done ? saved : ''}
    </StatusText>
  );
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
