import { Button, Spinner } from '@toolkit/ui';
import { locateSlide } from '@toolkit/platform';
import { RichText } from '@toolkit/ui/rich-text';
import { useSurvey } from '../../shared/survey-context';
import { Actions, FocusHeading, ScreenCard } from '../../shared/screen-parts';

export function SurveyStart() {
  const { survey, result, goTo } = useSurvey();
  const first = survey.sections[0];
  const resume =
    result.resumePosition && (result.resumePosition.slide === 0 || locateSlide(survey, result.resumePosition))
      ? result.resumePosition
      : null;
  // Prefilled answers alone do not make a new result a started one.
  const started = resume !== null || result.resumed;
  return (
    <ScreenCard aria-labelledby="survey-start-title">
      <FocusHeading focusKey="start" id="survey-start-title">
        {survey.title}
      </FocusHeading>
      <RichText value={survey.intro} />
      <RichText value={survey.intro2} />
      {first && (
        <Actions>
          {/* Start or Continue depends on the result, which may still be on its way. */}
          {result.state.kind === 'starting' ? (
            <Spinner label="Getting your survey ready…" />
          ) : (
            <Button onClick={() => goTo(resume ?? { sectionId: first.id, slide: 0 })}>
              {started ? 'Continue' : 'Start'}
            </Button>
          )}
        </Actions>
      )}
    </ScreenCard>
  );
}
