import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from '@toolkit/ui';
import { Actions } from '../../shared/screen-parts';

const Box = styled.div`
  margin-top: ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: 1.15rem;
  }
  p {
    margin: 0;
  }
`;

const KeepButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

const LinkButton = styled.a<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/**
 * Asks before an anonymous respondent leaves an unsaved result: keeping it is the first choice and
 * takes the focus; Escape keeps it too.
 */
export function LeaveWithoutSaving({ leaveTo, onKeep }: { leaveTo: string; onKeep(): void }) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Box
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onKeep();
      }}
    >
      <h2 id={`${id}-title`}>Leave without saving?</h2>
      <p id={`${id}-text`}>
        Your result will be lost: nothing keeps it until you save it, and once you leave it cannot be shown or
        saved again.
      </p>
      <Actions>
        <KeepButton ref={keep} type="button" $variant="primary" onClick={onKeep}>
          Keep my result
        </KeepButton>
        <LinkButton $variant="secondary" href={leaveTo}>
          Leave anyway
        </LinkButton>
      </Actions>
    </Box>
  );
}
