// Every transition of the result session: each row is a state and an event, and the next state and
// effects the machine answers. Pairs no row names are checked to change nothing at all.
import { CallableError } from '@toolkit/platform';
import type { KeptResult } from './kept';
import {
  initialSession,
  shownSaveStatus,
  transition,
  type Phase,
  type Reply,
  type SessionEffect,
  type SessionEvent,
  type SessionState,
} from './session-machine';

const KEY = 'toolkit:survey-early-answers:v1:demo-publisher/quickscan';
const reply = (): Reply => ({ resolve: jest.fn(), reject: jest.fn() });
const A = reply();
const B = reply();
const SCORE = { overall: { points: 4, max: 8, percent: 50 }, sections: [], band: null };
const boom = new Error('Network down');
/** What the callable client reports when a request got no answer, and a server's refusal. */
const lost = new CallableError('unavailable', 'Could not reach the function; check the connection.');
const cutOff = new CallableError('internal', 'The response was not a JSON object.');
const refused = new CallableError('failed-precondition', 'Answer a scored question first.', {
  hasServerMessage: true,
});
const KEPT: KeptResult = {
  resultId: 'r1',
  questions: { sector: 'retail' },
  scoredQuestions: ['energy'],
  seqs: { sector: 1 },
  created: true,
  finishing: false,
};

const idle: Phase = { name: 'idle' };
const starting: Phase = { name: 'starting', run: 1 };
const failed: Phase = { name: 'failed', run: 1, message: 'Network down' };
const answering: Phase = { name: 'answering', run: 1, resultId: 'r1' };
const completing = (...replies: Reply[]): Phase => ({ name: 'completing', run: 1, resultId: 'r1', replies });
const finishing: Phase = { name: 'finishing', run: 1, resultId: 'r1' };
const completed: Phase = { name: 'completed', run: 1, resultId: 'r1' };

/** A state in `phase` after one start (none while idle), with `over` on top. */
const at = (phase: Phase, over: Partial<SessionState> = {}): SessionState => ({
  ...initialSession(KEY, {}),
  phase,
  runs: phase.name === 'idle' ? 0 : 1,
  ...over,
});

const started = (over: Partial<Extract<SessionEvent, { type: 'started' }>> = {}): SessionEvent => ({
  type: 'started',
  run: 1,
  resultId: 'r1',
  completed: false,
  created: true,
  questions: {},
  scoredQuestions: ['energy'],
  pending: {},
  saveStatus: 'saved',
  position: null,
  ...over,
});

const opened = { scoredQuestions: new Set(['energy']), early: { key: KEY, answers: {} } };
const adopt = (run = 1): SessionEffect[] => [
  { type: 'forgetEarly', key: KEY },
  { type: 'announce', status: 'started' },
  { type: 'flush', run },
];

const UNCHANGED = 'unchanged';
interface Row {
  name: string;
  from: SessionState;
  event: SessionEvent;
  to: SessionState | typeof UNCHANGED;
  effects: SessionEffect[];
}

const notOpen: Phase[] = [idle, starting, failed];
const open: Phase[] = [answering, completing(A), finishing, completed];

const rows: Row[] = [
  // Starting: once the shell has settled the session, and again after a sign-in change.
  {
    name: 'idle, begin → starting run 1, which asks the server',
    from: at(idle),
    event: { type: 'begin' },
    to: at(starting),
    effects: [{ type: 'startResult', run: 1 }],
  },
  {
    name: 'idle after a sign-in change, begin → starting the next run',
    from: at(idle, { runs: 3, completed: true }),
    event: { type: 'begin' },
    to: at({ name: 'starting', run: 4 }, { runs: 4, completed: true }),
    effects: [{ type: 'startResult', run: 4 }],
  },
  {
    name: 'idle, begin with the result finished on this page → completed with its score; nothing started',
    from: at(idle, {
      runs: 1,
      answers: { sector: 'retail' },
      early: { key: KEY, answers: { sector: 'retail' } },
      waiting: [A],
    }),
    event: { type: 'begin', finished: { resultId: 'r1', score: SCORE } },
    to: at({ name: 'completed', run: 2, resultId: 'r1' }, { runs: 2, completed: true, score: SCORE }),
    effects: [
      { type: 'forgetEarly', key: KEY },
      { type: 'announce', status: 'completed' },
      { type: 'resolve', replies: [A] },
    ],
  },
  {
    name: 'starting, begin with a finished result → unchanged: the start under way decides',
    from: at(starting),
    event: { type: 'begin', finished: { resultId: 'r1', score: SCORE } },
    to: UNCHANGED,
    effects: [],
  },
  {
    name: 'idle, begin with a kept result not yet finished → started on the server as usual',
    from: at(idle),
    event: { type: 'begin', kept: KEPT },
    to: at(starting),
    effects: [{ type: 'startResult', run: 1 }],
  },
  {
    name: 'idle, begin with a kept result Finish was pressed on → opened from the device; no start',
    from: at(idle),
    event: { type: 'begin', kept: { ...KEPT, finishing: true } },
    to: at(starting),
    effects: [{ type: 'restoreResult', run: 1, kept: { ...KEPT, finishing: true } }],
  },
  {
    name: 'failed, retry → starting the next run',
    from: at(failed),
    event: { type: 'retry' },
    to: at({ name: 'starting', run: 2 }, { runs: 2 }),
    effects: [{ type: 'startResult', run: 2 }],
  },

  // The server's answer to a start.
  {
    name: 'starting, started → answering; early answers adopted over pending ones over the stored ones',
    from: at(starting, {
      answers: { sector: 'retail' },
      early: { key: KEY, answers: { sector: 'retail' } },
    }),
    event: started({
      questions: { name: 'Old', sector: 'farming', size: '1-4' },
      pending: { name: 'Leaf', sector: 'creative' },
    }),
    to: at(answering, { ...opened, answers: { name: 'Leaf', sector: 'retail', size: '1-4' }, unsent: 2 }),
    effects: [{ type: 'put', run: 1, questionId: 'sector', answer: 'retail' }, ...adopt()],
  },
  {
    name: 'starting, started (resumed) → answering where the respondent was',
    from: at(starting),
    event: started({ created: false, position: { sectionId: 2, slide: 1 } }),
    to: at(answering, { ...opened, resumed: true, resumePosition: { sectionId: 2, slide: 1 } }),
    effects: adopt(),
  },
  {
    name: 'starting, started (already completed) → completed; early answers are not put',
    from: at(starting, { answers: { sector: 'retail' }, early: { key: KEY, answers: { sector: 'retail' } } }),
    event: started({ completed: true, created: false, questions: { sector: 'farming' } }),
    to: at(completed, { ...opened, completed: true, resumed: true, answers: { sector: 'farming' } }),
    effects: [
      { type: 'forgetEarly', key: KEY },
      { type: 'announce', status: 'completed' },
      { type: 'flush', run: 1 },
    ],
  },
  {
    name: 'starting with Finish pressed, started → completing for the waiting reply',
    from: at(starting, { waiting: [A] }),
    event: started(),
    to: at(completing(A), opened),
    effects: [...adopt(), { type: 'completeResult', run: 1, resultId: 'r1' }],
  },
  {
    name: 'starting with Finish pressed, started (already completed) → completed, the reply resolved',
    from: at(starting, { waiting: [A] }),
    event: started({ completed: true }),
    to: at(completed, { ...opened, completed: true }),
    effects: [
      { type: 'forgetEarly', key: KEY },
      { type: 'announce', status: 'completed' },
      { type: 'flush', run: 1 },
      { type: 'resolve', replies: [A] },
    ],
  },
  {
    name: 'starting, started with Finish recorded on the device → finishing: the thank-you shows, the completion is sent',
    from: at(starting, { waiting: [A] }),
    event: started({
      created: false,
      questions: { sector: 'retail' },
      pending: { energy: 2 },
      finishing: true,
    }),
    to: at(finishing, {
      ...opened,
      answers: { sector: 'retail', energy: 2 },
      unsent: 1,
      completed: true,
      resumed: true,
    }),
    effects: [
      ...adopt(),
      { type: 'completeResult', run: 1, resultId: 'r1' },
      { type: 'resolve', replies: [A] },
    ],
  },
  {
    name: 'starting run 2, started of run 1 (superseded) → unchanged, its outbox closed',
    from: at({ name: 'starting', run: 2 }, { runs: 2 }),
    event: started({ run: 1 }),
    to: UNCHANGED,
    effects: [{ type: 'closeOutbox', run: 1 }],
  },
  {
    name: 'idle after a sign-in change, started of the ended run → unchanged, its outbox closed',
    from: at(idle, { runs: 1 }),
    event: started(),
    to: UNCHANGED,
    effects: [{ type: 'closeOutbox', run: 1 }],
  },
  {
    name: 'starting, startFailed → failed with the message',
    from: at(starting),
    event: { type: 'startFailed', run: 1, error: boom },
    to: at(failed),
    effects: [],
  },
  {
    name: 'starting, startFailed (not an Error) → failed with its text',
    from: at(starting),
    event: { type: 'startFailed', run: 1, error: 'offline' },
    to: at({ name: 'failed', run: 1, message: 'offline' }),
    effects: [],
  },
  {
    name: 'starting, startFailed for the network with a result kept on the device → opened from there',
    from: at(starting),
    event: { type: 'startFailed', run: 1, error: lost, kept: KEPT },
    to: UNCHANGED,
    effects: [{ type: 'restoreResult', run: 1, kept: KEPT }],
  },
  {
    name: 'starting, startFailed for an answer cut off on the way, with a kept result → opened from there',
    from: at(starting),
    event: { type: 'startFailed', run: 1, error: cutOff, kept: KEPT },
    to: UNCHANGED,
    effects: [{ type: 'restoreResult', run: 1, kept: KEPT }],
  },
  {
    name: 'starting, startFailed refused by the server with a kept result → failed; the refusal stands',
    from: at(starting),
    event: { type: 'startFailed', run: 1, error: refused, kept: KEPT },
    to: at({ name: 'failed', run: 1, message: 'Answer a scored question first.' }),
    effects: [],
  },
  {
    name: 'starting, startFailed for the network with nothing kept → tried again after a wait',
    from: at(starting),
    event: { type: 'startFailed', run: 1, error: lost, kept: null },
    to: at({ name: 'starting', run: 1, failures: 1 }),
    effects: [{ type: 'retryStart', run: 1, attempt: 1 }],
  },
  {
    name: 'starting after three such failures, startFailed for the network → failed, with "Try again"',
    from: at({ name: 'starting', run: 1, failures: 3 }, { waiting: [A] }),
    event: { type: 'startFailed', run: 1, error: lost },
    to: at({ name: 'failed', run: 1, message: lost.message }),
    effects: [{ type: 'reject', replies: [A], error: new Error(lost.message) }],
  },
  {
    name: 'starting with Finish pressed, startFailed → failed, the reply rejected',
    from: at(starting, { waiting: [A, B] }),
    event: { type: 'startFailed', run: 1, error: boom },
    to: at(failed),
    effects: [{ type: 'reject', replies: [A, B], error: new Error('Network down') }],
  },
  {
    name: 'starting run 2, startFailed of run 1 → unchanged',
    from: at({ name: 'starting', run: 2 }, { runs: 2 }),
    event: { type: 'startFailed', run: 1, error: boom },
    to: UNCHANGED,
    effects: [],
  },

  // A sign-in change (or leaving the survey) ends the session's result; what was shown stays.
  {
    name: 'starting, end → idle; the start under way will be ignored',
    from: at(starting, { answers: { sector: 'retail' } }),
    event: { type: 'end' },
    to: at(idle, { runs: 1, answers: { sector: 'retail' } }),
    effects: [],
  },
  {
    name: 'failed, end → idle',
    from: at(failed),
    event: { type: 'end' },
    to: at(idle, { runs: 1 }),
    effects: [],
  },
  {
    name: 'answering, end → idle, the outbox closed',
    from: at(answering, { answers: { sector: 'retail' }, saveStatus: 'retrying' }),
    event: { type: 'end' },
    to: at(idle, { runs: 1, answers: { sector: 'retail' }, saveStatus: 'retrying' }),
    effects: [{ type: 'closeOutbox', run: 1 }],
  },
  {
    name: 'completing, end → idle; the replies wait for the next result',
    from: at(completing(A), { waiting: [] }),
    event: { type: 'end' },
    to: at(idle, { runs: 1, waiting: [A] }),
    effects: [{ type: 'closeOutbox', run: 1 }],
  },
  {
    name: 'finishing, end → idle, the outbox closed, still shown as completed',
    from: at(finishing, { completed: true }),
    event: { type: 'end' },
    to: at(idle, { runs: 1, completed: true }),
    effects: [{ type: 'closeOutbox', run: 1 }],
  },
  {
    name: 'completed, end → idle, still shown as completed',
    from: at(completed, { completed: true, score: SCORE }),
    event: { type: 'end' },
    to: at(idle, { runs: 1, completed: true, score: SCORE }),
    effects: [{ type: 'closeOutbox', run: 1 }],
  },

  // Early answers: read as the hook starts listening, announced by the early slide, given here.
  ...[...notOpen, ...open].map((phase): Row => ({
    name: `${phase.name}, listening → the answers already on the device shown and kept`,
    from: at(phase, { answers: { name: 'Leaf' }, early: { key: 'old', answers: { x: 1 } } }),
    event: { type: 'listening', key: KEY, stored: { sector: 'retail' } },
    to: at(phase, {
      answers: { name: 'Leaf', sector: 'retail' },
      early: { key: KEY, answers: { sector: 'retail' } },
    }),
    effects: [],
  })),
  ...notOpen.flatMap((phase): Row[] => {
    const from = at(phase, { answers: { name: 'Leaf' }, early: { key: KEY, answers: { name: 'Leaf' } } });
    const to = at(phase, {
      answers: { name: 'Leaf', sector: 'retail' },
      early: { key: KEY, answers: { name: 'Leaf', sector: 'retail' } },
    });
    const effects: SessionEffect[] = [
      { type: 'storeEarly', key: KEY, answers: { name: 'Leaf', sector: 'retail' } },
    ];
    return [
      {
        name: `${phase.name}, answered → kept on the device until a result opens`,
        from,
        event: { type: 'answered', questionId: 'sector', answer: 'retail', delayMs: 500 },
        to,
        effects,
      },
      {
        name: `${phase.name}, earlyAnswerAnnounced → kept on the device until a result opens`,
        from,
        event: { type: 'earlyAnswerAnnounced', questionId: 'sector', answer: 'retail' },
        to,
        effects,
      },
    ];
  }),
  ...open.flatMap((phase): Row[] => [
    {
      name: `${phase.name}, answered → put in the outbox`,
      from: at(phase, { answers: { name: 'Leaf' } }),
      event: { type: 'answered', questionId: 'name', answer: 'Leafy', delayMs: 500 },
      to: at(phase, { answers: { name: 'Leafy' } }),
      effects: [{ type: 'put', run: 1, questionId: 'name', answer: 'Leafy', delayMs: 500 }],
    },
    {
      name: `${phase.name}, earlyAnswerAnnounced → put in the outbox, the device's copy forgotten`,
      from: at(phase),
      event: { type: 'earlyAnswerAnnounced', questionId: 'sector', answer: 'retail' },
      to: at(phase, { answers: { sector: 'retail' } }),
      effects: [
        { type: 'put', run: 1, questionId: 'sector', answer: 'retail' },
        { type: 'forgetEarly', key: KEY },
      ],
    },
  ]),

  // The open result's outbox, position and flushing.
  ...open.flatMap((phase): Row[] => [
    {
      name: `${phase.name}, saveStatusChanged → shown with the count of unsent answers`,
      from: at(phase),
      event: { type: 'saveStatusChanged', run: 1, status: 'offline', unsent: 7 },
      to: at(phase, { saveStatus: 'offline', unsent: 7 }),
      effects: [],
    },
    {
      name: `${phase.name}, saveStatusChanged with one more unsent answer → the count shown`,
      from: at(phase, { saveStatus: 'offline', unsent: 7 }),
      event: { type: 'saveStatusChanged', run: 1, status: 'offline', unsent: 8 },
      to: at(phase, { saveStatus: 'offline', unsent: 8 }),
      effects: [],
    },
    {
      name: `${phase.name}, saveStatusChanged to the same status and count → unchanged`,
      from: at(phase, { saveStatus: 'saving', unsent: 1 }),
      event: { type: 'saveStatusChanged', run: 1, status: 'saving', unsent: 1 },
      to: UNCHANGED,
      effects: [],
    },
    {
      name: `${phase.name}, saveStatusChanged of an ended run → unchanged`,
      from: at({ ...phase, run: 2 } as Phase, { runs: 2 }),
      event: { type: 'saveStatusChanged', run: 1, status: 'offline', unsent: 1 },
      to: UNCHANGED,
      effects: [],
    },
    {
      name: `${phase.name}, saveForbidden → leave for the dashboard`,
      from: at(phase),
      event: { type: 'saveForbidden', run: 1 },
      to: UNCHANGED,
      effects: [{ type: 'leave' }],
    },
    {
      name: `${phase.name}, saveForbidden of an ended run → unchanged`,
      from: at({ ...phase, run: 2 } as Phase, { runs: 2 }),
      event: { type: 'saveForbidden', run: 1 },
      to: UNCHANGED,
      effects: [],
    },
    {
      name: `${phase.name}, positionReached → remembered for "Continue"`,
      from: at(phase),
      event: { type: 'positionReached', position: { sectionId: 3, slide: 2 } },
      to: at(phase, { resumePosition: { sectionId: 3, slide: 2 } }),
      effects: [{ type: 'savePosition', resultId: 'r1', position: { sectionId: 3, slide: 2 } }],
    },
    {
      name: `${phase.name}, flushRequested → the outbox sends now`,
      from: at(phase),
      event: { type: 'flushRequested' },
      to: UNCHANGED,
      effects: [{ type: 'flush', run: 1 }],
    },
  ]),

  // Completing: once, after every answer is saved; Finish may be pressed before the result exists.
  ...notOpen.map((phase): Row => ({
    name: `${phase.name}, completeRequested → waits for the result`,
    from: at(phase, { waiting: [A] }),
    event: { type: 'completeRequested', reply: B },
    to: at(phase, { waiting: [A, B] }),
    effects: [],
  })),
  {
    name: 'answering, completeRequested → completing',
    from: at(answering),
    event: { type: 'completeRequested', reply: A },
    to: at(completing(A)),
    effects: [{ type: 'completeResult', run: 1, resultId: 'r1' }],
  },
  {
    name: 'answering after a refused completion, completeRequested → completing; the error goes',
    from: at(answering, { completionError: 'Answer a scored question first.' }),
    event: { type: 'completeRequested', reply: A },
    to: at(completing(A)),
    effects: [{ type: 'completeResult', run: 1, resultId: 'r1' }],
  },
  {
    name: 'finishing, completeRequested → resolved at once; the completion under way is not repeated',
    from: at(finishing, { completed: true }),
    event: { type: 'completeRequested', reply: A },
    to: UNCHANGED,
    effects: [{ type: 'resolve', replies: [A] }],
  },
  {
    name: 'completing, completeRequested (a double click) → shares the completion under way',
    from: at(completing(A)),
    event: { type: 'completeRequested', reply: B },
    to: at(completing(A, B)),
    effects: [],
  },
  {
    name: 'completed, completeRequested → resolved at once',
    from: at(completed, { completed: true }),
    event: { type: 'completeRequested', reply: A },
    to: UNCHANGED,
    effects: [{ type: 'resolve', replies: [A] }],
  },
  {
    name: 'completing, completionSucceeded → completed with the score; the position forgotten',
    from: at(completing(A, B), { saveStatus: 'saved' }),
    event: { type: 'completionSucceeded', run: 1, resultId: 'r1', score: SCORE },
    to: at(completed, { completed: true, score: SCORE }),
    effects: [
      { type: 'savePosition', resultId: 'r1', position: null },
      { type: 'rememberFinished', resultId: 'r1', score: SCORE },
      { type: 'announce', status: 'completed' },
      { type: 'resolve', replies: [A, B] },
    ],
  },
  {
    name: 'completing, completionDeferred → finishing: the thank-you shows while the network is away',
    from: at(completing(A, B), { saveStatus: 'offline', unsent: 3 }),
    event: { type: 'completionDeferred', run: 1 },
    to: at(finishing, { saveStatus: 'offline', unsent: 3, completed: true }),
    effects: [{ type: 'resolve', replies: [A, B] }],
  },
  {
    name: 'completing run 2, completionDeferred of run 1 → unchanged',
    from: at({ name: 'completing', run: 2, resultId: 'r2', replies: [A] }, { runs: 2 }),
    event: { type: 'completionDeferred', run: 1 },
    to: UNCHANGED,
    effects: [],
  },
  {
    name: "finishing, completionSucceeded → completed; the server's score replaces the waiting line",
    from: at(finishing, { completed: true }),
    event: { type: 'completionSucceeded', run: 1, resultId: 'r1', score: SCORE },
    to: at(completed, { completed: true, score: SCORE }),
    effects: [
      { type: 'savePosition', resultId: 'r1', position: null },
      { type: 'rememberFinished', resultId: 'r1', score: SCORE },
      { type: 'announce', status: 'completed' },
    ],
  },
  {
    name: "finishing, completionFailed (the server refused it) → answering again with the server's words",
    from: at(finishing, { completed: true }),
    event: { type: 'completionFailed', run: 1, error: refused },
    to: at(answering, { completionError: 'Answer a scored question first.' }),
    effects: [],
  },
  {
    name: 'idle after a sign-in change, completionSucceeded of the ended run → only the position forgotten',
    from: at(idle, { runs: 1, waiting: [A] }),
    event: { type: 'completionSucceeded', run: 1, resultId: 'r1', score: SCORE },
    to: UNCHANGED,
    effects: [{ type: 'savePosition', resultId: 'r1', position: null }],
  },
  {
    name: 'completing run 2, completionSucceeded of run 1 → only its position forgotten',
    from: at({ name: 'completing', run: 2, resultId: 'r2', replies: [A] }, { runs: 2 }),
    event: { type: 'completionSucceeded', run: 1, resultId: 'r1', score: SCORE },
    to: UNCHANGED,
    effects: [{ type: 'savePosition', resultId: 'r1', position: null }],
  },
  {
    name: 'completing, completionFailed → answering, the replies rejected with the error (Finish may retry)',
    from: at(completing(A, B)),
    event: { type: 'completionFailed', run: 1, error: boom },
    to: at(answering),
    effects: [{ type: 'reject', replies: [A, B], error: boom }],
  },
  {
    name: 'idle after a sign-in change, completionFailed of the ended run → unchanged',
    from: at(idle, { runs: 1, waiting: [A] }),
    event: { type: 'completionFailed', run: 1, error: boom },
    to: UNCHANGED,
    effects: [],
  },
];

describe('the result session machine', () => {
  it.each(rows)('$name', ({ from, event, to, effects }) => {
    const [next, actual] = transition(from, event);
    if (to === UNCHANGED) expect(next).toBe(from);
    else expect(next).toEqual(to);
    expect(actual).toEqual(effects);
  });

  // One of each event, of run 1, for the pairs no row names.
  const events: SessionEvent[] = [
    { type: 'begin' },
    { type: 'end' },
    { type: 'retry' },
    started(),
    { type: 'startFailed', run: 1, error: boom },
    { type: 'listening', key: KEY, stored: {} },
    { type: 'answered', questionId: 'name', answer: 'Leaf' },
    { type: 'earlyAnswerAnnounced', questionId: 'name', answer: 'Leaf' },
    { type: 'saveStatusChanged', run: 1, status: 'offline', unsent: 1 },
    { type: 'saveForbidden', run: 1 },
    { type: 'positionReached', position: { sectionId: 1, slide: 1 } },
    { type: 'flushRequested' },
    { type: 'completeRequested', reply: A },
    { type: 'completionDeferred', run: 1 },
    { type: 'completionSucceeded', run: 1, resultId: 'r1', score: null },
    { type: 'completionFailed', run: 1, error: boom },
  ];
  const named = new Set(rows.map((row) => `${row.from.phase.name}/${row.event.type}`));
  const others = [...notOpen, ...open].flatMap((phase) =>
    events
      .filter((event) => !named.has(`${phase.name}/${event.type}`))
      .map((event) => ({ name: `${phase.name}, ${event.type}`, phase, event })),
  );

  it('names every event', () => {
    expect(new Set(events.map((event) => event.type)).size).toBe(events.length);
    expect(others.length + named.size).toBe(events.length * (notOpen.length + open.length));
  });

  // A late report of a start or a completion still cleans up after itself.
  const cleanup: Partial<Record<SessionEvent['type'], SessionEffect[]>> = {
    started: [{ type: 'closeOutbox', run: 1 }],
    completionSucceeded: [{ type: 'savePosition', resultId: 'r1', position: null }],
  };
  it.each(others)('$name → unchanged', ({ phase, event }) => {
    const from = at(phase);
    const [next, effects] = transition(from, event);
    expect(next).toBe(from);
    expect(effects).toEqual(cleanup[event.type] ?? []);
  });

  it('shows answers given before a result is open as saving', () => {
    const answers = { name: 'Leaf' };
    expect(shownSaveStatus(at(starting, { answers }))).toBe('saving');
    expect(shownSaveStatus(at(failed, { answers, saveStatus: 'offline' }))).toBe('saving');
    expect(shownSaveStatus(at(starting))).toBe('saved');
    expect(shownSaveStatus(at(answering, { answers, saveStatus: 'offline' }))).toBe('offline');
  });
});

describe('a session, event by event', () => {
  const run = (state: SessionState, ...events: SessionEvent[]) => {
    const effects: SessionEffect[] = [];
    for (const event of events) {
      const [next, raised] = transition(state, event);
      state = next;
      effects.push(...raised);
    }
    return { state, effects };
  };

  it('keeps an answer given during a sign-in change for the next result, and completes it for a Finish pressed then', () => {
    const { state, effects } = run(
      initialSession(KEY, {}),
      { type: 'begin' },
      started(),
      { type: 'answered', questionId: 'name', answer: 'Leaf' },
      // The respondent signs in: the anonymous session's result ends.
      { type: 'end' },
      { type: 'answered', questionId: 'sector', answer: 'retail' },
      { type: 'completeRequested', reply: A },
      { type: 'begin' },
      started({ run: 2, resultId: 'r2', created: false, questions: { name: 'Leaf' } }),
    );
    expect(state.phase).toEqual({ name: 'completing', run: 2, resultId: 'r2', replies: [A] });
    expect(state.answers).toEqual({ name: 'Leaf', sector: 'retail' });
    expect(effects).toEqual([
      { type: 'startResult', run: 1 },
      ...adopt(1),
      { type: 'put', run: 1, questionId: 'name', answer: 'Leaf' },
      { type: 'closeOutbox', run: 1 },
      { type: 'storeEarly', key: KEY, answers: { sector: 'retail' } },
      { type: 'startResult', run: 2 },
      { type: 'put', run: 2, questionId: 'sector', answer: 'retail' },
      ...adopt(2),
      { type: 'completeResult', run: 2, resultId: 'r2' },
    ]);
  });

  it('finishes offline, and after a reload goes on completing from the device, once per page', () => {
    const page = run(
      at(answering),
      { type: 'answered', questionId: 'energy', answer: 2 },
      { type: 'completeRequested', reply: A },
      { type: 'completionDeferred', run: 1 },
      { type: 'completeRequested', reply: B },
    );
    expect(page.state.phase).toEqual(finishing);
    expect(page.state.completed).toBe(true);
    expect(page.effects.filter((effect) => effect.type === 'completeResult')).toHaveLength(1);
    expect(page.effects.filter((effect) => effect.type === 'resolve')).toEqual([
      { type: 'resolve', replies: [A] },
      { type: 'resolve', replies: [B] },
    ]);

    // The reload: the device's copy says Finish was pressed, and the network is still away.
    const kept = { ...KEPT, questions: { energy: 2 }, created: false, finishing: true };
    const reloaded = run(
      initialSession(KEY, {}),
      { type: 'begin', kept },
      started({ created: false, questions: { energy: 2 }, pending: { energy: 2 }, finishing: true }),
      { type: 'completionSucceeded', run: 1, resultId: 'r1', score: SCORE },
    );
    expect(reloaded.state.phase).toEqual(completed);
    expect(reloaded.state.score).toEqual(SCORE);
    expect(reloaded.effects.filter((effect) => effect.type === 'startResult')).toEqual([]);
    expect(reloaded.effects.filter((effect) => effect.type === 'completeResult')).toHaveLength(1);
  });

  it('completes once for a double click, and again only after a failure', () => {
    const { state, effects } = run(
      at(answering),
      { type: 'completeRequested', reply: A },
      { type: 'completeRequested', reply: B },
      { type: 'completionFailed', run: 1, error: boom },
      { type: 'completeRequested', reply: A },
      { type: 'completionSucceeded', run: 1, resultId: 'r1', score: null },
      { type: 'completeRequested', reply: B },
    );
    expect(state.phase).toEqual(completed);
    expect(effects.filter((effect) => effect.type === 'completeResult')).toHaveLength(2);
    expect(effects.at(-1)).toEqual({ type: 'resolve', replies: [B] });
  });
});
