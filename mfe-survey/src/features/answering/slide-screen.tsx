import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { Button, ErrorPanel, Stack } from '@toolkit/ui';
import { slideProgress } from '@toolkit/domain';
import { locateSlide, nextPosition, previousPosition } from '@toolkit/platform';
import { RichHtml } from '@toolkit/ui/rich-text';
import { Actions, FocusHeading, ScreenCard, ToStart } from '../../shared/screen-parts';
import { useSurvey } from '../../shared/survey-context';
import { completionGapsOf, EmptySections } from './empty-sections';
import { Progress } from './progress';
import { QuestionView } from './questions/question-view';

const GroupIntro = styled(RichHtml)`
  margin-bottom: ${({ theme }) => theme.space[5]}px;

  & > :first-child {
    margin-top: 0;
  }
  & > :last-child {
    margin-bottom: 0;
  }
`;

const Eyebrow = styled.p`
  margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.mutedText};
`;

export function SlideScreen() {
  const params = useParams();
  const { survey, result, goTo } = useSurvey();
  const baseId = useId();
  const [finishing, setFinishing] = useState(false);
  const [finishError, setFinishError] = useState<string | null>(null);
  const sectionId = Number(params.sectionId);
  const slideNumber = Number(params.slideId);
  const position = { sectionId, slide: slideNumber };
  const located = locateSlide(survey, position);
  const isKnown = located !== null;
  const { rememberPosition } = result;
  useEffect(() => {
    if (isKnown) rememberPosition({ sectionId, slide: slideNumber });
  }, [isKnown, sectionId, slideNumber, rememberPosition]);

  if (!located) return <ToStart />;
  const { section, slide, number } = located;
  const next = nextPosition(survey, position);
  const progress = slideProgress(
    survey.sections.flatMap((each) => each.slides),
    number - 1,
  );
  // Only the last slide finishes, so only it says what is still empty.
  const gaps = next ? null : completionGapsOf(survey, result.scoredQuestions, result.answers);
  const gapsId = `${baseId}-gaps`;
  const titleId = (index: number) => `${baseId}-q${index}`;
  const slideTitleId = slide.isGroup ? `${baseId}-group` : titleId(0);

  const move = (to: typeof next) => {
    result.flush();
    goTo(to);
  };
  const finish = () => {
    setFinishing(true);
    setFinishError(null);
    result.complete().catch((error: unknown) => {
      setFinishing(false);
      setFinishError(error instanceof Error ? error.message : String(error));
    });
  };

  return (
    <ScreenCard aria-labelledby={slideTitleId}>
      <Progress progress={progress} />
      <Eyebrow>{section.title}</Eyebrow>
      <FocusHeading focusKey={`${sectionId}/${slideNumber}`} id={slideTitleId}>
        {slide.title}
      </FocusHeading>
      {slide.isGroup && slide.helperText && <GroupIntro html={slide.helperText} />}
      <Stack gap={6}>
        {slide.questions.map((question, index) => (
          <QuestionView
            key={question.id}
            question={question}
            value={result.answers[question.id]}
            onChange={(answer, options) => result.setAnswer(question.id, answer, options)}
            titleId={titleId(index)}
            showTitle={slide.isGroup}
          />
        ))}
      </Stack>
      {gaps && <EmptySections survey={survey} gaps={gaps} id={gapsId} />}
      {/* Refused now, or after the thank-you showed while the completion waited for the network. */}
      {(finishError ?? result.completionError) && (
        <ErrorPanel
          title="We couldn't submit your answers"
          message={`${finishError ?? result.completionError} Your answers are kept on this device.`}
          onRetry={finish}
        />
      )}
      <Actions>
        <Button variant="secondary" onClick={() => move(previousPosition(survey, position))}>
          Previous
        </Button>
        {next ? (
          <Button onClick={() => move(next)}>Next</Button>
        ) : (
          <Button
            onClick={finish}
            disabled={finishing || gaps?.canComplete === false}
            aria-busy={finishing}
            aria-describedby={gaps?.canComplete === false ? gapsId : undefined}
          >
            {finishing ? 'Submitting…' : 'Finish'}
          </Button>
        )}
      </Actions>
    </ScreenCard>
  );
}
