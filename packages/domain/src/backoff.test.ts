import { backoffDelay } from './backoff';

const BACKOFF = { initialMs: 1000, maxMs: 30_000 };

it('doubles the wait with each attempt up to the cap', () => {
  expect([1, 2, 3, 4, 5, 6, 20].map((n) => backoffDelay(n, BACKOFF, () => 1))).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000,
  ]);
});

it('spreads retries over the second half of each wait, never below half', () => {
  expect(backoffDelay(3, BACKOFF, () => 0)).toBe(2000);
  expect(backoffDelay(3, BACKOFF, () => 0.5)).toBe(3000);
  const waits = new Set(Array.from({ length: 50 }, () => backoffDelay(6, BACKOFF)));
  expect(waits.size).toBeGreaterThan(1);
  for (const wait of waits) expect(wait >= 15_000 && wait <= 30_000).toBe(true);
});
