// How the API slice reaches the server: every endpoint is a callable (by name, with its typed
// request) or a content query, and every failure becomes one plain, serialisable QueryError.
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import {
  isCallableErrorCode,
  type ApiName,
  type ApiRequest,
  type ApiResponses,
  type CallableErrorCode,
} from '@toolkit/domain';
import { isCallableError, type CallableClient, type ContentClient } from '@toolkit/platform';

/** The shell services the data layer uses, handed to the store as its thunk `extra`. */
export interface DataServices {
  callable: CallableClient;
  content: ContentClient;
}

export function servicesOf(extra: unknown): DataServices {
  if (typeof extra === 'object' && extra !== null && 'callable' in extra && 'content' in extra) {
    return extra as DataServices;
  }
  throw new Error(
    "The data layer needs the shell's services as the store's extra (createAppStore({ extra })).",
  );
}

/** A failed request as the store keeps it. */
export interface QueryError {
  code: CallableErrorCode;
  message: string;
  /** The message is the server's own words (a refusal it explained), not this client's. */
  hasServerMessage: boolean;
  /**
   * The request fields the server refused (invalid-argument) with its words for each, so a form can
   * show them beside the field.
   */
  fields: Record<string, string>;
}

export function isQueryError(value: unknown): value is QueryError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    'message' in value &&
    'fields' in value &&
    isCallableErrorCode((value as { code: unknown }).code)
  );
}

function fieldsOf(details: unknown): Record<string, string> {
  if (typeof details !== 'object' || details === null || !('problems' in details)) return {};
  const { problems } = details as { problems: unknown };
  if (typeof problems !== 'object' || problems === null) return {};
  return Object.fromEntries(
    Object.entries(problems).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** Any failure (the callable client's, the content service's, a bug's) in the store's one shape. */
export function toQueryError(error: unknown): QueryError {
  if (isQueryError(error)) return error;
  if (isCallableError(error)) {
    return {
      code: error.code,
      message: error.message,
      hasServerMessage: error.hasServerMessage,
      fields: fieldsOf(error.details),
    };
  }
  return {
    code: 'unknown',
    message: error instanceof Error ? error.message : String(error),
    hasServerMessage: false,
    fields: {},
  };
}

/**
 * One callable request: the name and the request its schema accepts. The name carries the answer's
 * type (ApiResponses[N]) to the endpoint that sends it (./api.ts, callableQuery and friends).
 */
export interface CallableRequest<N extends ApiName = ApiName> {
  name: N;
  data: unknown;
}

/** A callable request, typed against the API's request schema. */
export const call = <N extends ApiName>(name: N, data: ApiRequest<N>): CallableRequest<N> => ({ name, data });

export const callableBaseQuery: BaseQueryFn<CallableRequest, unknown, QueryError> = async (
  { name, data },
  { extra, signal },
) => {
  try {
    return { data: await servicesOf(extra).callable.call(name, data, { signal }) };
  } catch (error) {
    return { error: toQueryError(error) };
  }
};

/** What the base query answers an endpoint's `queryFn`. */
export type CallableOutcome<T> = { data: T; error?: undefined } | { error: QueryError; data?: undefined };

/**
 * The answer of a callable as its declaration types it. The one place the data layer takes the
 * wire's JSON for the declared answer: the server's handler is compiled against the same declaration
 * (defineHandler's `run` must return it), so the two cannot drift apart.
 */
export const answerOf = <N extends ApiName>(_name: N, data: unknown): ApiResponses[N] =>
  data as ApiResponses[N];

/** A callable sent through the base query handed to a `queryFn`, its answer typed by the declaration. */
export async function callThrough<N extends ApiName>(
  baseQuery: (
    request: CallableRequest,
  ) => PromiseLike<{ data?: unknown; error?: QueryError }> | { data?: unknown; error?: QueryError },
  request: CallableRequest<N>,
): Promise<CallableOutcome<ApiResponses[N]>> {
  const { data, error } = await baseQuery(request);
  return error ? { error } : { data: answerOf(request.name, data) };
}

/** A content-service query as an endpoint's `queryFn`: `read` picks the answer out of the response. */
export function contentQuery<Arg, Response, Result>(
  document: string,
  variables: (arg: Arg) => object | undefined,
  read: (response: Response, arg: Arg) => Result,
) {
  return async (arg: Arg, { extra }: { extra: unknown }) => {
    let response: Response;
    try {
      response = await servicesOf(extra).content.request<Response, object>(document, variables(arg));
    } catch (error) {
      return { error: toQueryError(error) };
    }
    try {
      return { data: read(response, arg) };
    } catch (error) {
      // `read` explains in the product's words what the answer lacks (an unpublished toolkit).
      const message = error instanceof Error ? error.message : String(error);
      return {
        error: { code: 'not-found', message, hasServerMessage: true, fields: {} } satisfies QueryError,
      };
    }
  };
}
