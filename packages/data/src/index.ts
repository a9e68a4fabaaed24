export {
  api,
  callableMutation,
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
  call,
  contentQuery,
  isQueryError,
  servicesOf,
  toQueryError,
  type CallableRequest,
  type DataServices,
  type QueryError,
} from './base-query';
export { describeError, isPermissionDenied, sentence } from './errors';
export { EmptyState, Loading, LoadError, QueryView, type QueryLike } from './query-view';
