import { contentServiceFailure } from '@toolkit/domain';
import { GraphQLClient, type RequestDocument, type Variables } from 'graphql-request';

export interface ContentClientOptions {
  url: string;
  key: string;
  serviceName?: string;
  fetch?: typeof fetch;
}

export interface ContentClient {
  request<T, V extends Variables = Variables>(document: RequestDocument, variables?: V): Promise<T>;
}

export function createContentClient(options: ContentClientOptions): ContentClient {
  const serviceName = options.serviceName ?? 'content service';
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const headers: Record<string, string> = options.key ? { Authorization: `Bearer ${options.key}` } : {};
  // Every document holds one operation, so it needs no name: sending none spares parsing each query
  // in the browser just to find it (graphql's parser is a noticeable part of a survey's start).
  const client = new GraphQLClient(options.url, { headers, fetch: fetchImpl, excludeOperationName: true });

  return {
    async request<T, V extends Variables = Variables>(document: RequestDocument, variables?: V): Promise<T> {
      try {
        return await client.request<T, Variables>({ document, variables });
      } catch (cause) {
        // One message for every content failure; the cause keeps the detail.
        throw new Error(contentServiceFailure(serviceName), { cause });
      }
    },
  };
}
