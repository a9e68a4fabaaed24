// The comments a survey received (answers to its open questions) as documents of their own, one per
// result and question, written when the result completes: listing and searching one question's
// comments reads a page of them, never every result.
import {
  foldText,
  isComment,
  normaliseSearch,
  searchTerms,
  SEARCH_TERM_MAX,
  SEARCH_TERM_MIN,
  type AnswerValue,
  type SurveyComment,
} from '@toolkit/domain';
import type { ServerSurveyDefinition } from '../survey-definition';
import type { DocumentStore, StoreTransaction } from '../store/port';
import { paths } from './paths';
import { inAggregate } from './results';

/** The open question naming the organisation: the workbench lists it, it is no comment. */
const NOT_COMMENTS = new Set(['company-name']);

/** Bounds one comment's index entries (Firestore indexes each array element). */
const COMMENT_TERMS_MAX = 1000;

/** The open questions whose answers are comments. */
export const commentQuestions = (definition: ServerSurveyDefinition) =>
  definition.sections
    .flatMap((section) => section.questions)
    .filter((question) => question.type === 'comment' && !NOT_COMMENTS.has(question.id));

/** The words a search looks for, each cut like the stored terms; a word shorter than 2 is ignored. */
const searchWords = (search: string): string[] =>
  [...new Set(foldText(search).split(/[^\p{L}\p{N}]+/u))]
    .filter((word) => word.length >= SEARCH_TERM_MIN)
    .map((word) => word.slice(0, SEARCH_TERM_MAX));

/**
 * Writes a completed result's comments, inside the caller's transaction. `completedAt`: the
 * result's (a server timestamp at completion, the stored one in the backfill).
 */
export function writeComments(
  tx: Pick<StoreTransaction, 'set'>,
  ref: { tenantId: string; surveyId: string; resultId: string },
  definition: ServerSurveyDefinition,
  answers: Readonly<Record<string, AnswerValue>>,
  completedAt: unknown,
): void {
  for (const question of commentQuestions(definition)) {
    const text = answers[question.id];
    if (!isComment(text)) continue;
    tx.set(paths.comment(ref.tenantId, ref.surveyId, ref.resultId, question.id), {
      questionId: question.id,
      resultId: ref.resultId,
      text: text.trim(),
      // Every word's prefixes, so "recyc" finds "Recycling".
      terms: searchTerms(text, COMMENT_TERMS_MAX),
      completedAt,
    });
  }
}

/** How many comment documents one listing reads at most, however many it drops as excluded. */
const MAX_READ_ROUNDS = 5;

/**
 * One page of a question's comments, newest first: those with a word starting with each searched
 * word, excluded results' left out (read together, one getAll per page). `next` continues after
 * the last comment read; null once there are no more.
 */
export async function listComments(
  store: DocumentStore,
  ref: { tenantId: string; surveyId: string; questionId: string },
  page: { search?: string; cursor?: string; limit: number },
): Promise<{ comments: SurveyComment[]; next: string | null }> {
  const words = searchWords(page.search ?? '');
  // The longest word is looked up (the most selective); the others are checked on what is read.
  const lookup = normaliseSearch(page.search ?? '');
  const comments: SurveyComment[] = [];
  let after = page.cursor;
  for (let round = 0; round < MAX_READ_ROUNDS && comments.length < page.limit; round++) {
    const wanted = page.limit - comments.length;
    const read = await store.query(paths.comments(ref.tenantId, ref.surveyId), {
      where: [
        ['questionId', '==', ref.questionId],
        ...(lookup ? [['terms', 'array-contains', lookup] as const] : []),
      ],
      orderBy: [['completedAt', 'desc']],
      limit: wanted,
      ...(after === undefined ? {} : { startAfter: after }),
    });
    const results = read.length
      ? await store.transaction((tx) =>
          tx.getAll(read.map((doc) => paths.result(ref.tenantId, ref.surveyId, String(doc.data!.resultId)))),
        )
      : [];
    read.forEach((doc, index) => {
      const data = doc.data!;
      const terms = new Set(Array.isArray(data.terms) ? data.terms : []);
      const result = results[index]!.data;
      if (!result || !inAggregate(result) || !words.every((word) => terms.has(word))) return;
      comments.push({
        resultId: String(data.resultId),
        text: String(data.text),
        completedAt: typeof data.completedAt === 'string' ? data.completedAt : null,
      });
    });
    if (read.length < wanted) return { comments, next: null };
    after = read[read.length - 1]!.id;
  }
  return { comments, next: after ?? null };
}
