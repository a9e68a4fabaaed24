import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { API, paths } from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { callApi } from '@toolkit/platform';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { TextField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';

export interface ResultRef {
  tenantId: string;
  surveyId: string;
  resultId: string;
}

type State =
  | { kind: 'idle' | 'sending' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'sent'; email: string };

const Sent = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Save my results": the server records that this result is to be claimed by the address, then the
 * sign-in link goes to it. Opening the link signs up with that address and asks its owner to confirm
 * the result is theirs; nothing here leads into the dashboard, which is for accounts only.
 */
export function SaveResults({
  services,
  result,
  onSent,
}: {
  services: AppServices;
  result: ResultRef;
  /** The link is on its way: the result is no longer lost by leaving. */
  onSent(): void;
}) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // Loaded on submit, like the rest of the request schemas: zod stays out of the survey's first load.
    const { REQUESTS, fieldProblem } = await import('@toolkit/domain/requests');
    const refused = fieldProblem(REQUESTS[API.requestResultClaim].shape.email, address);
    if (refused !== null) return setState({ kind: 'refused', message: refused });
    setState({ kind: 'sending' });
    try {
      const claim = await callApi(services.callable, API.requestResultClaim, { ...result, email: address });
      const sent = await services.sendSignInLink(
        claim.email,
        `${window.location.origin}${paths.completeSignup()}`,
      );
      if (!sent.success) throw new Error(sent.message);
      setState({ kind: 'sent', email: claim.email });
      onSent();
    } catch (error) {
      setState({ kind: 'failed', message: `We couldn't send the link: ${messageOf(error)}` });
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading $size="medium" id={headingId}>
          Keep your results
        </SectionHeading>
        <MutedText>
          We e-mail you a link. Opening it creates your account with that address; once you confirm these
          results are yours, your score and answers are kept in it.
        </MutedText>
        {state.kind === 'sent' ? (
          <div role="status">
            <Sent>Check your inbox: we sent a link to {state.email}.</Sent>
            <MutedText>
              Open it on this device to go straight on; on another device, type this address when asked.
            </MutedText>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap={3}>
              <TextField
                label="E-mail address"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={state.kind === 'refused' ? state.message : undefined}
              />
              <div>
                <Button type="submit" disabled={state.kind === 'sending'}>
                  {state.kind === 'sending' ? 'Sending…' : 'Save my results'}
                </Button>
              </div>
              <div aria-live="polite">
                {state.kind === 'failed' && <ErrorText>{state.message}</ErrorText>}
              </div>
            </Stack>
          </form>
        )}
      </Stack>
    </section>
  );
}
