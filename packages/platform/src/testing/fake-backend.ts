// The one fake of the callable API for component tests: handlers answer by callable name in
// memory, every call is logged, and a test can hold or fail the calls to one name.
import {
  HTTP_STATUS_BY_CODE,
  type ApiName,
  type ApiRequest,
  type ApiResponses,
  type CallableErrorCode,
} from '@toolkit/domain';
import { CallableError, createCallableClient, isCallableError, type CallableClient } from '../callable';

/**
 * A callable's name, or `area:name` for another service a remote's test routes through the same
 * handlers and log (the dashboard's `auth:` account services).
 */
export type FakeName = ApiName | `${string}:${string}`;

/** Answers one call, possibly later; throwing a CallableError is the server refusing it. */
export type FakeHandler = (data: unknown) => unknown;

/**
 * A callable's handler is typed by the API: it receives the callable's request and answers its
 * response (now, later, or as a stream), so a test's fake cannot drift from the server's shape.
 */
export type HandlerFor<N extends FakeName> = N extends ApiName
  ? (data: ApiRequest<N>) => ApiResponses[N] | Promise<ApiResponses[N]> | StreamedAnswer
  : FakeHandler;

export type FakeHandlers = { [N in ApiName]?: HandlerFor<N> } & {
  [name: `${string}:${string}`]: FakeHandler | undefined;
};

/** The handlers by name, set per callable with its typed handler. */
export interface FakeHandlerMap extends Omit<Map<FakeName, FakeHandler>, 'set'> {
  set<N extends FakeName>(name: N, handler: HandlerFor<N>): this;
}

export interface FakeCall {
  name: FakeName;
  data: unknown;
}

export interface FakeBackend extends CallableClient {
  /** Handlers by name; a test may set or delete them between calls. */
  readonly handlers: FakeHandlerMap;
  /** Every call in order, with its request. */
  readonly calls: FakeCall[];
  /** The requests of the calls to `name`, in order. */
  callsTo(name: FakeName): unknown[];
  /** Calls to `name` wait for `until` before they are answered: a slow network or server. */
  gate(name: FakeName, until: Promise<unknown>): void;
  /** Calls to `name` fail with `error` until `fail(name, null)`. */
  fail(name: FakeName, error: CallableError | null): void;
  /** Sends `message` to every open stream of `name`, as a live subscription's update. */
  push(name: FakeName, message: unknown): void;
}

export function createFakeBackend(initial: FakeHandlers = {}): FakeBackend {
  const handlers = new Map(
    Object.entries(initial).filter((entry) => entry[1] !== undefined) as [FakeName, FakeHandler][],
  ) as FakeHandlerMap;
  const calls: FakeCall[] = [];
  const gates = new Map<FakeName, Promise<unknown>>();
  const failures = new Map<FakeName, CallableError>();
  const listeners = new Map<FakeName, Set<(message: unknown) => void>>();

  async function answer(name: FakeName, data: unknown): Promise<unknown> {
    calls.push({ name, data });
    const gate = gates.get(name);
    if (gate) await gate;
    const failure = failures.get(name);
    if (failure) throw failure;
    const handler = handlers.get(name) as FakeHandler | undefined;
    if (!handler) throw new CallableError('not-found', `No handler for ${name} in this test.`);
    return handler(data);
  }

  return {
    handlers,
    calls,
    callsTo: (name) => calls.filter((call) => call.name === name).map((call) => call.data),
    gate(name, until) {
      gates.set(name, until);
    },
    fail(name, error) {
      if (error) failures.set(name, error);
      else failures.delete(name);
    },
    push(name, message) {
      listeners.get(name)?.forEach((listener) => listener(message));
    },
    async call<Req, Res>(name: string, data: Req): Promise<Res> {
      return (await answer(name as FakeName, data)) as Res;
    },
    /**
     * A handler answering `streamed(messages, result)` sends those messages and then its result;
     * any other answer is the first message of a live subscription, and `push` sends more until
     * the signal aborts.
     */
    async stream<Req, Msg, Res>(
      callName: string,
      data: Req,
      onMessage: (message: Msg) => void,
      { signal }: { signal?: AbortSignal } = {},
    ): Promise<Res> {
      const name = callName as FakeName;
      const answered = await answer(name, data);
      if (answered instanceof StreamedAnswer) {
        for (const message of answered.messages) onMessage(message as Msg);
        return answered.result as Res;
      }
      onMessage(answered as Msg);
      const listener = (message: unknown) => onMessage(message as Msg);
      const open = listeners.get(name) ?? new Set();
      listeners.set(name, open.add(listener));
      await new Promise((resolve) => {
        if (signal?.aborted) resolve(undefined);
        signal?.addEventListener('abort', resolve, { once: true });
      });
      open.delete(listener);
      throw new CallableError('cancelled', `The call to ${name} was cancelled.`);
    },
  };
}

class StreamedAnswer {
  constructor(
    readonly messages: readonly unknown[],
    readonly result: unknown,
  ) {}
}

/** A handler's answer for a stream that ends: these messages, then the result. */
export const streamed = (messages: readonly unknown[], result: unknown): StreamedAnswer =>
  new StreamedAnswer(messages, result);

/** A server's refusal with its message, as the callable client raises it. */
export function serverError(code: CallableErrorCode, message: string): never {
  throw new CallableError(code, message, { hasServerMessage: true });
}

/** A promise the test settles itself, to observe in-between states such as "Saving…". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const BASE_URL = 'http://127.0.0.1:5001/demo-toolkit/australia-southeast1';

/**
 * `backend` behind the real callable client, over a fetch that `backend` answers: requests and
 * errors cross the callable protocol, so the client's error mapping runs as in the browser.
 * A handler that throws anything but a CallableError stands for a network failure.
 */
export function viaProtocol(backend: FakeBackend): CallableClient {
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const name = String(input).slice(BASE_URL.length + 1);
    const { data } = JSON.parse(String(init?.body)) as { data: unknown };
    let status = 200;
    let body: unknown;
    try {
      body = { result: await backend.call(name, data) };
    } catch (error) {
      if (!isCallableError(error)) throw error;
      status = HTTP_STATUS_BY_CODE[error.code];
      body = {
        error: {
          status: error.code.toUpperCase().replace(/-/g, '_'),
          message: error.message,
          details: error.details,
        },
      };
    }
    const text = JSON.stringify(body);
    // The client reads only the status and the body text.
    return { status, text: async () => text } as Response;
  };
  return createCallableClient({ baseUrl: BASE_URL, getIdToken: async () => 'id-token', fetch });
}
