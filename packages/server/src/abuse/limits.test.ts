import { MESSAGES, retryAfter } from '@toolkit/domain';
import { ApiError } from '../api/errors';
import { openPgliteStore } from '../store/pglite';
import type { DocumentStore } from '../store/port';
import {
  COMPLETION_LIMITS,
  alarmPath,
  completionQuota,
  counterPath,
  INVITE_LIMITS,
  inviteQuota,
  networkOf,
  takeQuota,
  type Counter,
  type Quota,
} from './limits';

const MINUTE = 60_000;
const WINDOW = 10 * MINUTE;
// 12:03 UTC: the 10-minute window runs from 12:00 to 12:10.
const AT = new Date('2030-05-01T12:03:00.000Z');

let store: DocumentStore;

beforeAll(async () => {
  store = await openPgliteStore();
}, 60_000);

afterAll(() => store?.close());

let counterNumber = 0;
const counter = (max: number, subject = 'someone'): Counter => ({
  name: `test-${++counterNumber}`,
  subject,
  limit: { max, windowMs: WINDOW },
});
const quota = (counters: Counter[], at = AT): Quota => ({ counters, at, message: 'Slow down, please.' });
const take = (q: Quota) => store.transaction((tx) => takeQuota(tx, q));
const countOf = async (c: Counter, at = AT) => (await store.get(counterPath(c, at))).data?.count;

describe('takeQuota', () => {
  it('allows max actions per window, then refuses with resource-exhausted and the quota’s message', async () => {
    const c = counter(3);
    for (let i = 0; i < 3; i += 1) await take(quota([c]));
    const refused = await take(quota([c])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'resource-exhausted', message: 'Slow down, please.' });
    expect(await countOf(c)).toBe(3);
  });

  it('starts afresh in the next window and keeps each window in its own document that expires', async () => {
    const c = counter(1);
    await take(quota([c]));
    await expect(take(quota([c], new Date(AT.getTime() + 6 * MINUTE)))).rejects.toMatchObject({
      code: 'resource-exhausted',
    });
    const next = new Date(AT.getTime() + 7 * MINUTE); // 12:10, the next window
    await take(quota([c], next));
    expect(counterPath(c, next)).not.toBe(counterPath(c, AT));
    expect((await store.get(counterPath(c, AT))).data).toEqual({
      count: 1,
      expiresAt: '2030-05-01T12:10:00.000Z',
    });
    expect((await store.get(counterPath(c, next))).data).toEqual({
      count: 1,
      expiresAt: '2030-05-01T12:20:00.000Z',
    });
  });

  it('counts against every counter or none: a full one leaves the others as they were', async () => {
    const roomy = counter(10);
    const full = counter(1);
    await take(quota([full]));
    await expect(take(quota([roomy, full]))).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect(await countOf(roomy)).toBeUndefined();
    await take(quota([roomy]));
    expect(await countOf(roomy)).toBe(1);
  });

  it('writes nothing else of the transaction when the quota is full', async () => {
    const c = counter(0);
    await expect(
      store.transaction(async (tx) => {
        await takeQuota(tx, quota([c]));
        tx.set('tenants/limited', { written: true });
      }),
    ).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect((await store.get('tenants/limited')).data).toBeNull();
  });

  it('counts concurrent actions exactly', async () => {
    const c = counter(5);
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => take(quota([c]))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    expect(await countOf(c)).toBe(5);
  });

  it('keeps subjects out of paths and documents: hashed, whatever characters they hold', async () => {
    const address = '2001:db8::1/../x';
    const c = counter(2, address);
    await take(quota([c]));
    const path = counterPath(c, AT);
    expect(path).toMatch(/^rateLimits\/test-\d+-\d+-[0-9a-f]{64}$/);
    const dump = JSON.stringify(await store.exportAll());
    expect(dump).not.toContain('2001:db8');
    expect(counterPath(counter(2, 'other'), AT)).not.toBe(path);
  });
});

describe('takeQuota with an amount', () => {
  it('takes several actions at once, or none when they do not all fit', async () => {
    const c = counter(5);
    const several = (amount: number): Quota => ({ ...quota([c]), amount });
    await take(several(3));
    await expect(take(several(3))).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect(await countOf(c)).toBe(3);
    await take(several(2));
    expect(await countOf(c)).toBe(5);
  });

  it('raises an alarm it steps over, once', async () => {
    const logged: string[] = [];
    const c: Counter = { name: 'test-step', subject: 's', limit: { max: 10, alarm: 4, windowMs: WINDOW } };
    const takeLogged = (amount: number) =>
      store.transaction((tx) =>
        takeQuota(tx, { ...quota([c]), amount }, undefined, (line) => logged.push(line)),
      );
    await takeLogged(3);
    await takeLogged(3);
    await takeLogged(3);
    expect(logged).toEqual([expect.stringContaining('test-step reached 6')]);
  });
});

describe('networkOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8::1:2:3:4:5', '2001:db8:0:1::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});

describe('completionQuota', () => {
  it('counts the session, the survey and the client’s network, with the catalogue’s kind message', () => {
    const q = completionQuota(
      { uid: 'u1', ip: '2001:db8:1:2::99', tenantId: 't1', surveyId: 'quickscan' },
      AT,
    );
    expect(q.message).toBe(MESSAGES.tooManyResults);
    expect(q.counters).toEqual([
      { name: 'completion-session', subject: 'u1', limit: COMPLETION_LIMITS.session },
      { name: 'completion-ip', subject: '2001:db8:1:2::/64', limit: COMPLETION_LIMITS.ip },
      {
        name: 'completion-survey',
        subject: 't1/quickscan',
        limit: COMPLETION_LIMITS.survey,
        label: 't1/quickscan',
      },
    ]);
    expect(
      completionQuota({ uid: 'u1', tenantId: 't1', surveyId: 'quickscan' }, AT).counters.map((c) => c.name),
    ).toEqual(['completion-session', 'completion-survey']);
  });

  it('lets a new respondent complete after a flood from a handful of addresses, and raises the alarm', async () => {
    const survey = { tenantId: 'flooded', surveyId: 'quickscan' };
    const logged: string[] = [];
    const complete = (uid: string, ip: string) =>
      store
        .transaction((tx) =>
          takeQuota(tx, completionQuota({ uid, ip, ...survey }, AT), undefined, (line) => logged.push(line)),
        )
        .then(
          () => 'completed',
          (error: unknown) => (error as { code?: string }).code,
        );
    // Ten networks, each with fresh sessions, go on until every one of them is refused.
    const addresses = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);
    let completed = 0;
    for (const [a, ip] of addresses.entries()) {
      for (let i = 0; ; i += 1) {
        const outcome = await complete(`flood-${a}-${i}`, ip);
        if (outcome !== 'completed') {
          expect(outcome).toBe('resource-exhausted');
          break;
        }
        completed += 1;
      }
    }
    expect(completed).toBe(addresses.length * COMPLETION_LIMITS.ip.max);
    expect(completed).toBeGreaterThanOrEqual(COMPLETION_LIMITS.survey.alarm);

    expect(await complete('newcomer', '203.0.113.50')).toBe('completed');
    expect(logged).toEqual([expect.stringContaining('completion-survey for flooded/quickscan reached 500')]);
  });

  it('keeps the survey’s ceiling far above what a few networks can reach', () => {
    expect(COMPLETION_LIMITS.survey.max).toBeGreaterThanOrEqual(100 * COMPLETION_LIMITS.ip.max);
    expect(COMPLETION_LIMITS.survey.alarm).toBeLessThan(COMPLETION_LIMITS.survey.max);
  });
});

describe('alarms', () => {
  it('are recorded and logged once per window when a counter reaches its alarm count, without refusing', async () => {
    const logged: string[] = [];
    const c: Counter = {
      name: 'test-alarm',
      subject: 'tenant-a/survey-a',
      label: 'tenant-a/survey-a',
      limit: { max: 5, alarm: 3, windowMs: WINDOW },
    };
    const takeLogged = () =>
      store.transaction((tx) => takeQuota(tx, quota([c]), undefined, (line) => logged.push(line)));
    for (let i = 0; i < 5; i += 1) await takeLogged();
    await expect(takeLogged()).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect(logged).toEqual([
      'Abuse alarm: test-alarm for tenant-a/survey-a reached 3 in the window from 2030-05-01T12:00:00.000Z; it refuses at 5.',
    ]);
    expect((await store.get(alarmPath(c, AT))).data).toEqual({
      counter: 'test-alarm',
      label: 'tenant-a/survey-a',
      count: 3,
      max: 5,
      windowStart: '2030-05-01T12:00:00.000Z',
      expiresAt: '2030-05-31T12:00:00.000Z',
    });
    expect(alarmPath(c, AT)).toMatch(/^rateLimits\/alarm-test-alarm-\d+-[0-9a-f]{64}$/);
  });

  it('name no address or account: a counter without a label is named by its kind only', async () => {
    const logged: string[] = [];
    const c: Counter = {
      name: 'test-unlabelled',
      subject: '203.0.113.9',
      limit: { max: 5, alarm: 1, windowMs: WINDOW },
    };
    await store.transaction((tx) => takeQuota(tx, quota([c]), undefined, (line) => logged.push(line)));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain('203.0.113.9');
    expect(JSON.stringify((await store.get(alarmPath(c, AT))).data)).not.toContain('203.0.113.9');
  });
});

describe('inviteQuota', () => {
  const refusalOf = (q: Quota) =>
    take(q).then(
      () => undefined,
      (error: unknown) => error,
    );

  it('lets one account send its hourly invites, then refuses it with the time to try again', async () => {
    for (let i = 0; i < INVITE_LIMITS.account.max; i += 1) {
      await take(inviteQuota({ tenantId: 'invite-t1', uid: 'inviter-a' }, AT));
    }
    const refused = await refusalOf(inviteQuota({ tenantId: 'invite-t1', uid: 'inviter-a' }, AT));
    expect(refused).toMatchObject({ code: 'resource-exhausted' });
    // 12:03: the hour's window ends at 13:00.
    expect((refused as Error).message).toContain('Please try again after 13:00 UTC (in 57 minutes).');
    // Another account of the organisation still has its own share.
    await take(inviteQuota({ tenantId: 'invite-t1', uid: 'inviter-b' }, AT));
    // The next hour starts afresh.
    await take(
      inviteQuota({ tenantId: 'invite-t1', uid: 'inviter-a' }, new Date('2030-05-01T13:00:00.000Z')),
    );
  });

  it('limits the organisation as a whole, whichever of its accounts invites', async () => {
    const at = new Date('2030-05-01T15:59:30.000Z');
    for (let i = 0; i < INVITE_LIMITS.organisation.max; i += 1) {
      await take(inviteQuota({ tenantId: 'invite-t2', uid: `inviter-${i}` }, at));
    }
    const refused = await refusalOf(inviteQuota({ tenantId: 'invite-t2', uid: 'inviter-new' }, at));
    expect(refused).toMatchObject({ code: 'resource-exhausted' });
    expect((refused as Error).message).toContain('Please try again after 16:00 UTC (in 1 minute).');
    await take(inviteQuota({ tenantId: 'invite-t3', uid: 'inviter-new' }, at));
  });
});

describe('retryAfter', () => {
  it('names the window’s end in UTC and the whole minutes until then, rounded up', () => {
    const end = new Date('2030-05-01T09:00:00.000Z');
    expect(retryAfter(end, new Date('2030-05-01T08:17:10.000Z'))).toBe(
      'Please try again after 09:00 UTC (in 43 minutes).',
    );
  });
});
