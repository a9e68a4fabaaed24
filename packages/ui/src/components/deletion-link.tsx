// Deleting by an e-mailed link, as an account and an organisation are deleted (docs/behaviour.md):
// one card asks the server to mail a confirmation link, and the page the link opens asks once more
// before its button deletes. Both say the same things whatever is deleted, so each is one part. A
// subpath (@toolkit/ui/deletion-link), bundled only by the app that deletes.
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, Stack } from '@toolkit/ui';
import { Actions } from '../form';
import { SaveProgress, type Progress } from './save-progress';
import { SectionHeading } from './section-heading';

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

const DangerCard = styled(Card)`
  border: 2px solid ${({ theme }) => theme.colors.danger};
`;

/**
 * Where the part sits: a card of its own (a region named by its heading), edged in the danger colour
 * or not, or a group inside another card (its heading one level down).
 */
export type DeletionFrame = 'danger-card' | 'card' | 'group';

function Framed({
  frame,
  heading,
  children,
}: {
  frame: DeletionFrame;
  heading: string;
  children: ReactNode;
}) {
  const titleId = useId();
  if (frame === 'group') {
    return (
      <Stack gap={3} role="group" aria-labelledby={titleId}>
        <SectionHeading id={titleId} as="h3" $size="small">
          {heading}
        </SectionHeading>
        {children}
      </Stack>
    );
  }
  const Frame = frame === 'danger-card' ? DangerCard : Card;
  return (
    <Frame aria-labelledby={titleId}>
      <Stack gap={3}>
        <SectionHeading id={titleId}>{heading}</SectionHeading>
        {children}
      </Stack>
    </Frame>
  );
}

export interface DeletionLinkRequestProps {
  frame: DeletionFrame;
  heading: string;
  /** What deleting does, in a sentence or two. */
  what: ReactNode;
  /** How long the mailed link works. */
  linkHours: number;
  /** The button's words, e.g. "Delete my account". */
  action: string;
  /** What is deleted, as a sentence names it: "your account", "the organisation". */
  subject: string;
  onRequest: () => void;
  progress: Progress;
  /** The address the link was mailed to, once the server sent it. */
  sentTo?: string;
}

/** Asks for the confirmation link; nothing is deleted until the link's page confirms. */
export function DeletionLinkRequest({
  frame,
  heading,
  what,
  linkHours,
  action,
  subject,
  onRequest,
  progress,
  sentTo,
}: DeletionLinkRequestProps) {
  return (
    <Framed frame={frame} heading={heading}>
      <Text>{what}</Text>
      <Text>We e-mail you a link to confirm; it works for {linkHours} hours.</Text>
      <Actions>
        <Button variant="secondary" disabled={progress.busy} onClick={onRequest}>
          {action}
        </Button>
        <SaveProgress
          {...progress}
          saving="Sending…"
          saved={
            sentTo
              ? `We've e-mailed a link to ${sentTo}. Open it to delete ${subject}; until then nothing changes.`
              : undefined
          }
        />
      </Actions>
    </Framed>
  );
}

export interface DeletionLinkConfirmProps {
  frame: Exclude<DeletionFrame, 'group'>;
  heading: string;
  /** What deleting does, saying it cannot be undone. */
  what: ReactNode;
  /** The buttons' words: the one that deletes, and the one that leaves without deleting. */
  confirm: string;
  keep: string;
  onConfirm: () => void;
  onKeep: () => void;
  progress: Progress;
  /** Said once deleted (the session ends next). */
  deleted?: string;
}

/** The link's page: opening it deleted nothing (a mail scanner may follow it); the button does. */
export function DeletionLinkConfirm({
  frame,
  heading,
  what,
  confirm,
  keep,
  onConfirm,
  onKeep,
  progress,
  deleted,
}: DeletionLinkConfirmProps) {
  return (
    <Framed frame={frame} heading={heading}>
      <Text>{what}</Text>
      <Actions>
        <Button disabled={progress.busy || progress.done} onClick={onConfirm}>
          {confirm}
        </Button>
        {!progress.done && (
          <Button variant="secondary" onClick={onKeep}>
            {keep}
          </Button>
        )}
        <SaveProgress {...progress} saving="Deleting…" saved={deleted} />
      </Actions>
    </Framed>
  );
}
