// Retry waits that double with each attempt up to a cap, with "equal jitter": a random share of the
// second half of the wait is dropped, so clients that failed together (a respondent's outbox, the
// mail relay after an SMTP outage) do not all retry in the same instant.

export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/** The wait before retry number `attempt` (1-based): between half and all of min(max, initial·2^(n−1)). */
export function backoffDelay(
  attempt: number,
  { initialMs, maxMs }: Backoff,
  random: () => number = Math.random,
): number {
  const full = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + (full / 2) * Math.min(1, Math.max(0, random())));
}
