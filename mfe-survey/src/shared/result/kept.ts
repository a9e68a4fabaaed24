// The open result as this device last knew it (localStorage, per survey, respondent and invite): what
// the start answered, each answer given since, and whether Finish was pressed. A reload without a
// network opens it from here instead of from the server, and a completion recorded here is sent
// once the network is back (docs/behaviour.md, Answering offline).
import type { AnswerValue } from '@toolkit/domain';

export interface KeptResult {
  resultId: string;
  /** The server's answers at the start, with every answer given on this device since. */
  questions: Record<string, AnswerValue>;
  scoredQuestions: string[];
  /** The highest save order the server had stored per question at the start. */
  seqs: Record<string, number>;
  created: boolean;
  /** Finish was pressed: the result is completed on the server as soon as it can be reached. */
  finishing: boolean;
}

/** Whose result it is: the same respondent on the same survey (and invite) finds it again. */
export interface KeptOwner {
  tenantId: string;
  surveyId: string;
  uid: string | null;
  inviteId: string | null;
}

const keptKey = ({ tenantId, surveyId, uid, inviteId }: KeptOwner) =>
  `toolkit:survey-result:v1:${tenantId}/${surveyId}/${uid ?? ''}/${inviteId ?? ''}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kept result of `owner`; with `resultId`, only if it is that result. */
export function loadKept(
  storage: Storage | null,
  owner: KeptOwner,
  resultId?: string | null,
): KeptResult | null {
  if (owner.uid === null) return null;
  try {
    const value: unknown = JSON.parse(storage?.getItem(keptKey(owner)) ?? 'null');
    if (!isRecord(value) || typeof value.resultId !== 'string') return null;
    const { questions, scoredQuestions, seqs } = value;
    if (!isRecord(questions) || !isRecord(seqs) || !Array.isArray(scoredQuestions)) return null;
    if (resultId && resultId !== value.resultId) return null;
    return {
      resultId: value.resultId,
      questions: questions as Record<string, AnswerValue>,
      scoredQuestions: scoredQuestions.filter((id): id is string => typeof id === 'string'),
      seqs: Object.fromEntries(
        Object.entries(seqs).filter((entry): entry is [string, number] => Number.isInteger(entry[1])),
      ),
      created: value.created === true,
      finishing: value.finishing === true,
    };
  } catch {
    // Unreadable: nothing is kept.
    return null;
  }
}

export function saveKept(storage: Storage | null, owner: KeptOwner, kept: KeptResult): void {
  if (owner.uid === null) return;
  try {
    storage?.setItem(keptKey(owner), JSON.stringify(kept));
  } catch {
    // Storage full or blocked: a reload without a network then cannot open it, as before.
  }
}

/** Changes the kept result `resultId`, if it is the one kept. */
export function updateKept(
  storage: Storage | null,
  owner: KeptOwner,
  resultId: string,
  change: (kept: KeptResult) => KeptResult,
): void {
  const kept = loadKept(storage, owner, resultId);
  if (kept) saveKept(storage, owner, change(kept));
}

/** Forgets the kept result `resultId` (the server completed it), if it is the one kept. */
export function forgetKept(storage: Storage | null, owner: KeptOwner, resultId: string): void {
  if (!loadKept(storage, owner, resultId)) return;
  try {
    storage?.removeItem(keptKey(owner));
  } catch {
    // Blocked storage kept nothing either.
  }
}

/**
 * The answers given since the kept result was last written, written together: a typed answer once
 * the typing pauses (the outbox's debounce, so the copy is written when the answer is sent), any
 * other at once, and all of them whenever `write` is called (moving on, Finish, leaving the page).
 */
export class KeptAnswers {
  private answers: Record<string, AnswerValue> = {};
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly storage: Storage | null,
    private readonly owner: KeptOwner,
    private readonly resultId: string,
  ) {}

  put(questionId: string, answer: AnswerValue, delayMs = 0): void {
    this.answers[questionId] = answer;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (delayMs > 0) this.timer = setTimeout(() => this.write(), delayMs);
    else this.write();
  }

  write(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const answers = this.answers;
    if (Object.keys(answers).length === 0) return;
    this.answers = {};
    updateKept(this.storage, this.owner, this.resultId, (kept) => ({
      ...kept,
      questions: { ...kept.questions, ...answers },
    }));
  }
}
