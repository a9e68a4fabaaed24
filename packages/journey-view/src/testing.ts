// Test support: a real callable client whose network edge (fetch) is answered in the test, so the
// callable protocol and its error mapping run as they do in the browser. Not exported by index.ts.
import { createCallableClient, type CallableClient } from '@toolkit/platform';

export interface FakeReply {
  status?: number;
  body: unknown;
}

/** Answers one callable; throwing stands for a network failure. */
export type FakeRoute = (data: unknown) => FakeReply | Promise<FakeReply>;

export interface FakeCall {
  name: string;
  data: unknown;
}

const BASE_URL = 'http://127.0.0.1:5001/demo-toolkit/australia-southeast1';

export const reply = (result: unknown): FakeReply => ({ body: { result } });

export const failure = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { error: { status: code, message } },
});

export function createFakeApi(routes: Record<string, FakeRoute>): {
  callable: CallableClient;
  calls: FakeCall[];
} {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const name = String(input).slice(BASE_URL.length + 1);
    const { data } = JSON.parse(String(init?.body)) as { data: unknown };
    calls.push({ name, data });
    const route = routes[name];
    const answer = route
      ? await route(data)
      : failure(404, 'NOT_FOUND', `The test API has no callable ${name}.`);
    const text = JSON.stringify(answer.body);
    // The client reads only the status and the body text.
    return { status: answer.status ?? 200, text: async () => text } as Response;
  };
  return {
    calls,
    callable: createCallableClient({ baseUrl: BASE_URL, getIdToken: async () => 'id-token', fetch }),
  };
}

/** A promise with its resolve function, to hold a call open while a test looks at the loading state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
