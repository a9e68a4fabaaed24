export * from './queries';
export * from './question-types';
export type {
  ActionCatalogueQuery,
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
