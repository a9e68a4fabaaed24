export * from './queries';
export * from './question-types';
export type {
  ActionCatalogueQuery,
  ArticleQuery,
  ArticlesQuery,
  EsgTopic,
  Level,
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
  WorkbenchFiltersQuery,
} from './generated';
