// What the reviewer does with one question: comment to the business, accept the answer, or ask
// for more information about it (which needs a comment saying what). The comment box serves all three.
import { useState } from 'react';
import { API, isOpenReview, REVIEW_TEXT_MAX, type Review, type ReviewQuestion } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, Stack } from '@toolkit/ui';
import { Actions, TextAreaField } from '@toolkit/ui/form';
import { ErrorText } from '@toolkit/ui/error-text';
import { refusalOf, requestProblem, type Refusal } from './request-problem';
import { useCommentOnReviewMutation, useDecideReviewQuestionMutation } from './reviews-api';

const LABEL = 'Comment';
const NONE: Refusal = { field: null, other: null };

export function QuestionActions({ review, question }: { review: Review; question: ReviewQuestion }) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<Refusal>(NONE);
  const [comment, commenting] = useCommentOnReviewMutation();
  const [decide, deciding] = useDecideReviewQuestionMutation();
  // The reviewer decides while the review is theirs; the thread stays open until the verdict.
  const mayDecide = review.status === 'waiting' || review.status === 'inReview';
  if (!isOpenReview(review.status)) return null;
  const busy = commenting.isLoading || deciding.isLoading;
  const { reviewId } = review;
  const { questionId } = question;

  async function send(request: object, field: string, doing: string, act: () => Promise<unknown>) {
    const schema = field === 'text' ? REQUESTS[API.commentOnReview] : REQUESTS[API.decideReviewQuestion];
    const problem = requestProblem(schema, request, field, LABEL);
    if (problem) return setRefusal({ field: problem, other: null });
    setRefusal(NONE);
    try {
      await act();
      setText('');
    } catch (error) {
      setRefusal(refusalOf(error, field, LABEL, doing));
    }
  }

  const typed = text.trim();
  const sendComment = () => {
    const request = { reviewId, questionId, text: typed };
    return send(request, 'text', 'send the comment', () => comment(request).unwrap());
  };
  const decideAs = (decision: 'accepted' | 'needsInformation') => {
    const request = { reviewId, questionId, decision, ...(typed ? { comment: typed } : {}) };
    const doing = decision === 'accepted' ? 'accept the answer' : 'ask for more information';
    return send(request, 'comment', doing, () => decide(request).unwrap());
  };

  return (
    <Stack gap={2}>
      <TextAreaField
        label={LABEL}
        hint={
          mayDecide
            ? `To ${review.organisationName}. Needed to ask for more information; sent with Accept too.`
            : `To ${review.organisationName}.`
        }
        rows={2}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        error={refusal.field}
        onChange={(event) => setText(event.target.value)}
      />
      <Actions>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void sendComment()}>
          Send comment
        </Button>
        {mayDecide && (
          <>
            <Button
              type="button"
              disabled={busy}
              aria-pressed={question.decision === 'accepted'}
              onClick={() => void decideAs('accepted')}
            >
              Accept
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={busy}
              aria-pressed={question.decision === 'needsInformation'}
              onClick={() => void decideAs('needsInformation')}
            >
              Needs information
            </Button>
          </>
        )}
      </Actions>
      {refusal.other && <ErrorText role="alert">{refusal.other}</ErrorText>}
    </Stack>
  );
}
