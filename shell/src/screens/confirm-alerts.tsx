// The public page an alert recipient outside the organisation reaches from its confirmation e-mail
// (/alerts/confirm#<token>): no sign-in. Nothing is confirmed by opening the page, only by the
// button, so a mail scanner that follows links cannot confirm on the recipient's behalf.
import { useState } from 'react';
import { ALERT_LABELS, API, type ApiResponses } from '@toolkit/domain';
import { callApi, CallableError, type CallableClient } from '@toolkit/platform';
import { Button, Card, MutedText, PageTitle, Spinner } from '@toolkit/ui';
import { ErrorText } from '@toolkit/ui/error-text';

type State =
  | { kind: 'ready' }
  | { kind: 'confirming' }
  | { kind: 'confirmed'; answer: ApiResponses[typeof API.confirmAlertRecipient] }
  | { kind: 'refused'; message: string }
  | { kind: 'unavailable'; message: string };

/** The token travels in the fragment, which the browser never sends to any server. */
const tokenOfLocation = () => decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();

export function ConfirmAlerts({ callable }: { callable: CallableClient }) {
  const [token] = useState(tokenOfLocation);
  const [state, setState] = useState<State>({ kind: 'ready' });

  const confirm = () => {
    setState({ kind: 'confirming' });
    callApi(callable, API.confirmAlertRecipient, { token }).then(
      (answer) => setState({ kind: 'confirmed', answer }),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        // A refusal says why the link no longer works; anything else may pass if tried again.
        const refused =
          error instanceof CallableError &&
          ['not-found', 'failed-precondition', 'invalid-argument'].includes(error.code);
        setState({ kind: refused ? 'refused' : 'unavailable', message });
      },
    );
  };

  return (
    <Card>
      <PageTitle>Confirm notifications</PageTitle>
      <div aria-live="polite">
        {!token && <p>There is nothing to confirm here. Open the link from your confirmation e-mail.</p>}
        {token && state.kind === 'ready' && (
          <>
            <p>
              An organisation asked us to send its notifications to your e-mail address. Nothing is sent to
              you unless you confirm.
            </p>
            <Button onClick={confirm}>Yes, send me these notifications</Button>
          </>
        )}
        {state.kind === 'confirming' && <Spinner label="Confirming…" />}
        {state.kind === 'confirmed' && (
          <p role="status">
            Confirmed: {state.answer.email} now receives these notifications from{' '}
            {state.answer.organisationName || 'the organisation'}:{' '}
            {state.answer.kinds.map((kind) => ALERT_LABELS[kind].title).join(', ')}.
          </p>
        )}
        {state.kind === 'refused' && <ErrorText role="alert">{state.message}</ErrorText>}
        {state.kind === 'unavailable' && (
          <>
            <ErrorText role="alert">We could not confirm just now: {state.message}</ErrorText>
            <Button onClick={confirm}>Try again</Button>
          </>
        )}
      </div>
      <MutedText>
        If you did not expect this, close this page: without your confirmation you receive nothing.
      </MutedText>
    </Card>
  );
}
