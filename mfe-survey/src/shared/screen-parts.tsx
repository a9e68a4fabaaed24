import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import styled from 'styled-components';
import { paths } from '@toolkit/domain';
import { Card } from '@toolkit/ui';
import type { SaveStatus as Status } from './result/outbox';

export const ScreenCard = styled(Card)`
  width: 100%;
  max-width: 720px;
  margin: 0 auto;
  box-sizing: border-box;
`;

const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  font-size: clamp(1.35rem, 1.1rem + 1.2vw, 2rem);
  line-height: 1.25;
  overflow-wrap: anywhere;

  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;

/**
 * Only after the person has pressed or clicked something on the page: on a fresh page load the
 * reader starts at the top anyway, and a focused heading would show a focus ring nobody asked for.
 * Browsers without the User Activation API keep the focus move.
 */
function hasInteracted(): boolean {
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation?.hasBeenActive ?? true;
}

/**
 * The screen's heading, focused whenever `focusKey` changes, so keyboard and screen-reader users
 * start on the new screen instead of on the button they pressed.
 */
export function FocusHeading({
  focusKey,
  id,
  children,
}: {
  focusKey: string;
  id?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    // On arrival, a focus already inside this screen stays (the shell's early slide hands over the
    // field being answered); a move between screens brings it to the heading.
    const first = !arrived.current;
    arrived.current = true;
    const screen = ref.current?.closest('main');
    if (first && document.activeElement !== document.body && screen?.contains(document.activeElement)) return;
    if (hasInteracted()) ref.current?.focus();
  }, [focusKey]);
  return (
    <Heading ref={ref} id={id} tabIndex={-1}>
      {children}
    </Heading>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-top: ${({ theme }) => theme.space[5]}px;

  & > * {
    flex: 1 1 140px;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.mobile}) {
    & > * {
      flex: 0 0 auto;
    }
  }
`;

/** What the line says; offline, how many answers wait, and that nothing needs doing about them. */
const STATUS_TEXT: Record<Status, (unsent: number) => string> = {
  saved: () => 'All answers saved',
  saving: () => 'Saving…',
  retrying: () => 'Retrying…',
  offline: (unsent) =>
    `Offline: ${unsent === 1 ? '1 answer' : `${unsent} answers`} kept on this device; they will be sent when you are back online`,
};

const StatusLine = styled.p`
  max-width: 720px;
  margin: ${({ theme }) => theme.space[3]}px auto 0;
  color: ${({ theme }) => theme.colors.mutedText};
  text-align: center;
`;

/** `unsent`: the answers the server has not acknowledged yet. */
export function SaveStatus({ status, unsent }: { status: Status; unsent: number }) {
  return (
    <StatusLine role="status" aria-live="polite">
      {STATUS_TEXT[status](unsent)}
    </StatusLine>
  );
}

/** An unknown section or slide number leads back to the survey's start page. */
export function ToStart() {
  const { tenantId = '', surveyId = '' } = useParams();
  const { search } = useLocation();
  return <Navigate replace to={`${paths.survey(tenantId, surveyId)}${search}`} />;
}
