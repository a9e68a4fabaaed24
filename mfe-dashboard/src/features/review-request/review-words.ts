// How the business's Evidence and review screen words a review: its status as a sentence, and why a
// locked question's answer and evidence cannot be changed.
import { formatDate, reviewLocksQuestion, type Review, type ReviewQuestion } from '@toolkit/domain';

const questions = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`;

/** The review's status as one sentence naming the publisher ("Waiting for Coastal Council"). */
export function reviewStatusWords(review: Review): string {
  const { publisherName: publisher } = review;
  switch (review.status) {
    case 'waiting':
      return `Waiting for ${publisher}`;
    case 'inReview':
      return `In review by ${publisher}`;
    case 'needsInformation':
      return `${publisher} needs more information on ${questions(review.questions.filter((question) => question.open).length)}`;
    case 'verified':
      return `Verified by ${publisher} on ${formatDate(review.verifiedAt)}`;
    case 'declined':
      return review.verdictNote ? `Declined: ${review.verdictNote}` : 'Declined';
    case 'withdrawn':
      return review.verdictNote ? `Verification withdrawn: ${review.verdictNote}` : 'Verification withdrawn';
  }
}

/** Why the question's answer and evidence cannot be changed now; null while they can. */
export function lockWords(review: Review | null, question: ReviewQuestion): string | null {
  const openQuestionIds = review
    ? review.questions.filter((each) => each.open).map((each) => each.questionId)
    : [];
  if (!review || !reviewLocksQuestion({ status: review.status, openQuestionIds }, question.questionId))
    return null;
  const publisher = review.publisherName;
  switch (review.status) {
    case 'verified':
      return `Locked: ${publisher} verified this answer as it stands.`;
    case 'needsInformation':
      return `Locked: ${publisher} asked about other questions only.`;
    default:
      return `Locked while ${publisher} reviews your result.`;
  }
}

/** What a question's decision says to the business. */
export function decisionWords(question: ReviewQuestion): string | null {
  if (question.decision === 'accepted') return 'Accepted';
  if (question.decision === 'needsInformation')
    return question.open ? 'More information needed' : 'Information sent';
  return null;
}
