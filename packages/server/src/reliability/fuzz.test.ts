// Fuzz: random payloads from fast-check against every callable, from a signed-out caller,
// an anonymous respondent and an owner of a paying tenant. Wrong types, huge and deeply nested
// bodies, prototype keys, control characters, and objects with the fields our requests use holding
// any of those. Never an internal error; a refused request leaves every stored document as it was;
// nothing reaches Object.prototype; and the API still answers a real request afterwards.
import fc from 'fast-check';
import { API } from '@toolkit/domain';
import { allCallables } from '../callables';
import { resultOf, snapshotStore, startTestEnv, type TestEnv } from '../testing';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

let env: TestEnv;
let callers: { name: string; token: string | undefined }[];

beforeAll(async () => {
  env = await startTestEnv({ content: true });
  const owner = await env.member('tenant-fuzz', 'owner');
  await env.onPlan('tenant-fuzz', 'leader');
  callers = [
    { name: 'signed out', token: undefined },
    { name: 'anonymous', token: (await env.anonymous()).token },
    { name: 'owner', token: owner.token },
  ];
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const nested = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: [nested(depth - 1)] });

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'line\r\nBcc: x@example.com',
    '\u202Eevil',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'tenants/other/users/x',
    '__proto__',
    '',
  ),
  fc.constant('x'.repeat(200_000)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withBigInt: false }),
  hostileString,
  fc.constantFrom(
    JSON.parse('{"__proto__": {"polluted": true}}'),
    JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
    nested(2_000),
    Array.from({ length: 20_000 }, (_, i) => i),
    Number.NaN,
    -1,
    1e308,
    true,
    null,
  ),
);

/** Objects with the names our requests use, holding anything: gets past "not an object" checks. */
const FIELDS = [
  'tenantId',
  'surveyId',
  'resultId',
  'surveyResultId',
  'questionId',
  'answer',
  'seq',
  'uid',
  'role',
  'email',
  'inviteId',
  'actionId',
  'status',
  'planId',
  'id',
  'ratings',
  'prefill',
];
const requestLike = fc.dictionary(fc.constantFrom(...FIELDS, '__proto__', 'constructor'), hostileValue, {
  maxKeys: 6,
});

const payload = fc.oneof(hostileValue, requestLike);

describe.each(allCallables.map((handler) => handler.name))('%s', (name) => {
  it('answers random payloads without an internal error, and a refusal changes nothing', async () => {
    const refusals = new Set<string>();
    // The store as a refusal left it: the next run starts from it, so it is not read again (an
    // accepted request may have changed the store, so the run after one reads it afresh).
    let keptBefore: string | null = null;
    await fc.assert(
      fc.asyncProperty(payload, fc.constantFrom(...callers), async (data, caller) => {
        const before = keptBefore ?? (await snapshotStore(env.store));
        keptBefore = null;
        const response = await env.call(name, data, caller.token);
        const error = (response.body as { error?: { status?: string } }).error;
        expect({ caller: caller.name, status: error?.status }).not.toEqual({
          caller: caller.name,
          status: 'INTERNAL',
        });
        expect(response.status).toBeLessThan(500);
        if (response.status !== 200) {
          refusals.add(String(error?.status));
          const after = await snapshotStore(env.store);
          expect(after).toBe(before);
          keptBefore = after;
        }
      }),
      { numRuns: RUNS },
    );
    // The payloads reach the checks: random data is refused as a bad request or a bad caller.
    expect(refusals.size).toBeGreaterThan(0);
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);
});

it('still answers a real request after the fuzzing', async () => {
  const respondent = await env.anonymous();
  expect(
    resultOf<{ created: boolean }>(
      await env.call(
        API.startResult,
        { tenantId: 'demo-publisher', surveyId: 'quickscan' },
        respondent.token,
      ),
    ),
  ).toMatchObject({ created: true });
});
