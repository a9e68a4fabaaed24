// Test helpers: the survey's result callables on the shared fake backend, as the server handlers
// behave for the survey (with the seq rule of REQUESTS['survey-saveAnswer']), and the remote
// rendered as the shell mounts it.
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { ThemeProvider } from 'styled-components';
import {
  API,
  completionGaps,
  noScoredAnswerMessage,
  ROUTE_BY_ID,
  type AnswerValue,
  type ApiResponses,
  type CallableErrorCode,
} from '@toolkit/domain';
import type { AppServices } from '@toolkit/parcel';
import { CallableError, normaliseSurvey, type CallableClient } from '@toolkit/platform';
import {
  createFakeBackend,
  quickscanResponse,
  serverError,
  type FakeBackend,
} from '@toolkit/platform/testing';
import { createAppStore, type AppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { defaultTheme } from '@toolkit/ui';
import { App } from '../app';

interface StoredResult {
  questions: Record<string, AnswerValue>;
  seqs: Record<string, number>;
  isCompleted: boolean;
}

export interface SurveyBackend extends FakeBackend {
  /** The stored results by id. */
  results: Map<string, StoredResult>;
}

/** The Quickscan's scored questions: its choices and sliders outside "Your business" (weight 0). */
const QUICKSCAN = normaliseSurvey(quickscanResponse().survey);
const SECTION_QUESTIONS = QUICKSCAN.sections.map((section) =>
  section.slides.flatMap((slide) => slide.questions),
);
const SCORED = SECTION_QUESTIONS.slice(1)
  .flat()
  .filter((question) => ['slider', 'dropdown', 'multipleChoice'].includes(question.type))
  .map((question) => question.id);

/** Both kinds of save: the respondent's own and an invitee's. */
const SAVES = [API.saveAnswer, API.saveInviteAnswer] as const;

/** `startWith`: the answers each new result holds from the start, as a prefill would store them. */
export function createSurveyBackend(startWith: Record<string, AnswerValue> = {}): SurveyBackend {
  const results = new Map<string, StoredResult>();
  let nextId = 1;
  const started = (resultId: string, result: StoredResult, created: boolean) =>
    ({
      resultId,
      status: result.isCompleted ? 2 : 1,
      created,
      questions: { ...result.questions },
      seqs: { ...result.seqs },
      scoredQuestions: SCORED,
    }) satisfies ApiResponses[typeof API.startResult];
  const save = (request: unknown) => {
    const data = request as Record<string, unknown>;
    const result = results.get((data.resultId ?? data.surveyResultId) as string)!;
    const questionId = data.questionId as string;
    const applied = (data.seq as number) > (result.seqs[questionId] ?? 0);
    if (applied) {
      result.questions[questionId] = data.answer as AnswerValue;
      result.seqs[questionId] = data.seq as number;
    }
    return { applied, updatedAt: new Date().toISOString() };
  };
  // As the server: never completed with no scored question answered.
  const complete = (request: unknown) => {
    const data = request as Record<string, unknown>;
    const result = results.get((data.resultId ?? data.surveyResultId) as string)!;
    const sections = SECTION_QUESTIONS.map((questions) => questions.map((question) => question.id));
    const gaps = completionGaps(sections, new Set(SCORED), result.questions);
    if (!gaps.canComplete) {
      const empty = gaps.emptySections.map((index) => QUICKSCAN.sections[index]!.title);
      serverError('failed-precondition', noScoredAnswerMessage(empty));
    }
    result.isCompleted = true;
  };
  const backend = createFakeBackend({
    [API.startResult]: (request) => {
      const data = request as Record<string, unknown>;
      const requested = data.resultId as string | undefined;
      const existing = requested ? results.get(requested) : undefined;
      if (existing && !existing.isCompleted) return started(requested!, existing, false);
      const resultId = `result-${nextId++}`;
      const prefill = data.prefill as { answers?: Record<string, AnswerValue> } | undefined;
      const created: StoredResult = {
        questions: { ...startWith, ...prefill?.answers },
        seqs: {},
        isCompleted: false,
      };
      results.set(resultId, created);
      return started(resultId, created, true);
    },
    [API.saveAnswer]: save,
    [API.saveInviteAnswer]: save,
    [API.completeResult]: (request) => {
      complete(request);
      return {
        completedAt: new Date().toISOString(),
        alreadyCompleted: false,
        score: null,
      } satisfies ApiResponses[typeof API.completeResult];
    },
    [API.submitInvite]: (request) => {
      complete(request);
      return { status: 'completed' } satisfies ApiResponses[typeof API.submitInvite];
    },
  });
  return Object.assign(backend, { results });
}

/** Fails every save with `code` while set; null lets them through again. */
export function failSaves(api: FakeBackend, code: CallableErrorCode | null) {
  const error = code && new CallableError(code, `Save failed: ${code}`);
  for (const name of SAVES) api.fail(name, error);
}

/** Saves wait for `until`: a slow network. */
export function gateSaves(api: FakeBackend, until: Promise<unknown>) {
  for (const name of SAVES) api.gate(name, until);
}

export function createServices(api: CallableClient, content: AppServices['content']): AppServices {
  return {
    callable: api,
    content,
    requestSession: () => undefined,
    signOut: async () => undefined,
    signInAnonymously: async () => ({ success: true }),
    signInWithCustomToken: async () => ({ success: true }),
    sendSignInLink: async () => ({ success: true }),
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

/**
 * Renders the remote as the shell mounts it, at `url` (a history entry of its own when given with a
 * `key`), with a marker of the router's location.
 */
export function renderSurvey(url: InitialEntry, services: AppServices, store: AppStore = anonymousStore()) {
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
