// The result lifecycle: start or resume, save every answer through the outbox, complete
// once. In invite mode the journey API saves and submits instead.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { API, paths, SurveyStatus, type AnswerValue, type ResultScore } from '@toolkit/domain';
import {
  callApi,
  EARLY_ANSWER_EVENT,
  earlyAnswersKey,
  isCallableError,
  loadEarlyAnswers,
  storeEarlyAnswer,
  type CallableClient,
  type EarlyAnswerDetail,
  type Position,
} from '@toolkit/platform';
import { browserStorage, surveyCompleted, surveyStarted, useAppDispatch } from '@toolkit/store-contract';
import { once } from './completion';
import { Outbox, outboxStorageKey, type FailureAction, type OutboxEntry, type SaveStatus } from './outbox';
import { loadPosition, savePosition } from './position';
import type { SurveyQuery } from './query-params';

export interface ResultOptions {
  callable: CallableClient;
  tenantId: string;
  surveyId: string;
  query: SurveyQuery;
  /** False until the shell has settled the session (anonymous or signed in) and the definition is known. */
  enabled: boolean;
}

export type ResultState =
  | { kind: 'starting' }
  | { kind: 'failed'; message: string; retry: () => void }
  | { kind: 'ready'; resultId: string };

export interface SurveyResult {
  state: ResultState;
  answers: Record<string, AnswerValue>;
  saveStatus: SaveStatus;
  completed: boolean;
  /** The score the completion answered (the outro shows it); null before, for an invite, or unscored. */
  score: ResultScore | null;
  /** The server resumed an earlier result rather than creating one. */
  resumed: boolean;
  /** Where the respondent last was in this result, for "Continue". */
  resumePosition: Position | null;
  /** The questions that count towards the score (the server's); null until the result has started. */
  scoredQuestions: ReadonlySet<string> | null;
  setAnswer(questionId: string, answer: AnswerValue, options?: { delayMs?: number }): void;
  rememberPosition(position: Position): void;
  /** Sends queued answers now, as the respondent moves on. */
  flush(): void;
  /** Waits until every answer is saved, then completes the result; repeated calls complete once. */
  complete(): Promise<void>;
}

interface Session {
  resultId: string;
  outbox: Outbox;
  complete: () => Promise<void>;
}

/** Permission denied stops saving (the caller leaves for the dashboard); a rejected answer can never succeed. */
function classify(error: unknown): FailureAction {
  if (isCallableError(error) && error.code === 'permission-denied') return 'fatal';
  if (isCallableError(error) && error.code === 'invalid-argument') return 'drop';
  return 'retry';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function useResult({ callable, tenantId, surveyId, query, enabled }: ResultOptions): SurveyResult {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The navigate function changes with every location; starting a result must not.
  const navigateRef = useRef(navigate);
  useLayoutEffect(() => {
    navigateRef.current = navigate;
  });
  const { resultId: requestedResultId, inviteId, prefill } = query;

  const [attempt, setAttempt] = useState(0);
  const [session, setSession] = useState<Session | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Answers given before the result started (on the shell's early slide, or here) show at once.
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(() =>
    loadEarlyAnswers(browserStorage(), earlyAnswersKey(tenantId, surveyId)),
  );
  const [saveStatus, setSaveStatus] = useState<SaveStatus>('saved');
  const [completed, setCompleted] = useState(false);
  const [score, setScore] = useState<ResultScore | null>(null);
  const [resumed, setResumed] = useState(false);
  const [resumePosition, setResumePosition] = useState<Position | null>(null);
  const [scoredQuestions, setScoredQuestions] = useState<ReadonlySet<string> | null>(null);
  // Finish pressed while the session is still starting (a slow network, or a restart after
  // signing in) waits for it instead of failing.
  const sessionWaiters = useRef<{ resolve: (session: Session) => void; reject: (error: Error) => void }[]>(
    [],
  );
  const earlyKey = earlyAnswersKey(tenantId, surveyId);
  // The early answers of the survey under `key`: read from the device once, then kept in memory
  // (which also serves browsers whose storage is unavailable).
  const earlyAnswers = useRef<{ key: string; answers: Record<string, AnswerValue> } | null>(null);
  const earlyAnswersOf = useCallback((key: string) => {
    if (earlyAnswers.current?.key !== key)
      earlyAnswers.current = { key, answers: loadEarlyAnswers(browserStorage(), key) };
    return earlyAnswers.current.answers;
  }, []);

  useEffect(() => {
    // An empty survey id creates no result.
    if (!enabled || !surveyId.trim()) return;
    let cancelled = false;
    let outbox: Outbox | null = null;
    setFailure(null);
    setSession(null);

    callApi(callable, API.startResult, {
      tenantId,
      surveyId,
      ...(requestedResultId ? { resultId: requestedResultId } : {}),
      ...(prefill ? { prefill } : {}),
    }).then(
      (started) => {
        if (cancelled) return;
        const storage = browserStorage();
        const resultId = started.resultId;
        const send = ({ questionId, answer, seq }: OutboxEntry) =>
          inviteId
            ? callApi(callable, API.saveInviteAnswer, {
                tenantId,
                surveyId,
                surveyResultId: resultId,
                questionId,
                answer,
                seq,
              })
            : callApi(callable, API.saveAnswer, { tenantId, surveyId, resultId, questionId, answer, seq });
        const box = new Outbox({
          send,
          storage,
          storageKey: outboxStorageKey(resultId),
          seqs: started.seqs,
          classify,
          // A permission-denied error while saving sends the user to the dashboard.
          onFatal: () => navigateRef.current(paths.dashboard()),
          isOnline: () => window.navigator.onLine,
          onlineEvents: window,
        });
        outbox = box;
        const complete = once(async () => {
          await box.drain();
          let completion: ResultScore | null = null;
          if (inviteId) {
            await callApi(callable, API.submitInvite, {
              tenantId,
              surveyId,
              surveyResultId: resultId,
              inviteId,
            });
          } else {
            ({ score: completion } = await callApi(callable, API.completeResult, {
              tenantId,
              surveyId,
              resultId,
            }));
          }
          savePosition(storage, resultId, null);
          if (cancelled) return;
          dispatch(surveyCompleted());
          setScore(completion);
          setCompleted(true);
        });

        const isCompleted = started.status === SurveyStatus.Completed;
        // A completed result takes no more answers; otherwise the early ones are saved like any other.
        if (!isCompleted) {
          for (const [questionId, answer] of Object.entries(earlyAnswersOf(earlyKey)))
            box.put(questionId, answer);
        }
        earlyAnswers.current = { key: earlyKey, answers: {} };
        storage?.removeItem(earlyKey);
        dispatch(isCompleted ? surveyCompleted() : surveyStarted());
        setCompleted(isCompleted);
        setResumed(!started.created);
        // Answers that never reached the server win over the stored ones.
        setAnswers({ ...started.questions, ...box.pendingAnswers() });
        setResumePosition(loadPosition(storage, resultId));
        setScoredQuestions(new Set(started.scoredQuestions));
        setSaveStatus(box.status);
        box.subscribe(setSaveStatus);
        const ready = { resultId, outbox: box, complete };
        setSession(ready);
        for (const waiter of sessionWaiters.current.splice(0)) waiter.resolve(ready);
        box.flush();
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = messageOf(error);
        setFailure(message);
        for (const waiter of sessionWaiters.current.splice(0)) waiter.reject(new Error(message));
      },
    );
    return () => {
      cancelled = true;
      outbox?.dispose();
    };
  }, [
    enabled,
    callable,
    dispatch,
    tenantId,
    surveyId,
    earlyKey,
    earlyAnswersOf,
    requestedResultId,
    inviteId,
    prefill,
    attempt,
  ]);

  const setAnswer = useCallback(
    (questionId: string, answer: AnswerValue, options?: { delayMs?: number }) => {
      setAnswers((previous) => ({ ...previous, [questionId]: answer }));
      if (session) {
        session.outbox.put(questionId, answer, options);
        return;
      }
      const answers = storeEarlyAnswer(
        browserStorage(),
        earlyKey,
        earlyAnswersOf(earlyKey),
        questionId,
        answer,
      );
      earlyAnswers.current = { key: earlyKey, answers };
    },
    [session, earlyKey, earlyAnswersOf],
  );

  // The shell's early slide, shown until this slide is drawn, stores each answer and announces it:
  // adopted as if given here. Those it stored before this listened are read when it starts to.
  const adoptRef = useRef({ setAnswer, session });
  useLayoutEffect(() => {
    adoptRef.current = { setAnswer, session };
  });
  useEffect(() => {
    const adopt = (questionId: string, answer: AnswerValue) => {
      adoptRef.current.setAnswer(questionId, answer);
      // Once the result has started, an answer left on the device would be put again on a later visit.
      if (adoptRef.current.session) browserStorage()?.removeItem(earlyKey);
    };
    const announced = (event: Event) => {
      const { detail } = event as CustomEvent<EarlyAnswerDetail | undefined>;
      if (detail?.key === earlyKey) adopt(detail.questionId, detail.answer);
    };
    window.addEventListener(EARLY_ANSWER_EVENT, announced);
    // Already on the device and not yet in a result: read once more, nothing written back.
    const stored = loadEarlyAnswers(browserStorage(), earlyKey);
    earlyAnswers.current = { key: earlyKey, answers: stored };
    setAnswers((previous) => ({ ...previous, ...stored }));
    return () => window.removeEventListener(EARLY_ANSWER_EVENT, announced);
  }, [earlyKey]);

  const rememberPosition = useCallback(
    (position: Position) => {
      if (!session) return;
      savePosition(browserStorage(), session.resultId, position);
      setResumePosition(position);
    },
    [session],
  );

  const flush = useCallback(() => session?.outbox.flush(), [session]);
  // Waits even while the shell is still settling the session (after a reload the slide can show
  // before the restored sign-in is confirmed): the result starts as soon as it is.
  const startable = surveyId.trim() !== '';
  const complete = useCallback(() => {
    if (session) return session.complete();
    if (!startable) return Promise.reject(new Error('The survey has not started yet.'));
    return new Promise<Session>((resolve, reject) => sessionWaiters.current.push({ resolve, reject })).then(
      (started) => started.complete(),
    );
  }, [session, startable]);

  const state: ResultState = failure
    ? { kind: 'failed', message: failure, retry: () => setAttempt((n) => n + 1) }
    : session
      ? { kind: 'ready', resultId: session.resultId }
      : { kind: 'starting' };

  return {
    state,
    answers,
    // Answers given before the result started are still on their way.
    saveStatus: !session && Object.keys(answers).length > 0 ? 'saving' : saveStatus,
    completed,
    score,
    resumed,
    resumePosition,
    scoredQuestions,
    setAnswer,
    rememberPosition,
    flush,
    complete,
  };
}
