// Test helpers: the seed survey as the content service returns it, and a small in-memory callable
// API (the network edge) with the seq rule of REQUESTS['survey-saveAnswer'].
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
import {
  CallableError,
  type CallableClient,
  type LogoRef,
  type RawItem,
  type RawQuestion,
  type RawSurvey,
} from '@toolkit/platform';
import { createAppStore, type AppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/src/testing';
import { defaultTheme } from '@toolkit/ui';
import { App } from './App';

type Seed = Record<string, unknown>;
const ENUM: Record<string, RawQuestion['type']> = {
  slider: 'SLIDER',
  comment: 'COMMENT',
  content: 'CONTENT',
  dropdown: 'DROPDOWN',
  multipleChoice: 'MULTIPLE_CHOICE',
};

function question(seed: Seed): RawQuestion {
  const field = <T,>(name: string) => (seed[name] ?? null) as T | null;
  return {
    id: seed.id as string,
    title: seed.title as string,
    helperText: field('helperText'),
    type: ENUM[seed.type as string]!,
    labels: field('labels'),
    scoreMin: field('scoreMin'),
    scoreMax: field('scoreMax'),
    scoreStepSize: field('scoreStepSize'),
    textLines: field('textLines'),
    information: field('information'),
    multiple: field('multiple'),
    options: field<Seed[]>('options')?.map((o) => ({ id: o.id as string, label: o.label as string })) ?? null,
  };
}

function item(seed: Seed): RawItem {
  if (seed.type === 'group') {
    return {
      __typename: 'QuestionGroup',
      id: seed.id as string,
      title: seed.title as string,
      helperText: (seed.helperText as string) ?? null,
      questions: (seed.questions as Seed[]).map(question),
    };
  }
  return { __typename: 'Question', ...question(seed) };
}

/** The Quickscan seed of packages/content, shaped as the SURVEY_QUERY response. */
export function quickscanResponse(): { survey: RawSurvey } {
  const path = join(__dirname, '../../packages/content/content/quickscan.json');
  const seed = JSON.parse(readFileSync(path, 'utf8')) as Seed & { sections: Seed[] };
  return {
    survey: {
      id: seed.id as string,
      title: seed.title as string,
      tenantId: seed.tenantId as string,
      requireAccount: (seed.requireAccount as boolean) ?? null,
      primaryColor: (seed.primaryColor as string) ?? null,
      secondaryColor: (seed.secondaryColor as string) ?? null,
      tertiaryColor: (seed.tertiaryColor as string) ?? null,
      quaternaryColor: (seed.quaternaryColor as string) ?? null,
      globalFont: (seed.globalFont as string) ?? null,
      textColor: (seed.textColor as string) ?? null,
      primaryLogo: (seed.primaryLogo as LogoRef) ?? null,
      secondaryLogo: (seed.secondaryLogo as LogoRef) ?? null,
      mobileSecondaryLogo: (seed.mobileSecondaryLogo as LogoRef) ?? null,
      completionUrl: seed.completionUrl as string,
      intro: seed.intro as RawSurvey['intro'],
      intro2: seed.intro2 as RawSurvey['intro2'],
      outro: seed.outro as RawSurvey['outro'],
      sections: seed.sections.map((s) => ({
        id: s.id as number,
        title: s.title as string,
        description: (s.description as string) ?? null,
        primaryColor: (s.primaryColor as string) ?? null,
        sectionIcon: (s.sectionIcon as RawSurvey['sections'][number]['sectionIcon']) ?? null,
        questions: (s.questions as Seed[]).map(item),
      })),
    },
  };
}

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
