import { useEffect } from 'react';
import { useParams } from 'react-router';
import styled from 'styled-components';
import { slideProgress } from '@toolkit/domain';
import { Button } from '@toolkit/ui';
import { findSection, previousPosition } from '@toolkit/platform';
import { safeUrl } from '@toolkit/ui/rich-text';
import { useSurvey } from '../../shared/survey-context';
import { Actions, FocusHeading, ScreenCard, ToStart } from '../../shared/screen-parts';

const Accent = styled(ScreenCard)<{ $color: string | null }>`
  border-top: 8px solid ${({ $color, theme }) => $color ?? theme.colors.primary};
`;

const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Icon = styled.img`
  display: block;
  width: 48px;
  height: 48px;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
`;

export function SectionStart() {
  const { sectionId = '' } = useParams();
  const { survey, result, goTo } = useSurvey();
  const found = findSection(survey, Number(sectionId));
  const { rememberPosition } = result;
  const foundId = found?.section.id;
  useEffect(() => {
    if (foundId !== undefined) rememberPosition({ sectionId: foundId, slide: 0 });
  }, [foundId, rememberPosition]);

  if (!found) return <ToStart />;
  const { section, index } = found;
  const position = { sectionId: section.id, slide: 0 };
  const icon = safeUrl(section.icon?.url);
  // Counted as the "Question n of m" caption counts: each question of a group, no information slide.
  const questions = slideProgress(section.slides, 0).total;
  return (
    <Accent $color={section.primaryColor} aria-labelledby="section-title">
      {/* The title beside it says what the icon shows. */}
      {icon && <Icon src={icon} alt="" width={48} height={48} />}
      <Eyebrow>
        Part {index + 1} of {survey.sections.length}
      </Eyebrow>
      <FocusHeading focusKey={`section-${section.id}`} id="section-title">
        {section.title}
      </FocusHeading>
      {section.description && <p>{section.description}</p>}
      {questions > 0 && <p>{questions === 1 ? '1 question' : `${questions} questions`} in this part.</p>}
      <Actions>
        <Button
          variant="secondary"
          onClick={() => {
            result.flush();
            goTo(previousPosition(survey, position));
          }}
        >
          Previous
        </Button>
        <Button onClick={() => goTo({ sectionId: section.id, slide: 1 })}>Start this part</Button>
      </Actions>
    </Accent>
  );
}
