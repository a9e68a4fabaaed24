// Test helpers: a small in-memory callable API (the network edge) with the seq rule of
// REQUESTS['survey-saveAnswer'], and the remote rendered as the shell mounts it.
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ThemeProvider } from 'styled-components';
import {
  API,
  ROUTE_BY_ID,
  type AnswerValue,
  type ApiResponses,
  type CallableErrorCode,
} from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { CallableError, type CallableClient } from '@toolkit/platform';
import { createAppStore, type AppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/src/testing';
import { defaultTheme } from '@toolkit/ui';
import { App } from '../app';

interface StoredResult {
  questions: Record<string, AnswerValue>;
  seqs: Record<string, number>;
  isCompleted: boolean;
}

/** The callable API over a Map, as the server handlers behave for the survey. */
export class FakeApi implements CallableClient {
  results = new Map<string, StoredResult>();
  calls: { name: string; data: Record<string, unknown> }[] = [];
  /** Fails every save with this code while set. */
  saveFailure: CallableErrorCode | null = null;
  /** While set, saves wait for it: a slow network. */
  saveGate: Promise<void> | null = null;
  /** While set, starting a result waits for it. */
  startGate: Promise<void> | null = null;
  /** Fails every completion with this error while set. */
  completeFailure: CallableError | null = null;
  private nextId = 1;

  callsOf(name: string) {
    return this.calls.filter((c) => c.name === name).map((c) => c.data);
  }

  async call<Req, Res>(name: string, request: Req): Promise<Res> {
    const data = request as Record<string, unknown>;
    this.calls.push({ name, data });
    if (this.saveGate && (name === API.saveAnswer || name === API.saveInviteAnswer)) await this.saveGate;
    if (this.startGate && name === API.startResult) await this.startGate;
    return this.handle(name, data) as Res;
  }

  private handle(name: string, data: Record<string, unknown>): unknown {
    switch (name) {
      case API.startResult: {
        const requested = data.resultId as string | undefined;
        const existing = requested ? this.results.get(requested) : undefined;
        if (existing && !existing.isCompleted) return this.started(requested!, existing, false);
        const resultId = `result-${this.nextId++}`;
        const prefill = data.prefill as { answers?: Record<string, AnswerValue> } | undefined;
        const created: StoredResult = { questions: { ...prefill?.answers }, seqs: {}, isCompleted: false };
        this.results.set(resultId, created);
        return this.started(resultId, created, true);
      }
      case API.saveAnswer:
      case API.saveInviteAnswer: {
        if (this.saveFailure) throw new CallableError(this.saveFailure, `Save failed: ${this.saveFailure}`);
        const result = this.results.get((data.resultId ?? data.surveyResultId) as string)!;
        const questionId = data.questionId as string;
        const applied = (data.seq as number) > (result.seqs[questionId] ?? 0);
        if (applied) {
          result.questions[questionId] = data.answer as AnswerValue;
          result.seqs[questionId] = data.seq as number;
        }
        return { applied, updatedAt: new Date().toISOString() };
      }
      case API.completeResult:
      case API.submitInvite: {
        if (this.completeFailure) throw this.completeFailure;
        const result = this.results.get((data.resultId ?? data.surveyResultId) as string)!;
        result.isCompleted = true;
        return name === API.submitInvite
          ? { status: 'completed' }
          : ({
              completedAt: new Date().toISOString(),
              alreadyCompleted: false,
              score: null,
            } satisfies ApiResponses[typeof API.completeResult]);
      }
      default:
        throw new CallableError('not-found', `No fake for ${name}`);
    }
  }

  private started(resultId: string, result: StoredResult, created: boolean) {
    return {
      resultId,
      status: result.isCompleted ? 2 : 1,
      created,
      questions: { ...result.questions },
      seqs: { ...result.seqs },
    } satisfies ApiResponses[typeof API.startResult];
  }
}

export function createServices(api: FakeApi, content: AppServices['content']): AppServices {
  return {
    callable: api,
    content,
    requestSession: () => undefined,
    signOut: async () => undefined,
    signInAnonymously: async () => ({ success: true }),
    signInWithCustomToken: async () => ({ success: true }),
    refreshClaims: async () => undefined,
    sendPasswordReset: async () => ({ success: true }),
    updatePassword: async () => ({ success: true }),
    updateDisplayName: async () => ({ success: true }),
  };
}

export function anonymousStore(): AppStore {
  return createAppStore({
    storage: null,
    preloadedState: {
      auth: {
        status: 'anonymous',
        user: {
          uid: 'anon-1',
          email: null,
          displayName: null,
          emailVerified: false,
          isAnonymous: true,
          tenantId: null,
        },
        claims: {},
        error: null,
        settled: true,
      },
    },
  });
}

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the remote as the shell mounts it, at `url`, with a marker of the router's location. */
export function renderSurvey(url: string, services: AppServices, store: AppStore = anonymousStore()) {
  return renderWithProviders(
    <ThemeProvider theme={defaultTheme}>
      <MemoryRouter initialEntries={[url]}>
        <WhereAmI />
        <Routes>
          <Route path={ROUTE_BY_ID.dashboard.path} element={<p>Dashboard</p>} />
          <Route path="*" element={<App services={services} />} />
        </Routes>
      </MemoryRouter>
    </ThemeProvider>,
    { store },
  );
}
