import styled from 'styled-components';
import { buttonStyles, type ButtonVariant } from '@toolkit/ui';
import { RichText, safeUrl } from '@toolkit/ui/rich-text';
import { useSurvey } from '../../shared/survey-context';
import { Actions, FocusHeading, ScreenCard } from '../../shared/screen-parts';

const LinkButton = styled.a<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/** The thank-you screen after completion (the outro, completionUrl). */
export function Outro() {
  const { survey } = useSurvey();
  const next = safeUrl(survey.completionUrl);
  return (
    <ScreenCard aria-labelledby="outro-title">
      <FocusHeading focusKey="outro" id="outro-title">
        Thank you: your answers are in
      </FocusHeading>
      {survey.outro ? (
        <RichText value={survey.outro} />
      ) : (
        <p>We have received your answers to {survey.title}.</p>
      )}
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
