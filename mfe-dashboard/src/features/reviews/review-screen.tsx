// One review as publisher staff work through it: the organisation, survey, status and self-assessed
// score; each question by section with its answer, its evidence (read-only) and the thread with
// the business, accepted or sent back for more information; then the verdict on the whole.
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { Loading, LoadError, QueryView } from '@toolkit/data';
import {
  formatDate,
  formatDateTime,
  paths,
  type EvidenceItem,
  type Review,
  type ReviewQuestion,
} from '@toolkit/domain';
import { Card, MutedText, PageTitle, Stack } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { EvidenceList, useEvidenceQuery } from '../../shared/evidence';
import { QuestionActions } from './question-actions';
import { useReviewQuery } from './reviews-api';
import { percentWords, STATUS_LABELS } from './review-words';
import { Verdict } from './verdict';
import { Facts } from '@toolkit/ui/facts';

const Title = styled(PageTitle)`
  margin: 0;
  overflow-wrap: anywhere;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  align-self: flex-start;
`;

const Question = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding-top: ${({ theme }) => theme.space[4]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
  p {
    margin: 0;
  }
`;

const Marks = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]}px;
`;

const Mark = styled.span<{ $tone: 'plain' | 'good' | 'warn' }>`
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ $tone, theme }) =>
      $tone === 'good' ? '#0b5d1e' : $tone === 'warn' ? theme.colors.danger : theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  font-weight: 600;
`;

const Answer = styled.p`
  white-space: pre-wrap;
`;

const Thread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  li {
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
    border-left: 3px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  li[data-side='reviewer'] {
    border-left-color: ${({ theme }) => theme.colors.primary};
  }
  p {
    white-space: pre-wrap;
  }
`;

function Comments({ question, organisation }: { question: ReviewQuestion; organisation: string }) {
  if (question.comments.length === 0) return <MutedText>No comments yet.</MutedText>;
  return (
    <Thread aria-label={`Comments on “${question.title}”`}>
      {question.comments.map((comment) => (
        <li key={comment.commentId} data-side={comment.side}>
          <MutedText>
            {comment.authorName} ({comment.side === 'reviewer' ? 'your organisation' : organisation}),{' '}
            <time dateTime={comment.at}>{formatDateTime(comment.at)}</time>
          </MutedText>
          <p>{comment.text}</p>
        </li>
      ))}
    </Thread>
  );
}

/** The result's evidence, read once for every question; its failure is told once, above them. */
type Evidence = readonly EvidenceItem[] | 'loading' | 'failed';

function QuestionPart({
  review,
  question,
  evidence,
}: {
  review: Review;
  question: ReviewQuestion;
  evidence: Evidence;
}) {
  const headingId = useId();
  return (
    <Question aria-labelledby={headingId}>
      <SectionHeading as="h3" $size="small" id={headingId}>
        {question.title}
      </SectionHeading>
      <Answer>{question.answer}</Answer>
      {(question.evidenceRequired || question.decision) && (
        <Marks>
          {question.evidenceRequired && <Mark $tone="plain">Evidence required</Mark>}
          {question.decision === 'accepted' && <Mark $tone="good">Accepted</Mark>}
          {question.decision === 'needsInformation' && <Mark $tone="warn">Needs information</Mark>}
        </Marks>
      )}
      {typeof evidence === 'object' ? (
        <EvidenceList
          surveyId={review.surveyId}
          resultId={review.resultId}
          questionId={question.questionId}
          items={evidence.filter((item) => item.questionId === question.questionId)}
          editable={false}
        />
      ) : (
        evidence === 'loading' && <Loading label="Loading the evidence" />
      )}
      <Comments question={question} organisation={review.organisationName} />
      <QuestionActions review={review} question={question} />
    </Question>
  );
}

/** The questions in the result's order, grouped under their sections. */
function bySection(questions: readonly ReviewQuestion[]): [string, ReviewQuestion[]][] {
  const sections = new Map<string, ReviewQuestion[]>();
  for (const question of questions) {
    sections.set(question.sectionTitle, [...(sections.get(question.sectionTitle) ?? []), question]);
  }
  return [...sections];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        {children}
      </Stack>
    </Card>
  );
}

function Opened({ review }: { review: Review }) {
  // Read again on opening: the business adds evidence from its own screen.
  const evidence = useEvidenceQuery(
    { surveyId: review.surveyId, resultId: review.resultId },
    { refetchOnMountOrArgChange: true },
  );
  const items: Evidence = evidence.data?.items ?? (evidence.isError ? 'failed' : 'loading');
  return (
    <Stack>
      <Stack gap={1}>
        <Title>Review of {review.organisationName}</Title>
        <MutedText>
          {review.surveyTitle}. Asked on {formatDate(review.requestedAt)}.
        </MutedText>
      </Stack>
      <Facts aria-label="The review">
        <dt>Status</dt>
        <dd>{STATUS_LABELS[review.status]}</dd>
        <dt>Self-assessed score</dt>
        <dd>{percentWords(review.selfAssessedPercent)}</dd>
        {/* A score is verified once the review is, not while its answers are being accepted. */}
        {review.status === 'verified' && (
          <>
            <dt>Verified score</dt>
            <dd>{percentWords(review.verifiedPercent)}</dd>
          </>
        )}
        {review.reviewerName && (
          <>
            <dt>Reviewer</dt>
            <dd>{review.reviewerName}</dd>
          </>
        )}
      </Facts>
      <Verdict review={review} />
      {items === 'failed' && (
        <LoadError error={evidence.error} doing="load the evidence" onRetry={() => void evidence.refetch()} />
      )}
      {bySection(review.questions).map(([title, questions]) => (
        <Section key={title} title={title}>
          {questions.map((question) => (
            <QuestionPart key={question.questionId} review={review} question={question} evidence={items} />
          ))}
        </Section>
      ))}
    </Stack>
  );
}

export function ReviewScreen() {
  const { reviewId = '' } = useParams();
  // Asked again each time the screen opens: the business answers and resubmits from elsewhere.
  const review = useReviewQuery(reviewId, { refetchOnMountOrArgChange: true });
  return (
    <Stack>
      <TextLink to={paths.reviews()}>Back to reviews</TextLink>
      <QueryView query={review} doing="open this review">
        {(opened) => <Opened review={opened} />}
      </QueryView>
    </Stack>
  );
}
