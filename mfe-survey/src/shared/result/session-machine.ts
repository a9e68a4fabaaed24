// The respondent's result session as a state machine: a pure `transition` from a state and an event
// to the next state and the effects that use-result.ts runs (the network, the outbox, the device's
// storage, the store). Every rule of the session is here, apart from React and I/O, so that one
// table test (session-machine.test.ts) can name each path a session takes.
import type { AnswerValue, ResultScore } from '@toolkit/domain';
import type { Position } from '@toolkit/platform';
import type { KeptResult } from './kept';
import { isNetworkFailure } from './network';
import type { SaveStatus } from './outbox';

type Answers = Record<string, AnswerValue>;

/** Whoever called complete(): told once the result is completed, or why it was not. */
export interface Reply {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Where the session is. `run` numbers each start, so that what a superseded start (or its result)
 * reports late is recognised and ignored.
 */
export type Phase =
  /** No start under way: the shell has not settled the session yet, or it changed (sign-in/out). */
  | { name: 'idle' }
  /** `failures`: starts of this run that failed for the network, each tried again after a wait. */
  | { name: 'starting'; run: number; failures?: number }
  | { name: 'failed'; run: number; message: string }
  /** The result is open: answers go to its outbox. */
  | { name: 'answering'; run: number; resultId: string }
  /** Every answer is being saved, then the result completed; `replies` wait for the outcome. */
  | { name: 'completing'; run: number; resultId: string; replies: Reply[] }
  /**
   * Finish could not reach the server: the completion is recorded on the device and the thank-you
   * shows, while the outbox sends every answer and then the completion once the network is back.
   */
  | { name: 'finishing'; run: number; resultId: string }
  | { name: 'completed'; run: number; resultId: string };

export type OpenPhase = Extract<Phase, { resultId: string }>;

export interface SessionState {
  phase: Phase;
  /** How many starts there have been; the next one is run `runs + 1`. */
  runs: number;
  /** What the screens show: the result's answers, with those not yet saved on top. */
  answers: Answers;
  /**
   * Answers given while no result is open (on the shell's early slide, or here), kept on the device
   * under `key` until a result adopts them.
   */
  early: { key: string; answers: Answers };
  /** The open result's outbox status (see `shownSaveStatus`). */
  saveStatus: SaveStatus;
  /** How many of the open result's answers the server has not acknowledged yet. */
  unsent: number;
  /** Finish was pressed and taken: completed on the server, or recorded on the device (finishing). */
  completed: boolean;
  /** The score the completion answered (the outro shows it); null before, for an invite, or unscored. */
  score: ResultScore | null;
  /** The server resumed an earlier result rather than creating one. */
  resumed: boolean;
  /** Where the respondent last was in this result, for "Continue". */
  resumePosition: Position | null;
  /** The questions that count towards the score (the server's); null until the result has started. */
  scoredQuestions: ReadonlySet<string> | null;
  /** complete() called while no result was open: the next result to open is completed for them. */
  waiting: Reply[];
  /** The server refused a completion recorded on the device: the respondent is back on the slides. */
  completionError: string | null;
}

/** A result this tab finished, shown again instead of starting a new one (see use-result.ts). */
export interface FinishedResult {
  resultId: string;
  score: ResultScore | null;
}

export type SessionEvent =
  /**
   * The shell has settled the session and the definition is known: start (or resume) a result, or
   * show again the one `finished` on this page before (Back or a reload after Finish).
   */
  | { type: 'begin'; finished?: FinishedResult | null; kept?: KeptResult | null }
  /** The session changed (signed in or out), the survey changed, or the screens closed. */
  | { type: 'end' }
  /** "Try again" after a failed start. */
  | { type: 'retry' }
  /**
   * The server started or resumed the result (or the device's copy opened it); its outbox is open
   * with `pending` unsent answers. `finishing`: Finish was pressed on it, as recorded on the device.
   */
  | {
      type: 'started';
      run: number;
      resultId: string;
      completed: boolean;
      created: boolean;
      questions: Answers;
      scoredQuestions: readonly string[];
      pending: Answers;
      saveStatus: SaveStatus;
      position: Position | null;
      finishing?: boolean;
    }
  /** The start failed; `kept` is the result this device holds for the respondent, if any. */
  | { type: 'startFailed'; run: number; error: unknown; kept?: KeptResult | null }
  /** The hook listens for the early slide's answers under `key`; `stored` are those already given. */
  | { type: 'listening'; key: string; stored: Answers }
  /** The respondent answered on a screen; `delayMs` debounces typing. */
  | { type: 'answered'; questionId: string; answer: AnswerValue; delayMs?: number }
  /** The early slide (drawn before this app) stored an answer and announced it. */
  | { type: 'earlyAnswerAnnounced'; questionId: string; answer: AnswerValue }
  | { type: 'saveStatusChanged'; run: number; status: SaveStatus; unsent: number }
  /** The server refused a save as not permitted: the respondent may not answer this result. */
  | { type: 'saveForbidden'; run: number }
  | { type: 'positionReached'; position: Position }
  /** The respondent moves on: send queued answers now. */
  | { type: 'flushRequested' }
  | { type: 'completeRequested'; reply: Reply }
  /** The answers or the completion cannot reach the server now; they are sent once they can. */
  | { type: 'completionDeferred'; run: number }
  | { type: 'completionSucceeded'; run: number; resultId: string; score: ResultScore | null }
  /** The server refused the completion. */
  | { type: 'completionFailed'; run: number; error: unknown };

export type SessionEffect =
  | { type: 'startResult'; run: number }
  /** Asks the server again after a wait (or once the browser is back online). */
  | { type: 'retryStart'; run: number; attempt: number }
  /** Opens the result kept on the device, as the server would have resumed it. */
  | { type: 'restoreResult'; run: number; kept: KeptResult }
  | { type: 'closeOutbox'; run: number }
  | { type: 'put'; run: number; questionId: string; answer: AnswerValue; delayMs?: number }
  | { type: 'flush'; run: number }
  /**
   * Records the completion on the device, saves every answer of the outbox, then completes (or, for
   * an invite, submits) the result, waiting for the network as long as it takes.
   */
  | { type: 'completeResult'; run: number; resultId: string }
  | { type: 'storeEarly'; key: string; answers: Answers }
  | { type: 'forgetEarly'; key: string }
  /** Keeps the finished result for this tab's history, so going Back shows it again. */
  | { type: 'rememberFinished'; resultId: string; score: ResultScore | null }
  /** Tells the shell's store the survey's status. */
  | { type: 'announce'; status: 'started' | 'completed' }
  | { type: 'savePosition'; resultId: string; position: Position | null }
  | { type: 'resolve'; replies: Reply[] }
  | { type: 'reject'; replies: Reply[]; error: unknown }
  /** Leaves for the dashboard. */
  | { type: 'leave' };

export type Transition = [SessionState, SessionEffect[]];

export function initialSession(key: string, stored: Answers): SessionState {
  return {
    phase: { name: 'idle' },
    runs: 0,
    answers: stored,
    early: { key, answers: stored },
    saveStatus: 'saved',
    unsent: 0,
    completed: false,
    score: null,
    resumed: false,
    resumePosition: null,
    scoredQuestions: null,
    waiting: [],
    completionError: null,
  };
}

/** How many times a start that fails for the network is tried again before "Try again" shows. */
export const START_RETRIES = 3;

export const isOpen = (phase: Phase): phase is OpenPhase =>
  phase.name === 'answering' ||
  phase.name === 'completing' ||
  phase.name === 'finishing' ||
  phase.name === 'completed';

/** Answers given while no result is open are still on their way. */
export const shownSaveStatus = (state: SessionState): SaveStatus =>
  !isOpen(state.phase) && Object.keys(state.answers).length > 0 ? 'saving' : state.saveStatus;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function start(state: SessionState): Transition {
  const run = state.runs + 1;
  return [{ ...state, runs: run, phase: { name: 'starting', run } }, [{ type: 'startResult', run }]];
}

/** An answer goes to the open result's outbox, or is kept on the device until a result opens. */
function answer(state: SessionState, questionId: string, value: AnswerValue, delayMs?: number): Transition {
  const { phase, early } = state;
  const answers = { ...state.answers, [questionId]: value };
  if (isOpen(phase)) {
    return [{ ...state, answers }, [{ type: 'put', run: phase.run, questionId, answer: value, delayMs }]];
  }
  const kept = { key: early.key, answers: { ...early.answers, [questionId]: value } };
  return [{ ...state, answers, early: kept }, [{ type: 'storeEarly', ...kept }]];
}

export function transition(state: SessionState, event: SessionEvent): Transition {
  const { phase } = state;
  const open = isOpen(phase) ? phase : null;
  const unchanged: Transition = [state, []];
  switch (event.type) {
    case 'begin': {
      if (phase.name !== 'idle') return unchanged;
      if (!event.finished) {
        // Finish was pressed on the kept result: it opens from the device and goes on completing,
        // without a start (which would open a new result once the server has completed it).
        if (!event.kept?.finishing) return start(state);
        const run = state.runs + 1;
        return [
          { ...state, runs: run, phase: { name: 'starting', run } },
          [{ type: 'restoreResult', run, kept: event.kept }],
        ];
      }
      // Never reopened for answering: the finished result shows as it was, with no start at all.
      const run = state.runs + 1;
      const { resultId, score } = event.finished;
      return [
        {
          ...state,
          runs: run,
          phase: { name: 'completed', run, resultId },
          answers: {},
          early: { key: state.early.key, answers: {} },
          completed: true,
          score,
          waiting: [],
        },
        [
          { type: 'forgetEarly', key: state.early.key },
          { type: 'announce', status: 'completed' },
          ...(state.waiting.length > 0 ? [{ type: 'resolve' as const, replies: state.waiting }] : []),
        ],
      ];
    }

    case 'retry':
      return phase.name === 'failed' ? start(state) : unchanged;

    case 'end': {
      if (phase.name === 'idle') return unchanged;
      const idle = { ...state, phase: { name: 'idle' } as const };
      if (!open) return [idle, []];
      // Finish pressed on the ended result completes the next one (which may find it completed).
      const waiting = open.name === 'completing' ? [...state.waiting, ...open.replies] : state.waiting;
      return [{ ...idle, waiting }, [{ type: 'closeOutbox', run: open.run }]];
    }

    case 'started': {
      const { run, resultId, completed } = event;
      if (phase.name !== 'starting' || phase.run !== run) return [state, [{ type: 'closeOutbox', run }]];
      const finishing = !completed && event.finishing === true;
      // A completed result takes no more answers; otherwise the early ones are saved like any other.
      const adopted = completed ? {} : state.early.answers;
      const replies = state.waiting;
      const next: SessionState = {
        ...state,
        phase: completed
          ? { name: 'completed', run, resultId }
          : finishing
            ? { name: 'finishing', run, resultId }
            : replies.length > 0
              ? { name: 'completing', run, resultId, replies }
              : { name: 'answering', run, resultId },
        // Answers that never reached the server win over the stored ones.
        answers: { ...event.questions, ...event.pending, ...adopted },
        early: { key: state.early.key, answers: {} },
        saveStatus: event.saveStatus,
        unsent: Object.keys(event.pending).length,
        completed: completed || finishing,
        resumed: !event.created,
        resumePosition: event.position,
        scoredQuestions: new Set(event.scoredQuestions),
        waiting: [],
      };
      const effects: SessionEffect[] = Object.entries(adopted).map(([questionId, value]) => ({
        type: 'put',
        run,
        questionId,
        answer: value,
      }));
      effects.push(
        { type: 'forgetEarly', key: state.early.key },
        { type: 'announce', status: completed ? 'completed' : 'started' },
        { type: 'flush', run },
      );
      if (finishing) {
        effects.push({ type: 'completeResult', run, resultId });
        if (replies.length > 0) effects.push({ type: 'resolve', replies });
      } else if (replies.length > 0) {
        effects.push(completed ? { type: 'resolve', replies } : { type: 'completeResult', run, resultId });
      }
      return [next, effects];
    }

    case 'startFailed': {
      if (phase.name !== 'starting' || phase.run !== event.run) return unchanged;
      // Without a network the device's copy opens; without one, the start is tried again a few times.
      // A refusal is the server's word and stands.
      if (isNetworkFailure(event.error)) {
        const { run } = phase;
        if (event.kept) return [state, [{ type: 'restoreResult', run, kept: event.kept }]];
        const failures = (phase.failures ?? 0) + 1;
        if (failures <= START_RETRIES)
          return [
            { ...state, phase: { ...phase, failures } },
            [{ type: 'retryStart', run, attempt: failures }],
          ];
      }
      const message = messageOf(event.error);
      const next: SessionState = {
        ...state,
        phase: { name: 'failed', run: phase.run, message },
        waiting: [],
      };
      return [
        next,
        state.waiting.length > 0
          ? [{ type: 'reject', replies: state.waiting, error: new Error(message) }]
          : [],
      ];
    }

    case 'listening':
      // Read once as listening starts; from then on the announcements bring each new one.
      return [
        {
          ...state,
          answers: { ...state.answers, ...event.stored },
          early: { key: event.key, answers: event.stored },
        },
        [],
      ];

    case 'answered':
      return answer(state, event.questionId, event.answer, event.delayMs);

    case 'earlyAnswerAnnounced': {
      const [next, effects] = answer(state, event.questionId, event.answer);
      // The early slide stored it on the device too: left there, a later visit would put it again.
      return open ? [next, [...effects, { type: 'forgetEarly', key: state.early.key }]] : [next, effects];
    }

    case 'saveStatusChanged':
      return open?.run === event.run && (state.saveStatus !== event.status || state.unsent !== event.unsent)
        ? [{ ...state, saveStatus: event.status, unsent: event.unsent }, []]
        : unchanged;

    case 'saveForbidden':
      // Only the current result's refusal leaves: an ended one's says nothing about the new session.
      return open?.run === event.run ? [state, [{ type: 'leave' }]] : unchanged;

    case 'positionReached':
      return open
        ? [
            { ...state, resumePosition: event.position },
            [{ type: 'savePosition', resultId: open.resultId, position: event.position }],
          ]
        : unchanged;

    case 'flushRequested':
      return open ? [state, [{ type: 'flush', run: open.run }]] : unchanged;

    case 'completeRequested': {
      const { reply } = event;
      if (!open) return [{ ...state, waiting: [...state.waiting, reply] }, []];
      if (open.name === 'completed' || open.name === 'finishing')
        return [state, [{ type: 'resolve', replies: [reply] }]];
      if (open.name === 'completing')
        return [{ ...state, phase: { ...open, replies: [...open.replies, reply] } }, []];
      return [
        { ...state, phase: { ...open, name: 'completing', replies: [reply] }, completionError: null },
        [{ type: 'completeResult', run: open.run, resultId: open.resultId }],
      ];
    }

    case 'completionDeferred': {
      if (phase.name !== 'completing' || phase.run !== event.run) return unchanged;
      const { run, resultId, replies } = phase;
      return [
        { ...state, phase: { name: 'finishing', run, resultId }, completed: true },
        [{ type: 'resolve', replies }],
      ];
    }

    case 'completionSucceeded': {
      // The result is completed even if its session has ended: it will not be resumed there.
      const forget: SessionEffect = { type: 'savePosition', resultId: event.resultId, position: null };
      if ((phase.name !== 'completing' && phase.name !== 'finishing') || phase.run !== event.run)
        return [state, [forget]];
      const { run, resultId } = phase;
      // A completion that waited on the device has told the respondent already.
      const replies = phase.name === 'completing' ? phase.replies : [];
      return [
        { ...state, phase: { name: 'completed', run, resultId }, completed: true, score: event.score },
        [
          forget,
          { type: 'rememberFinished', resultId, score: event.score },
          { type: 'announce', status: 'completed' },
          ...(replies.length > 0 ? [{ type: 'resolve' as const, replies }] : []),
        ],
      ];
    }

    case 'completionFailed': {
      if (phase.name === 'finishing' && phase.run === event.run) {
        // The thank-you showed already: the respondent is back on the slides with the server's words.
        const { run, resultId } = phase;
        return [
          {
            ...state,
            phase: { name: 'answering', run, resultId },
            completed: false,
            completionError: messageOf(event.error),
          },
          [],
        ];
      }
      if (phase.name !== 'completing' || phase.run !== event.run) return unchanged;
      const { run, resultId, replies } = phase;
      return [
        { ...state, phase: { name: 'answering', run, resultId } },
        [{ type: 'reject', replies, error: event.error }],
      ];
    }
  }
}
