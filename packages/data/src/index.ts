export {
  api,
  callableMutation,
  callableQuery,
  TAGS,
  type ApiBuilder,
  useMilestonesQuery,
  useProfileQuery,
  type Milestones,
  type Profile,
  type Tag,
} from './api';
export { attachApi, WithApi } from './attach';
export {
  answerOf,
  call,
  callThrough,
  contentQuery,
  isQueryError,
  servicesOf,
  toQueryError,
  type CallableOutcome,
  type CallableRequest,
  type DataServices,
  type QueryError,
} from './base-query';
export { describeError, isPermissionDenied, sentence } from './errors';
export { EmptyState, Loading, LoadError, QueryView, type QueryLike } from './query-view';
