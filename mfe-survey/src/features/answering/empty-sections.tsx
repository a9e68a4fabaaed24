// The last slide's check before finishing: the sections whose scored questions are all unanswered,
// each a link to its first slide, and why Finish waits while nothing scored is answered.
import { Link, useLocation, useParams } from 'react-router';
import styled from 'styled-components';
import { completionGaps, paths, type AnswerValue, type CompletionGaps } from '@toolkit/domain';
import type { SurveyDefinition } from '@toolkit/platform';

const Panel = styled.section`
  margin-top: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 6px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.medium};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: 1.15rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[5]}px;
  }
  li {
    margin: ${({ theme }) => theme.space[1]}px 0;
  }
  a {
    display: inline-block;
    min-height: ${({ theme }) => theme.touchTarget};
    line-height: ${({ theme }) => theme.touchTarget};
    color: ${({ theme }) => theme.colors.link};
    overflow-wrap: anywhere;
  }
`;

/** What the last slide knows about completing; null while the server has not named the scored questions. */
export function completionGapsOf(
  survey: SurveyDefinition,
  scored: ReadonlySet<string> | null,
  answers: Readonly<Record<string, AnswerValue>>,
): CompletionGaps | null {
  if (!scored) return null;
  const sections = survey.sections.map((section) =>
    section.slides.flatMap((slide) => slide.questions.map((question) => question.id)),
  );
  return completionGaps(sections, scored, answers);
}

export function EmptySections({
  survey,
  gaps,
  id,
}: {
  survey: SurveyDefinition;
  gaps: CompletionGaps;
  /** Finish is described by this panel. */
  id: string;
}) {
  const { tenantId = '', surveyId = '' } = useParams();
  const { search } = useLocation();
  if (gaps.canComplete && gaps.emptySections.length === 0) return null;
  const headingId = `${id}-heading`;
  return (
    <Panel id={id} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {gaps.canComplete
          ? 'Some parts are still unanswered'
          : 'Answer at least one question before you finish'}
      </h2>
      <p>
        {gaps.canComplete
          ? 'You can finish now, but these parts will count as 0 in your score:'
          : 'Nothing that counts towards your score is answered yet. Go back to a part to answer it:'}
      </p>
      <ul>
        {gaps.emptySections.map((index) => {
          const section = survey.sections[index]!;
          return (
            <li key={section.id}>
              <Link to={`${paths.surveySlide(tenantId, surveyId, section.id, 1)}${search}`}>
                {section.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
