// One question of the latest result on Evidence and review: the answer, whether evidence is
// required, the evidence, and once a review exists its decision and the thread with the reviewer,
// where a reopened question takes a reply.
import styled from 'styled-components';
import { API, formatDateTime, type EvidenceItem, type Review, type ReviewQuestion } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { useRequestForm } from '@toolkit/data/form';
import { Button, MutedText, Stack, VisuallyHidden } from '@toolkit/ui';
import { Actions, TextAreaField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { EvidenceList } from '../../shared/evidence';
import { useReplyInReviewMutation } from './review-request-api';
import { decisionWords, lockWords } from './review-words';

const Item = styled.li`
  list-style: none;
  padding: ${({ theme }) => theme.space[4]}px 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Answer = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Marks = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
`;

const Mark = styled.span<{ $tone: 'required' | 'accepted' | 'asked' }>`
  padding: ${({ theme }) => `${theme.space[1]}px ${theme.space[2]}px`};
  border-radius: ${({ theme }) => theme.radii.small};
  border: 1px solid
    ${({ theme, $tone }) =>
      $tone === 'accepted'
        ? theme.colors.primary
        : $tone === 'asked'
          ? theme.colors.danger
          : theme.colors.border};
  font-size: 0.875rem;
  font-weight: 600;
`;

const Locked = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border-left: 4px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  overflow-wrap: anywhere;
`;

const Thread = styled.ol`
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  li {
    list-style: none;
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
    border-radius: ${({ theme }) => theme.radii.medium};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** The reply as commentOnReview checks its text. */
const REPLY_FIELDS = REQUESTS[API.commentOnReview].pick({ text: true });

function ReplyForm({ reviewId, questionId, title }: { reviewId: string; questionId: string; title: string }) {
  const [reply, sending] = useReplyInReviewMutation();
  const form = useRequestForm(REPLY_FIELDS, { defaultValues: { text: '' }, labels: { text: 'Your reply' } });
  const submit = form.handleSubmit(async ({ text }) => {
    try {
      await reply({ reviewId, questionId, text }).unwrap();
      form.reset({ text: '' }, { keepDirtyValues: false });
    } catch (error) {
      form.showFailure(error, 'send your reply');
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={`Reply about ${title}`}>
      <Stack gap={2}>
        <TextAreaField label="Your reply" rows={3} {...form.field('text')} />
        <Actions>
          <Button type="submit" disabled={sending.isLoading}>
            {sending.isLoading ? 'Sending…' : 'Send reply'}
          </Button>
        </Actions>
        {form.failure && <ErrorText role="alert">{form.failure}</ErrorText>}
      </Stack>
    </form>
  );
}

const Evidence = styled.details`
  summary {
    display: flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget};
    font-weight: 600;
    gap: ${({ theme }) => theme.space[2]}px;
    color: ${({ theme }) => theme.colors.link};
    cursor: pointer;
  }
  /* As a flex box the summary loses the browser's triangle: this chevron, drawn, says it opens. */
  summary::before {
    content: '';
    width: 0.45em;
    height: 0.45em;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(-45deg);
  }
  &[open] > summary::before {
    transform: rotate(45deg);
  }
  & > div {
    padding-top: ${({ theme }) => theme.space[2]}px;
  }
`;

export interface QuestionItemProps {
  surveyId: string;
  resultId: string;
  question: ReviewQuestion;
  review: Review | null;
  /** This answer's evidence. */
  evidence: readonly EvidenceItem[];
}

/** The id of a question's heading, where the review's summary leads. */
export const questionAnchor = (questionId: string) => `question-${questionId}`;

export function QuestionItem({ surveyId, resultId, question, review, evidence }: QuestionItemProps) {
  const headingId = questionAnchor(question.questionId);
  const locked = lockWords(review, question);
  const decision = review && decisionWords(question);
  const replying = review?.status === 'needsInformation' && question.open;
  return (
    <Item aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading as="h3" $size="small" id={headingId} tabIndex={-1}>
          {question.title}
        </SectionHeading>
        <Answer>
          <MutedText as="span">Your answer: </MutedText>
          {question.answer}
        </Answer>
        {(question.evidenceRequired || decision) && (
          <Marks>
            {question.evidenceRequired && <Mark $tone="required">Evidence required</Mark>}
            {decision && (
              <Mark $tone={question.decision === 'accepted' ? 'accepted' : 'asked'}>{decision}</Mark>
            )}
          </Marks>
        )}
        {locked && <Locked>{locked}</Locked>}
        {question.comments.length > 0 && (
          <Thread aria-label={`Comments on ${question.title}`}>
            {question.comments.map((comment) => (
              <li key={comment.commentId}>
                <MutedText>
                  {comment.authorName}
                  {comment.side === 'reviewer' && review ? ` (${review.publisherName})` : ''},{' '}
                  {formatDateTime(comment.at)}
                </MutedText>
                <p>{comment.text}</p>
              </li>
            ))}
          </Thread>
        )}
        {/* Folded where nothing asks for evidence yet, so a long survey's page stays short. */}
        <Evidence open={evidence.length > 0 || question.evidenceRequired || replying}>
          <summary>
            {evidence.length > 0 ? `Evidence (${evidence.length})` : 'Evidence'}
            <VisuallyHidden> for {question.title}</VisuallyHidden>
          </summary>
          <div>
            <EvidenceList
              surveyId={surveyId}
              resultId={resultId}
              questionId={question.questionId}
              items={evidence}
              editable={locked === null}
            />
          </div>
        </Evidence>
        {replying && review && (
          <ReplyForm reviewId={review.reviewId} questionId={question.questionId} title={question.title} />
        )}
      </Stack>
    </Item>
  );
}
