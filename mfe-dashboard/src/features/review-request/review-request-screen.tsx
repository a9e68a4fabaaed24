// Evidence and review: the organisation's latest completed result, question by question with the
// answer and its evidence, and the toolkit's publisher asked to verify it. Asking locks the answers
// and evidence until the publisher concludes or asks for more information; then only the questions
// named open again, to reply in their thread and add evidence, and the result is sent back.
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import {
  canSignDeclaration,
  formatDate,
  isRole,
  paths,
  whoMayDo,
  whoMayOpen,
  type EvidenceItem,
  type Review,
  type ReviewQuestion,
} from '@toolkit/domain';
import { describeError, LoadError, QueryView } from '@toolkit/data';
import { selectClaims, selectHasEntitlement, useAppSelector } from '@toolkit/store-contract';
import { Button, buttonStyles, Card, MutedText, PageTitle, Stack, type ButtonVariant } from '@toolkit/ui';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { AssessmentLink } from '../../shared/assessment-link';
import { useEvidenceQuery } from '../../shared/evidence';
import { QuestionItem, questionAnchor } from './question-item';
import {
  useAskForReviewMutation,
  useMyReview,
  useResubmitMyReviewMutation,
  type MyReview,
} from './review-request-api';
import { reviewStatusWords } from './review-words';

const Status = styled.p`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: center;
`;

const TextLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

/** A button that takes focus, as the one pressed to open or close the confirmation leaves the page. */
const FocusableButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

const Questions = styled.ul`
  margin: 0;
  padding: 0;
`;

type LatestResult = NonNullable<MyReview['result']>;

/** A review that ended without a verification may be asked for again; none yet may be asked for. */
const mayAsk = (review: Review | null) =>
  review === null || review.status === 'declined' || review.status === 'withdrawn';

function AskForReview({ answer, result }: { answer: MyReview; result: LatestResult }) {
  const refusalId = useId();
  const claims = useAppSelector(selectClaims);
  // Only where the plan is what refuses does Plans help.
  const planAllows = useAppSelector((state) => selectHasEntitlement(state, 'result-verification'));
  const [confirming, setConfirming] = useState(false);
  const [ask, asking] = useAskForReviewMutation();
  // The button pressed leaves the page as the confirmation opens or closes: focus goes to what replaces it.
  const confirmButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (opened.current) askButton.current?.focus();
    opened.current = confirming;
  }, [confirming]);
  const publisher = result.publisherName;
  if (!answer.canRequest) {
    return (
      <Stack gap={2}>
        <div>
          <Button type="button" disabled aria-describedby={refusalId}>
            Ask {publisher} to verify
          </Button>
        </div>
        <MutedText id={refusalId}>{answer.requestRefusal}</MutedText>
        {!planAllows &&
          (whoMayOpen(paths.plans(), claims) === null ? (
            <TextLink to={paths.plans()}>See the plans</TextLink>
          ) : (
            <MutedText>{whoMayDo(paths.plans(), claims, 'change the plan')}</MutedText>
          ))}
      </Stack>
    );
  }
  const send = async () => {
    try {
      await ask({ surveyId: result.surveyId, resultId: result.resultId }).unwrap();
      setConfirming(false);
    } catch {
      // Shown from the request's state.
    }
  };
  return (
    <Stack gap={2}>
      {confirming ? (
        <Stack gap={2} role="group" aria-label="Confirm asking for verification">
          <p style={{ margin: 0 }}>
            Ask {publisher} to verify this result? While they review it, its answers and evidence are locked:
            you can change them again only where they ask you for more information.
          </p>
          <Row>
            <FocusableButton
              ref={confirmButton}
              type="button"
              $variant="primary"
              onClick={() => void send()}
              disabled={asking.isLoading}
            >
              {asking.isLoading ? 'Asking…' : 'Yes, ask them'}
            </FocusableButton>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Not yet
            </Button>
          </Row>
        </Stack>
      ) : (
        <div>
          <FocusableButton
            ref={askButton}
            type="button"
            $variant="primary"
            onClick={() => {
              asking.reset();
              setConfirming(true);
            }}
          >
            Ask {publisher} to verify
          </FocusableButton>
        </div>
      )}
      {asking.isError && (
        <ErrorText role="alert">{describeError(asking.error, 'ask for verification')}</ErrorText>
      )}
    </Stack>
  );
}

const Asked = styled.ul`
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  padding-left: ${({ theme }) => theme.space[5]}px;
  li + li {
    margin-top: ${({ theme }) => theme.space[1]}px;
  }
  a {
    color: ${({ theme }) => theme.colors.link};
    overflow-wrap: anywhere;
  }
`;

/** The questions reopened, each leading to its place further down the (long) page. */
function AskedAbout({ review }: { review: Review }) {
  const goTo = (event: MouseEvent<HTMLAnchorElement>, questionId: string) => {
    event.preventDefault();
    const heading = document.getElementById(questionAnchor(questionId));
    heading?.scrollIntoView?.({ block: 'start' });
    heading?.focus();
  };
  return (
    <Asked aria-label="Questions asked about">
      {review.questions
        .filter((question) => question.open)
        .map((question) => (
          <li key={question.questionId}>
            <a
              href={`#${questionAnchor(question.questionId)}`}
              onClick={(event) => goTo(event, question.questionId)}
            >
              {question.title}
            </a>
          </li>
        ))}
    </Asked>
  );
}

function SendBack({ review }: { review: Review }) {
  const [resubmit, sending] = useResubmitMyReviewMutation();
  return (
    <Stack gap={2}>
      <MutedText>
        Reply to each question {review.publisherName} asked about and add any evidence, then send it back.
      </MutedText>
      <div>
        <Button
          type="button"
          onClick={() =>
            void resubmit(review.reviewId)
              .unwrap()
              .catch(() => undefined)
          }
          disabled={sending.isLoading}
        >
          {sending.isLoading ? 'Sending…' : 'Send back for review'}
        </Button>
      </div>
      {sending.isError && (
        <ErrorText role="alert">{describeError(sending.error, 'send it back for review')}</ErrorText>
      )}
    </Stack>
  );
}

function Verification({ answer, result }: { answer: MyReview; result: LatestResult }) {
  const headingId = useId();
  const claims = useAppSelector(selectClaims);
  const { review } = answer;
  const speaksForOrganisation = isRole(claims?.role) && canSignDeclaration(claims.role);
  const publisher = result.publisherName;
  const onlyOwners = `Only an owner or admin can ${review?.status === 'needsInformation' ? 'send it back' : `ask ${publisher} to verify your result`}.`;
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>Verification</SectionHeading>
        <MutedText>
          {result.surveyTitle}, completed on {formatDate(result.completedAt)}.
        </MutedText>
        {review && (
          <div role="status">
            <Status>{reviewStatusWords(review)}</Status>
            <MutedText>
              Asked on {formatDate(review.requestedAt)}.
              {(review.status === 'waiting' || review.status === 'inReview') &&
                ' Its answers and evidence are locked until they finish or ask you for more information.'}
            </MutedText>
            {review.status === 'verified' && (
              <MutedText>
                A declaration signed now states the verification:{' '}
                <TextLink to={paths.declaration()}>go to Declaration</TextLink>.
              </MutedText>
            )}
          </div>
        )}
        {review?.status === 'needsInformation' && <AskedAbout review={review} />}
        {!review && (
          <MutedText>
            Attach evidence to your answers, then ask {publisher} to check them. A verified result shows on
            your Results and on the declaration you sign.
          </MutedText>
        )}
        {(mayAsk(review) || review?.status === 'needsInformation') &&
          (!speaksForOrganisation ? (
            <MutedText>{onlyOwners}</MutedText>
          ) : review?.status === 'needsInformation' ? (
            <SendBack review={review} />
          ) : (
            <AskForReview answer={answer} result={result} />
          ))}
      </Stack>
    </Card>
  );
}

/** The result's questions by section, in the survey's order. */
function bySection(questions: readonly ReviewQuestion[]): [string, ReviewQuestion[]][] {
  const sections = new Map<string, ReviewQuestion[]>();
  for (const question of questions) {
    const list = sections.get(question.sectionTitle) ?? [];
    list.push(question);
    sections.set(question.sectionTitle, list);
  }
  return [...sections];
}

const NO_EVIDENCE: readonly EvidenceItem[] = [];

function Section({
  result,
  title,
  questions,
  review,
  evidence,
}: {
  result: LatestResult;
  title: string;
  questions: ReviewQuestion[];
  review: Review | null;
  evidence: ReadonlyMap<string, EvidenceItem[]>;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={2}>
        <SectionHeading id={headingId}>{title}</SectionHeading>
        <Questions>
          {questions.map((question) => (
            <QuestionItem
              key={question.questionId}
              surveyId={result.surveyId}
              resultId={result.resultId}
              question={question}
              review={review}
              evidence={evidence.get(question.questionId) ?? NO_EVIDENCE}
            />
          ))}
        </Questions>
      </Stack>
    </Card>
  );
}

/** The result's verification and its questions, each with its evidence from one read of the result's. */
function LatestResultView({ answer, result }: { answer: MyReview; result: LatestResult }) {
  const { review } = answer;
  const evidence = useEvidenceQuery({ surveyId: result.surveyId, resultId: result.resultId });
  const byQuestion = useMemo(() => {
    const map = new Map<string, EvidenceItem[]>();
    for (const item of evidence.data?.items ?? [])
      map.set(item.questionId, [...(map.get(item.questionId) ?? []), item]);
    return map;
  }, [evidence.data]);
  // Once a review exists its questions carry the decisions and the thread.
  const questions = review?.resultId === result.resultId ? review.questions : result.questions;
  return (
    <>
      <Verification answer={answer} result={result} />
      {evidence.isError && (
        <LoadError
          error={evidence.error}
          doing="load your evidence"
          onRetry={() => void evidence.refetch()}
        />
      )}
      {bySection(questions).map(([title, list]) => (
        <Section
          key={title}
          result={result}
          title={title}
          questions={list}
          review={review}
          evidence={byQuestion}
        />
      ))}
    </>
  );
}

function NoResult() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId}>You have not completed a Quickscan yet</SectionHeading>
        <MutedText>
          Complete the Quickscan first: then you can attach evidence to its answers and ask for them to be
          verified.
        </MutedText>
        <AssessmentLink>Complete the Quickscan</AssessmentLink>
      </Stack>
    </Card>
  );
}

export function ReviewRequestScreen() {
  const myReview = useMyReview();
  return (
    <Stack>
      <PageTitle>Evidence and review</PageTitle>
      <QueryView query={myReview} doing="load your result and its review">
        {(answer) =>
          answer.result ? <LatestResultView answer={answer} result={answer.result} /> : <NoResult />
        }
      </QueryView>
    </Stack>
  );
}
