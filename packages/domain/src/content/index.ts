export * from './queries';
export * from './question-types';
export type {
  AssetFieldsFragment,
  LogoFragment,
  RespondentQuestionFragment,
  RichTextFieldsFragment,
  ScoredQuestionFragment,
  ScoringMethod,
  ServerSurveyQuery,
  SurveyDefinitionQuery,
  SurveyListQuery,
} from './generated';
