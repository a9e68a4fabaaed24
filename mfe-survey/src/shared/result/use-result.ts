// The result lifecycle, as the screens see it: start or resume, save every answer through the
// outbox, complete once. The rules are session-machine.ts's; this hook feeds it events and runs the
// effects it names. In invite mode the journey API saves and submits instead.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { API, paths, SurveyStatus, type AnswerValue } from '@toolkit/domain';
import {
  callApi,
  EARLY_ANSWER_EVENT,
  earlyAnswersKey,
  isCallableError,
  loadEarlyAnswers,
  type CallableClient,
  type EarlyAnswerDetail,
  type Position,
} from '@toolkit/platform';
import { tellServiceWorker } from '@toolkit/platform/offline';
import { browserStorage, surveyCompleted, surveyStarted, useAppDispatch } from '@toolkit/store-contract';
import { loadFinished, saveFinished } from './finished';
import { Outbox, outboxStorageKey, type FailureAction, type SaveStatus } from './outbox';
import { loadPosition, savePosition } from './position';
import type { SurveyQuery } from './query-params';
import {
  initialSession,
  isOpen,
  shownSaveStatus,
  transition,
  type SessionEffect,
  type SessionState,
  type SessionEvent,
} from './session-machine';

export interface ResultOptions {
  callable: CallableClient;
  tenantId: string;
  surveyId: string;
  query: SurveyQuery;
  /** False until the shell has settled the session (anonymous or signed in) and the definition is known. */
  enabled: boolean;
  /** The session's user, whose finished result Back shows again. */
  uid: string | null;
  /** The history entry shown (the router's location key). */
  page: string;
}

export type ResultState =
  | { kind: 'starting' }
  | { kind: 'failed'; message: string; retry: () => void }
  | { kind: 'ready'; resultId: string };

/** The session as the screens read it (session-machine.ts says what each part means), and what they do to it. */
export interface SurveyResult extends Pick<
  SessionState,
  'answers' | 'completed' | 'score' | 'resumed' | 'resumePosition' | 'scoredQuestions'
> {
  state: ResultState;
  saveStatus: SaveStatus;
  setAnswer(questionId: string, answer: AnswerValue, options?: { delayMs?: number }): void;
  rememberPosition(position: Position): void;
  /** Sends queued answers now, as the respondent moves on. */
  flush(): void;
  /** Waits until every answer is saved, then completes the result; repeated calls complete once. */
  complete(): Promise<void>;
}

/** What a start was asked with: its result saves and completes the same way even if the props move on. */
interface StartConfig {
  callable: CallableClient;
  tenantId: string;
  surveyId: string;
  query: SurveyQuery;
}

/** Permission denied stops saving (the caller leaves for the dashboard); a rejected answer can never succeed. */
function classify(error: unknown): FailureAction {
  if (isCallableError(error) && error.code === 'permission-denied') return 'fatal';
  if (isCallableError(error) && error.code === 'invalid-argument') return 'drop';
  return 'retry';
}

export function useResult({
  callable,
  tenantId,
  surveyId,
  query,
  enabled,
  uid,
  page,
}: ResultOptions): SurveyResult {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const earlyKey = earlyAnswersKey(tenantId, surveyId);
  // Effects read the latest props; the navigate function changes with every location, and
  // starting a result must not.
  const latest = useRef({ navigate, uid, page, config: { callable, tenantId, surveyId, query } });
  // The history entries of this visit: once it is finished, each of them shows the result again.
  const [pages] = useState(() => new Set<string>());
  useLayoutEffect(() => {
    latest.current = { navigate, uid, page, config: { callable, tenantId, surveyId, query } };
    pages.add(page);
  });

  // Answers given before the result started (on the shell's early slide, or here) show at once.
  // The machine's state is the truth; `shown` is what the last render saw of it.
  const [machine] = useState(() => ({
    state: initialSession(earlyKey, loadEarlyAnswers(browserStorage(), earlyKey)),
    queue: [] as SessionEvent[],
    busy: false,
  }));
  const [shown, setShown] = useState(machine.state);
  // The open results' outboxes and what they were started with, by run.
  const [sessions] = useState(() => new Map<number, { outbox: Outbox; config: StartConfig }>());

  // Events are handled one at a time, in order, and synchronously: an event an effect raises (an
  // outbox announcing its status as an answer is put) waits until the effects before it have run.
  const send = useCallback(
    function send(event: SessionEvent): void {
      machine.queue.push(event);
      if (machine.busy) return;
      machine.busy = true;
      try {
        for (let next = machine.queue.shift(); next; next = machine.queue.shift()) {
          const [state, effects] = transition(machine.state, next);
          machine.state = state;
          effects.forEach(perform);
        }
      } finally {
        machine.busy = false;
        setShown(machine.state);
      }

      function perform(effect: SessionEffect): void {
        const session = 'run' in effect ? sessions.get(effect.run) : undefined;
        switch (effect.type) {
          case 'startResult':
            return startResult(effect.run, latest.current.config);
          case 'closeOutbox':
            session?.outbox.dispose();
            sessions.delete(effect.run);
            return;
          case 'put':
            return session?.outbox.put(effect.questionId, effect.answer, { delayMs: effect.delayMs });
          case 'flush':
            return session?.outbox.flush();
          case 'completeResult':
            if (session) completeResult(effect.run, effect.resultId, session.outbox, session.config);
            return;
          case 'storeEarly':
            try {
              browserStorage()?.setItem(effect.key, JSON.stringify(effect.answers));
            } catch {
              // Kept in memory; the result adopts them from there.
            }
            return;
          case 'forgetEarly':
            browserStorage()?.removeItem(effect.key);
            return;
          case 'rememberFinished': {
            const { config, uid } = latest.current;
            const { tenantId, surveyId, query } = config;
            const { resultId, score } = effect;
            return saveFinished(
              { tenantId, surveyId, uid, inviteId: query.inviteId },
              { resultId, score },
              pages,
            );
          }
          case 'announce':
            dispatch(effect.status === 'completed' ? surveyCompleted() : surveyStarted());
            return;
          case 'savePosition':
            return savePosition(browserStorage(), effect.resultId, effect.position);
          case 'resolve':
            return effect.replies.forEach((reply) => reply.resolve());
          case 'reject':
            return effect.replies.forEach((reply) => reply.reject(effect.error));
          case 'leave':
            void latest.current.navigate(paths.dashboard());
            return;
        }
      }

      function startResult(run: number, config: StartConfig): void {
        const { callable, tenantId, surveyId, query } = config;
        const { resultId: requested, inviteId, prefill } = query;
        callApi(callable, API.startResult, {
          tenantId,
          surveyId,
          ...(requested ? { resultId: requested } : {}),
          ...(prefill ? { prefill } : {}),
        }).then(
          (started) => {
            const storage = browserStorage();
            const { resultId } = started;
            const outbox = new Outbox({
              send: ({ questionId, answer, seq }) =>
                inviteId
                  ? callApi(callable, API.saveInviteAnswer, {
                      tenantId,
                      surveyId,
                      surveyResultId: resultId,
                      questionId,
                      answer,
                      seq,
                    })
                  : callApi(callable, API.saveAnswer, {
                      tenantId,
                      surveyId,
                      resultId,
                      questionId,
                      answer,
                      seq,
                    }),
              storage,
              storageKey: outboxStorageKey(resultId),
              seqs: started.seqs,
              classify,
              onFatal: () => send({ type: 'saveForbidden', run }),
              isOnline: () => window.navigator.onLine,
              onlineEvents: window,
            });
            outbox.subscribe((status) => send({ type: 'saveStatusChanged', run, status }));
            sessions.set(run, { outbox, config });
            // An open result keeps the survey remote's version on this device until it is completed.
            tellServiceWorker({
              type: started.status === SurveyStatus.Completed ? 'release-survey' : 'keep-survey',
              tenantId,
              surveyId,
            });
            send({
              type: 'started',
              run,
              resultId,
              completed: started.status === SurveyStatus.Completed,
              created: started.created,
              questions: started.questions,
              scoredQuestions: started.scoredQuestions,
              pending: outbox.pendingAnswers(),
              saveStatus: outbox.status,
              position: loadPosition(storage, resultId),
            });
          },
          (error: unknown) => send({ type: 'startFailed', run, error }),
        );
      }

      function completeResult(run: number, resultId: string, outbox: Outbox, config: StartConfig): void {
        const { callable, tenantId, surveyId, query } = config;
        const { inviteId } = query;
        outbox
          .drain()
          .then(async () => {
            if (!inviteId)
              return (await callApi(callable, API.completeResult, { tenantId, surveyId, resultId })).score;
            await callApi(callable, API.submitInvite, {
              tenantId,
              surveyId,
              surveyResultId: resultId,
              inviteId,
            });
            return null;
          })
          .then(
            (score) => {
              tellServiceWorker({ type: 'release-survey', tenantId, surveyId });
              send({ type: 'completionSucceeded', run, resultId, score });
            },
            (error: unknown) => send({ type: 'completionFailed', run, error }),
          );
      }
    },
    [machine, sessions, pages, dispatch],
  );

  // A result starts once the session is settled, and again whenever it changes (a sign-in or
  // sign-out ends the session's result) or the survey does. An empty survey id creates no result.
  const startable = surveyId.trim() !== '';
  const { resultId: requestedResultId, inviteId, prefill } = query;
  useEffect(() => {
    if (!enabled || !startable) return;
    const { uid, page } = latest.current;
    const finished = loadFinished({ tenantId, surveyId, uid, inviteId, resultId: requestedResultId, page });
    send({ type: 'begin', finished });
    return () => send({ type: 'end' });
  }, [send, enabled, startable, callable, tenantId, surveyId, requestedResultId, inviteId, prefill]);

  // The shell's early slide, shown until this slide is drawn, stores each answer and announces it:
  // adopted as if given here. Those it stored before this listened are read when it starts to.
  useEffect(() => {
    const announced = (event: Event) => {
      const { detail } = event as CustomEvent<EarlyAnswerDetail | undefined>;
      if (detail?.key === earlyKey)
        send({ type: 'earlyAnswerAnnounced', questionId: detail.questionId, answer: detail.answer });
    };
    window.addEventListener(EARLY_ANSWER_EVENT, announced);
    send({ type: 'listening', key: earlyKey, stored: loadEarlyAnswers(browserStorage(), earlyKey) });
    return () => window.removeEventListener(EARLY_ANSWER_EVENT, announced);
  }, [send, earlyKey]);

  const { phase } = shown;
  // The run of the open result: the callbacks below change with it, so a screen's effect that
  // remembers its slide runs again once a result exists to remember it in.
  const openRun = isOpen(phase) ? phase.run : null;
  const setAnswer = useCallback(
    (questionId: string, answer: AnswerValue, options?: { delayMs?: number }) =>
      send({ type: 'answered', questionId, answer, delayMs: options?.delayMs }),
    [send],
  );
  const rememberPosition = useCallback(
    (position: Position) => {
      if (openRun !== null) send({ type: 'positionReached', position });
    },
    [send, openRun],
  );
  const flush = useCallback(() => send({ type: 'flushRequested' }), [send]);
  // Waits even while the shell is still settling the session (after a reload the slide can show
  // before the restored sign-in is confirmed): the result starts as soon as it is.
  const complete = useCallback(
    () =>
      startable
        ? new Promise<void>((resolve, reject) =>
            send({ type: 'completeRequested', reply: { resolve, reject } }),
          )
        : Promise.reject(new Error('The survey has not started yet.')),
    [send, startable],
  );

  const state: ResultState =
    phase.name === 'failed'
      ? { kind: 'failed', message: phase.message, retry: () => send({ type: 'retry' }) }
      : isOpen(phase)
        ? { kind: 'ready', resultId: phase.resultId }
        : { kind: 'starting' };

  return {
    state,
    answers: shown.answers,
    saveStatus: shownSaveStatus(shown),
    completed: shown.completed,
    score: shown.score,
    resumed: shown.resumed,
    resumePosition: shown.resumePosition,
    scoredQuestions: shown.scoredQuestions,
    setAnswer,
    rememberPosition,
    flush,
    complete,
  };
}
