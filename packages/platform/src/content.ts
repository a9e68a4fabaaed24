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
  const client = new GraphQLClient(options.url, { headers, fetch: fetchImpl });

  return {
    async request<T, V extends Variables = Variables>(document: RequestDocument, variables?: V): Promise<T> {
      try {
        return await client.request<T, Variables>({ document, variables });
      } catch (cause) {
        // SPEC.md §8: one message for every content failure; the cause keeps the detail.
        throw new Error(contentServiceFailure(serviceName), { cause });
      }
    },
  };
}
