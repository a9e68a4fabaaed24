// The result lifecycle, as the screens see it: start or resume (or, without a network, open the copy
// kept on the device), save every answer through the outbox, complete once, waiting for the network
// as long as it takes. The rules are session-machine.ts's; this hook feeds it events and runs the
// effects it names. In invite mode the journey API saves and submits instead.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { API, backoffDelay, paths, SurveyStatus, type AnswerValue } from '@toolkit/domain';
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
import {
  forgetKept,
  KeptAnswers,
  loadKept,
  saveKept,
  updateKept,
  type KeptOwner,
  type KeptResult,
} from './kept';
import { isNetworkFailure } from './network';
import {
  forgetOutbox,
  NETWORK_BACKOFF,
  Outbox,
  outboxStorageKey,
  type FailureAction,
  type SaveStatus,
} from './outbox';
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
  'answers' | 'completed' | 'score' | 'resumed' | 'resumePosition' | 'scoredQuestions' | 'unsent'
> {
  state: ResultState;
  saveStatus: SaveStatus;
  /** Finish was taken on this device and the completion waits for the network. */
  awaitingServer: boolean;
  /** So does the score, which the completion brings (none for an invite or an unscored survey). */
  awaitingScore: boolean;
  /** Why the server refused a completion that had waited on the device, if it did. */
  completionError: string | null;
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

/** An open result: its outbox, what it was started with, whose copy on the device it is, and its answers on their way there. */
interface OpenSession {
  outbox: Outbox;
  config: StartConfig;
  owner: KeptOwner;
  kept: KeptAnswers;
}

const ownerOf = ({ tenantId, surveyId, query }: StartConfig, uid: string | null): KeptOwner => ({
  tenantId,
  surveyId,
  uid,
  inviteId: query.inviteId,
});

/** Runs `go` after the back-off of `attempt`, or as soon as the browser is back online. */
function afterBackoff(attempt: number, go: () => void): void {
  const once = () => {
    clearTimeout(timer);
    window.removeEventListener('online', once);
    go();
  };
  const timer = setTimeout(once, backoffDelay(attempt, NETWORK_BACKOFF));
  window.addEventListener('online', once);
}

/** Permission denied stops saving (the caller leaves for the dashboard); a rejected answer can never succeed. */
function classify(error: unknown): FailureAction {
  if (isCallableError(error) && error.code === 'permission-denied') return 'fatal';
  if (isCallableError(error) && error.code === 'invalid-argument') return 'drop';
  // The result was completed already (another tab, or a completion whose answer was lost): no save
  // can land any more, and retrying it would keep the completion, which fetches the score, waiting.
  if (isCallableError(error) && error.code === 'failed-precondition') return 'drop';
  return 'retry';
}

/**
 * An invite's submit refused as already submitted: its earlier copy went through (its answer was
 * lost on the way), or another tab submitted it. The answers are in either way.
 */
const alreadySubmitted = (error: unknown) => isCallableError(error) && error.code === 'failed-precondition';

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
  const [sessions] = useState(() => new Map<number, OpenSession>());

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
          case 'retryStart':
            return afterBackoff(effect.attempt, () => {
              const { phase } = machine.state;
              if (phase.name === 'starting' && phase.run === effect.run)
                startResult(effect.run, latest.current.config);
            });
          case 'restoreResult': {
            const { config, uid } = latest.current;
            return openResult(
              effect.run,
              config,
              ownerOf(config, uid),
              { ...effect.kept, created: false },
              false,
            );
          }
          case 'closeOutbox':
            session?.kept.write();
            session?.outbox.dispose();
            sessions.delete(effect.run);
            return;
          case 'put': {
            if (!session) return;
            const { questionId, answer, delayMs } = effect;
            session.outbox.put(questionId, answer, { delayMs });
            // The device's copy holds every answer, so a reload without a network shows them all.
            session.kept.put(questionId, answer, delayMs);
            return;
          }
          case 'flush':
            session?.kept.write();
            return session?.outbox.flush();
          case 'completeResult':
            if (session) completeResult(effect.run, effect.resultId, session);
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
        const { resultId: requested, prefill } = query;
        const owner = ownerOf(config, latest.current.uid);
        callApi(callable, API.startResult, {
          tenantId,
          surveyId,
          ...(requested ? { resultId: requested } : {}),
          ...(prefill ? { prefill } : {}),
        }).then(
          (started) => {
            const completed = started.status === SurveyStatus.Completed;
            const { resultId, questions, scoredQuestions, seqs, created } = started;
            const kept: KeptResult = {
              resultId,
              questions,
              scoredQuestions,
              seqs,
              created,
              finishing: false,
            };
            if (completed) forgetKept(browserStorage(), owner, resultId);
            else saveKept(browserStorage(), owner, kept);
            openResult(run, config, owner, kept, completed);
          },
          (error: unknown) =>
            send({ type: 'startFailed', run, error, kept: loadKept(browserStorage(), owner, requested) }),
        );
      }

      /** Opens the result's outbox and reports it open, as the server answered it or the device kept it. */
      function openResult(
        run: number,
        config: StartConfig,
        owner: KeptOwner,
        result: KeptResult,
        completed: boolean,
      ): void {
        const { callable, tenantId, surveyId, query } = config;
        const { inviteId } = query;
        const { resultId } = result;
        const storage = browserStorage();
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
          seqs: result.seqs,
          classify,
          onFatal: () => send({ type: 'saveForbidden', run }),
          isOnline: () => window.navigator.onLine,
          onlineEvents: window,
        });
        outbox.subscribe((status, unsent) => send({ type: 'saveStatusChanged', run, status, unsent }));
        sessions.set(run, { outbox, config, owner, kept: new KeptAnswers(storage, owner, resultId) });
        // An open result keeps the survey remote's version on this device until it is completed.
        tellServiceWorker({ type: completed ? 'release-survey' : 'keep-survey', tenantId, surveyId });
        send({
          type: 'started',
          run,
          resultId,
          completed,
          created: result.created,
          questions: result.questions,
          scoredQuestions: result.scoredQuestions,
          pending: outbox.pendingAnswers(),
          saveStatus: outbox.status,
          position: loadPosition(storage, resultId),
          finishing: result.finishing,
        });
      }

      /**
       * Records the completion on the device, then saves every answer and completes the result, one
       * completion call at a time, for as long as the network takes. While it cannot reach the
       * server the respondent is told so (the thank-you shows); a refusal is reported instead.
       */
      function completeResult(run: number, resultId: string, session: OpenSession): void {
        const { outbox, config, owner, kept } = session;
        const { callable, tenantId, surveyId, query } = config;
        const { inviteId } = query;
        const storage = browserStorage();
        kept.write();
        updateKept(storage, owner, resultId, (kept) => ({ ...kept, finishing: true }));
        let waiting = false;
        const wait = () => {
          if (waiting) return;
          waiting = true;
          send({ type: 'completionDeferred', run });
        };
        // Answers that cannot be sent now keep nobody waiting: the outbox sends them once it can.
        const stuck = (status: SaveStatus) => status === 'offline' || status === 'retrying';
        if (!window.navigator.onLine || stuck(outbox.status)) wait();
        const unsubscribe = outbox.subscribe((status) => {
          if (stuck(status)) wait();
        });
        const complete = async () => {
          await outbox.drain();
          if (!inviteId)
            return (await callApi(callable, API.completeResult, { tenantId, surveyId, resultId })).score;
          await callApi(callable, API.submitInvite, {
            tenantId,
            surveyId,
            surveyResultId: resultId,
            inviteId,
          }).catch((error: unknown) => {
            if (!alreadySubmitted(error)) throw error;
          });
          return null;
        };
        const attempt = (failures: number): void => {
          complete().then(
            (score) => {
              unsubscribe();
              forgetKept(storage, owner, resultId);
              forgetOutbox(storage, resultId);
              tellServiceWorker({ type: 'release-survey', tenantId, surveyId });
              send({ type: 'completionSucceeded', run, resultId, score });
            },
            (error: unknown) => {
              if (isNetworkFailure(error)) {
                wait();
                // Tried again only while this result is still the session's (not after a sign-in change).
                afterBackoff(failures + 1, () => {
                  if (sessions.get(run) === session) attempt(failures + 1);
                });
                return;
              }
              unsubscribe();
              updateKept(storage, owner, resultId, (kept) => ({ ...kept, finishing: false }));
              send({ type: 'completionFailed', run, error });
            },
          );
        };
        attempt(0);
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
    const kept = loadKept(browserStorage(), { tenantId, surveyId, uid, inviteId }, requestedResultId);
    send({ type: 'begin', finished, kept });
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

  // A typed answer not yet written to the device's copy is written as the page is left or hidden
  // (a phone may close a hidden page without another word), so a reload finds it.
  useEffect(() => {
    const writeKept = () => sessions.forEach((session) => session.kept.write());
    const hidden = () => {
      if (document.visibilityState === 'hidden') writeKept();
    };
    window.addEventListener('pagehide', writeKept);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', writeKept);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [sessions]);

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
    unsent: shown.unsent,
    awaitingServer: phase.name === 'finishing',
    awaitingScore: phase.name === 'finishing' && !inviteId && (shown.scoredQuestions?.size ?? 0) > 0,
    completionError: shown.completionError,
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
