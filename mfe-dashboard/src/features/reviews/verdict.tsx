// The verdict on the whole result: verify (once every answer is accepted), ask for more
// information about the answers marked, or decline with a note; a verification given can be
// withdrawn with a reason, after a confirmation, which revokes the credential that states it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { describeError } from '@toolkit/data';
import { API, formatDate, type Review, type ReviewStatus } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, Card, MutedText, Stack } from '@toolkit/ui';
import { Actions, TextAreaField } from '@toolkit/ui/form';
import { SectionHeading } from '@toolkit/ui/section-heading';
import { ErrorText } from '@toolkit/ui/error-text';
import { refusalOf, requestProblem, type Refusal } from './request-problem';
import { useConcludeReviewMutation, useWithdrawVerificationMutation } from './reviews-api';
import { percentWords } from './review-words';

const NONE: Refusal = { field: null, other: null };

/**
 * The verdict's card. When the status changes under the person's hand (the button they pressed is
 * gone), the keyboard goes on from its heading.
 */
function Panel({ status, children }: { status: ReviewStatus; children: ReactNode }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(status);
  useEffect(() => {
    if (shown.current === status) return;
    shown.current = status;
    headingRef.current?.focus();
  }, [status]);
  return (
    <Card aria-labelledby={headingId}>
      <Stack gap={3}>
        <SectionHeading id={headingId} ref={headingRef} tabIndex={-1}>
          Verdict
        </SectionHeading>
        {children}
      </Stack>
    </Card>
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A button that cannot be used yet says why beside it, and is described by it. */
function Step({
  label,
  why,
  disabled,
  refusal,
  onClick,
}: {
  label: string;
  why: string;
  disabled: boolean;
  refusal: string | null;
  onClick: () => void;
}) {
  const whyId = useId();
  return (
    <Stack gap={1} align="flex-start">
      <Button type="button" disabled={disabled} aria-describedby={whyId} onClick={onClick}>
        {label}
      </Button>
      <MutedText id={whyId}>{why}</MutedText>
      {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
    </Stack>
  );
}

/** The note a decline needs, and its button. */
function Decline({ review }: { review: Review }) {
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NONE);
  const [conclude, concluding] = useConcludeReviewMutation();
  const label = 'Why it is declined';
  async function decline() {
    const request = { reviewId: review.reviewId, verdict: 'declined' as const, note: note.trim() };
    const problem = requestProblem(REQUESTS[API.concludeReview], request, 'note', label);
    if (problem) return setRefusal({ field: problem, other: null });
    setRefusal(NONE);
    try {
      await conclude(request).unwrap();
    } catch (error) {
      setRefusal(refusalOf(error, 'note', label, 'decline the review'));
    }
  }
  return (
    <Stack gap={2}>
      <TextAreaField
        label={label}
        hint={`Sent to ${review.organisationName}; the result is then not verified.`}
        rows={2}
        value={note}
        error={refusal.field}
        onChange={(event) => setNote(event.target.value)}
      />
      <Actions>
        <Button
          type="button"
          variant="secondary"
          disabled={concluding.isLoading}
          onClick={() => void decline()}
        >
          {concluding.isLoading ? 'Declining…' : 'Decline'}
        </Button>
      </Actions>
      {refusal.other && <ErrorText role="alert">{refusal.other}</ErrorText>}
    </Stack>
  );
}

function Deciding({ review }: { review: Review }) {
  const [conclude, concluding] = useConcludeReviewMutation();
  const [refused, setRefused] = useState<{ verdict: string; message: string } | null>(null);
  const notAccepted = review.questions.filter((question) => question.decision !== 'accepted').length;
  const marked = review.questions.filter((question) => question.decision === 'needsInformation').length;
  async function send(verdict: 'verified' | 'needsInformation', doing: string) {
    setRefused(null);
    try {
      await conclude({ reviewId: review.reviewId, verdict }).unwrap();
    } catch (error) {
      setRefused({ verdict, message: describeError(error, doing) });
    }
  }
  const refusal = (verdict: string) => (refused?.verdict === verdict ? refused.message : null);
  return (
    <>
      <Step
        label="Verify"
        disabled={notAccepted > 0 || concluding.isLoading}
        why={
          notAccepted > 0
            ? `Accept every answer to verify the result: ${count(notAccepted, 'answer is', 'answers are')} not accepted yet.`
            : `Every answer is accepted: verifying gives ${review.organisationName} a verified score to sign its declaration with.`
        }
        refusal={refusal('verified')}
        onClick={() => void send('verified', 'verify the result')}
      />
      <Step
        label="Ask for more information"
        disabled={marked === 0 || concluding.isLoading}
        why={
          marked === 0
            ? 'Mark an answer “Needs information” first: only the answers marked are reopened.'
            : `Reopens ${count(marked, 'answer', 'answers')} marked “Needs information” for ${review.organisationName} to answer and send back.`
        }
        refusal={refusal('needsInformation')}
        onClick={() => void send('needsInformation', 'ask for more information')}
      />
      <Decline review={review} />
    </>
  );
}

function Withdraw({ review }: { review: Review }) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>(NONE);
  const [withdraw, withdrawing] = useWithdrawVerificationMutation();
  const questionRef = useRef<HTMLParagraphElement>(null);
  const label = 'Why the verification is withdrawn';
  const request = { reviewId: review.reviewId, reason: reason.trim() };

  // The person's attention goes where the question is.
  useEffect(() => {
    if (confirming) questionRef.current?.focus();
  }, [confirming]);

  function ask() {
    const problem = requestProblem(REQUESTS[API.withdrawVerification], request, 'reason', label);
    setRefusal({ field: problem, other: null });
    if (!problem) setConfirming(true);
  }
  async function confirm() {
    try {
      await withdraw(request).unwrap();
    } catch (error) {
      setConfirming(false);
      setRefusal(refusalOf(error, 'reason', label, 'withdraw the verification'));
    }
  }
  return (
    <Stack gap={2}>
      <TextAreaField
        label={label}
        hint="Sent to the organisation, and shown by the public check of its credential."
        rows={2}
        value={reason}
        error={refusal.field}
        readOnly={confirming}
        onChange={(event) => setReason(event.target.value)}
      />
      {confirming ? (
        <Stack gap={2} role="group" aria-label="Confirm the withdrawal">
          <p ref={questionRef} tabIndex={-1}>
            Withdraw the verification of {review.organisationName}? Its credential is revoked, and the result
            is no longer verified.
          </p>
          <Actions>
            <Button type="button" disabled={withdrawing.isLoading} onClick={() => void confirm()}>
              {withdrawing.isLoading ? 'Withdrawing…' : 'Yes, withdraw it'}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </Actions>
        </Stack>
      ) : (
        <Actions>
          <Button type="button" variant="secondary" onClick={ask}>
            Withdraw verification
          </Button>
        </Actions>
      )}
      {refusal.other && <ErrorText role="alert">{refusal.other}</ErrorText>}
    </Stack>
  );
}

/** What the verdict's card holds for the review's status. */
function VerdictBody({ review }: { review: Review }) {
  const { organisationName: organisation, updatedAt } = review;
  switch (review.status) {
    case 'waiting':
    case 'inReview':
      return <Deciding review={review} />;
    case 'needsInformation':
      return (
        <>
          <p>
            Waiting for {organisation} to answer the questions marked “Needs information” and send the result
            back.
          </p>
          <Decline review={review} />
        </>
      );
    case 'verified':
      return (
        <>
          <p>
            Verified on {formatDate(review.verifiedAt)}
            {review.reviewerName ? ` by ${review.reviewerName}` : ''}, with a verified score of{' '}
            {percentWords(review.verifiedPercent)}.
          </p>
          <Withdraw review={review} />
        </>
      );
    case 'declined':
      return (
        <>
          <p>Declined on {formatDate(updatedAt)}.</p>
          {review.verdictNote && <p>Why: {review.verdictNote}</p>}
        </>
      );
    case 'withdrawn':
      return (
        <>
          <p>The verification was withdrawn on {formatDate(updatedAt)}.</p>
          {review.verdictNote && <p>Why: {review.verdictNote}</p>}
        </>
      );
  }
}

export function Verdict({ review }: { review: Review }) {
  return (
    <Panel status={review.status}>
      <VerdictBody review={review} />
    </Panel>
  );
}
