import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import type { AppServices } from '@toolkit/parcel';
import { selectAuthStatus, useAppSelector } from '@toolkit/store-contract';
import { Button, buttonStyles, Stack, type ButtonVariant } from '@toolkit/ui';
import { RichText, safeUrl } from '@toolkit/ui/rich-text';
import { useSurvey } from '../../shared/survey-context';
import { Actions, FocusHeading, ScreenCard } from '../../shared/screen-parts';
import { LeaveWithoutSaving } from './leave-without-saving';
import { SaveResults } from './save-results';
import { hasScoredSections, YourScore } from './your-score';

const LinkButton = styled.a<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/** Continue and the way out, one under the other on a phone, where side by side they would wrap. */
const Choices = styled(Actions)`
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    & > * {
      flex-basis: 100%;
    }
  }
`;

/**
 * The thank-you screen after completion (the outro, completionUrl). A scored survey shows the score
 * the completion answered; an anonymous respondent can keep it by e-mail (docs/behaviour.md,
 * Saving results), and Continue leads there rather than away: leaving first asks, since the result
 * would be lost.
 */
export function Outro({ services }: { services: AppServices }) {
  const { tenantId = '', surveyId = '' } = useParams();
  const { survey, result } = useSurvey();
  const anonymous = useAppSelector(selectAuthStatus) === 'anonymous';
  const next = safeUrl(survey.completionUrl);
  const score = hasScoredSections(result.score) ? result.score : null;
  const savable = score !== null && anonymous && result.state.kind === 'ready' ? result.state : null;
  const [sent, setSent] = useState(false);
  const [askingToLeave, setAskingToLeave] = useState(false);
  const saving = useRef<HTMLDivElement>(null);
  const atRisk = savable !== null && !sent;

  // Focus scrolls the field into view, so the form is where Continue leads on a phone.
  const toSaving = () => {
    setAskingToLeave(false);
    saving.current?.querySelector('input')?.focus();
  };

  return (
    <ScreenCard aria-labelledby="outro-title">
      <Stack gap={5}>
        <div>
          {/* Answers still waiting on the device are not in yet: the heading says so until they are. */}
          <FocusHeading focusKey="outro" id="outro-title">
            {result.awaitingServer
              ? 'Thank you: your answers will be sent'
              : 'Thank you: your answers are in'}
          </FocusHeading>
          {/* The publisher's outro speaks to account holders (their dashboard); an anonymous respondent has none. */}
          {survey.outro && !anonymous ? (
            <RichText value={survey.outro} />
          ) : result.awaitingServer ? (
            <p>Your answers to {survey.title} are kept on this device and will be sent by themselves.</p>
          ) : (
            <p>We have received your answers to {survey.title}.</p>
          )}
          {/* The score is the server's: it replaces this line once the completion gets through. */}
          {result.awaitingScore && (
            <p role="status">Your score will appear here when this device is back online.</p>
          )}
          {atRisk && (
            <p>
              You answered without an account, so nothing keeps your results yet: save them below to see them
              again.
            </p>
          )}
        </div>
        {score && <YourScore score={score} />}
        {savable && (
          <div ref={saving}>
            <SaveResults
              services={services}
              result={{ tenantId, surveyId, resultId: savable.resultId }}
              onSent={() => {
                setSent(true);
                setAskingToLeave(false);
              }}
            />
          </div>
        )}
      </Stack>
      {atRisk ? (
        <>
          <Choices>
            <Button onClick={toSaving}>Continue</Button>
            {next && (
              <Button
                variant="secondary"
                aria-expanded={askingToLeave}
                onClick={() => setAskingToLeave(true)}
              >
                Leave without saving
              </Button>
            )}
          </Choices>
          {next && askingToLeave && <LeaveWithoutSaving leaveTo={next} onKeep={toSaving} />}
        </>
      ) : (
        next && (
          <Actions>
            <LinkButton $variant="primary" href={next}>
              Continue
            </LinkButton>
          </Actions>
        )
      )}
    </ScreenCard>
  );
}
