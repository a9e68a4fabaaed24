import { useParams } from 'react-router';
import styled from 'styled-components';
import type { AppServices } from '@toolkit/parcel';
import { selectAuthStatus, useAppSelector } from '@toolkit/store-contract';
import { buttonStyles, Stack, type ButtonVariant } from '@toolkit/ui';
import { RichText, safeUrl } from '@toolkit/ui/rich-text';
import { useSurvey } from '../../shared/survey-context';
import { Actions, FocusHeading, ScreenCard } from '../../shared/screen-parts';
import { SaveResults } from './save-results';
import { hasScoredSections, YourScore } from './your-score';

const LinkButton = styled.a<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/**
 * The thank-you screen after completion (the outro, completionUrl). A scored survey shows the score
 * the completion answered; an anonymous respondent can keep it by e-mail (docs/behaviour.md,
 * Saving results).
 */
export function Outro({ services }: { services: AppServices }) {
  const { tenantId = '', surveyId = '' } = useParams();
  const { survey, result } = useSurvey();
  const anonymous = useAppSelector(selectAuthStatus) === 'anonymous';
  const next = safeUrl(survey.completionUrl);
  const score = hasScoredSections(result.score) ? result.score : null;
  return (
    <ScreenCard aria-labelledby="outro-title">
      <Stack gap={5}>
        <div>
          <FocusHeading focusKey="outro" id="outro-title">
            Thank you: your answers are in
          </FocusHeading>
          {survey.outro ? (
            <RichText value={survey.outro} />
          ) : (
            <p>We have received your answers to {survey.title}.</p>
          )}
        </div>
        {score && <YourScore score={score} />}
        {score && anonymous && result.state.kind === 'ready' && (
          <SaveResults services={services} result={{ tenantId, surveyId, resultId: result.state.resultId }} />
        )}
      </Stack>
      {next && (
        <Actions>
          <LinkButton $variant="primary" href={next}>
            Continue
          </LinkButton>
        </Actions>
      )}
    </ScreenCard>
  );
}
