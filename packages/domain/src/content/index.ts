export * from './queries';
export * from './question-types';
export type {
  ActionCatalogueQuery,
  ArticleQuery,
  ArticlesQuery,
  EsgTopic,
  AssetFieldsFragment,
  LogoFragment,
  RespondentQuestionFragment,
  RichTextFieldsFragment,
  ScoredQuestionFragment,
  ScoringMethod,
  ServerSurveyQuery,
  SurveyDefinitionQuery,
  SurveyListQuery,
  ToolkitQuery,
} from './generated';
