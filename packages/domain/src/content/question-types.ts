// The one mapping between the content schema's QuestionType names and the product's question
// types. A JSON file, so that the content service (plain JavaScript) resolves the same table.
import type { QuestionType } from '../survey';
import type { QuestionType as GraphQLQuestionType } from './generated';
import table from './question-types.json';

export const QUESTION_TYPE_OF_GRAPHQL = table as Readonly<Record<GraphQLQuestionType, QuestionType>>;

/** The product's type for a schema name; null for a name this version does not know. */
export function questionTypeOf(name: string): QuestionType | null {
  return Object.hasOwn(QUESTION_TYPE_OF_GRAPHQL, name)
    ? QUESTION_TYPE_OF_GRAPHQL[name as GraphQLQuestionType]
    : null;
}

/** The schema's name for a product type (test fixtures write definitions as the CMS sends them). */
export function graphqlQuestionType(type: QuestionType): GraphQLQuestionType {
  const entry = Object.entries(QUESTION_TYPE_OF_GRAPHQL).find(([, ours]) => ours === type);
  return entry![0] as GraphQLQuestionType;
}
