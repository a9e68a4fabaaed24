// Manage alerts and the expert request over the real Auth emulator, PGlite and the local content
// service: who may change the alerts, every address validated, and the mails each alert adds.
import { API, SERVER_ERRORS, type AlertRecipients, type ApiResponses } from '@toolkit/domain';
import { ALERT_LIMITS } from '../../abuse/limits';
import { paths } from '../../repositories/paths';
import type { DocData } from '../../store/port';
import {
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const PUBLISHER = 'demo-publisher';
let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

/** Saves one scored answer, so completing the result is not refused as empty. */
const answerOneScored = async (account: TestAccount, resultId: string) =>
  resultOf(
    await env.call(
      API.saveAnswer,
      {
        tenantId: PUBLISHER,
        surveyId: 'quickscan',
        resultId,
        questionId: 'energy-tracking',
        answer: 0,
        seq: 1,
      },
      account.token,
    ),
  );

const alerts = (overrides: Partial<AlertRecipients> = {}): AlertRecipients => ({
  newResult: [],
  newTeamMember: [],
  expertRequest: [],
  ...overrides,
});

async function mails(): Promise<DocData[]> {
  return (await env.store.query(paths.mail())).flatMap(({ data }) => (data ? [data] : []));
}

const mailsTo = async (address: string) =>
  (await mails()).filter((mail) => (mail.to as string[]).includes(address));

/** The tokens of the confirmation links mailed to an address, in no particular order. */
async function linksTo(address: string): Promise<string[]> {
  return (await mailsTo(address)).flatMap((mail) => {
    const token = /\/alerts\/confirm#([\w-]{43})"/.exec(String((mail.message as DocData).html))?.[1];
    return token ? [token] : [];
  });
}

const confirm = (token: string) => env.call(API.confirmAlertRecipient, { token });

/** Lists an address outside the organisation and confirms it by the link it was mailed. */
async function confirmedRecipient(owner: TestAccount, overrides: Partial<AlertRecipients>) {
  resultOf(await env.call(API.saveAlerts, alerts(overrides), owner.token));
  const address = Object.values(overrides).flat()[0]!;
  const [token] = await linksTo(address);
  resultOf(await confirm(token!));
}

/** An editor of the organisation whose address was never proven. */
async function unverifiedOwner(tenantId: string): Promise<TestAccount> {
  const account = await env.account({ verified: false, claims: { tenantId, role: 'owner' } });
  await env.store.set(paths.globalUser(account.uid), { email: account.email, tenants: [tenantId] });
  await env.store.set(paths.tenantUser(tenantId, account.uid), {
    email: account.email,
    firstName: 'Una',
    lastName: 'Proven',
    tenantId,
    role: 'owner',
  });
  return account;
}

/** A business that joined the quickscan toolkit (published by demo-publisher). */
async function business() {
  const tenantId = `manage-business-${++tenants}`;
  await env.store.set(paths.tenant(tenantId), {
    createdBy: 'system',
    getStarted: true,
    toolkit: 'quickscan',
  });
  await env.store.set(paths.organisation(tenantId), { name: `Harbour <Bakery> ${tenants}` });
  return tenantId;
}

describe('alerts', () => {
  it('are read and changed by owners, admins, billing and editors, and by no viewer or user', async () => {
    const tenantId = await business();
    const editor = await env.member(tenantId, 'editor');
    for (const role of ['viewer', 'user'] as const) {
      const member = await env.member(tenantId, role);
      const before = await snapshotStore(env.store);
      expect(errorOf(await env.call(API.getAlerts, null, member.token))).toMatchObject({
        status: 'PERMISSION_DENIED',
        message: SERVER_ERRORS.manageAlertsRequired,
      });
      expect(errorOf(await env.call(API.saveAlerts, alerts(), member.token)).status).toBe(
        'PERMISSION_DENIED',
      );
      expect(await snapshotStore(env.store)).toBe(before);
    }
    expect(resultOf(await env.call(API.getAlerts, null, editor.token))).toEqual({
      alerts: alerts(),
      pending: [],
    });
    const saved = resultOf(
      await env.call(
        API.saveAlerts,
        alerts({ newTeamMember: ['Ana@Example.com', 'ana@example.com', 'ben@example.com'] }),
        editor.token,
      ),
    );
    // Addresses are kept in lower case, each once; outside the organisation they wait for their link.
    expect(saved).toEqual({
      alerts: alerts({ newTeamMember: ['ana@example.com', 'ben@example.com'] }),
      pending: ['ana@example.com', 'ben@example.com'],
    });
    expect(resultOf(await env.call(API.getAlerts, null, editor.token))).toEqual(saved);
  });

  it('refuses an invalid address or too many, naming the list, and changes nothing', async () => {
    const owner = await env.member(await business(), 'owner');
    resultOf(await env.call(API.saveAlerts, alerts({ newTeamMember: ['kept@example.com'] }), owner.token));
    const before = await snapshotStore(env.store);
    const bad = errorOf(
      await env.call(
        API.saveAlerts,
        alerts({ expertRequest: ['ok@example.com', 'not an address'] }),
        owner.token,
      ),
    );
    expect(bad.status).toBe('INVALID_ARGUMENT');
    expect(bad.message).toContain('expertRequest');
    const many = Array.from({ length: 11 }, (_, i) => `person${i}@example.com`);
    const tooMany = errorOf(await env.call(API.saveAlerts, alerts({ newResult: many }), owner.token));
    expect(tooMany).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining('At most 10'),
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it("adds a publisher's new-result recipients to the survey definition's for each completed result", async () => {
    const owner = await env.member(PUBLISHER, 'owner');
    await confirmedRecipient(owner, { newResult: ['results-desk@example.com'] });
    const respondent = await env.anonymous();
    const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: 'quickscan' }, respondent.token),
    );
    await answerOneScored(respondent, resultId);
    resultOf(
      await env.call(
        API.completeResult,
        { tenantId: PUBLISHER, surveyId: 'quickscan', resultId },
        respondent.token,
      ),
    );
    const notification = (await mails()).find((mail) =>
      String(mail.message && (mail.message as DocData).html).includes(resultId),
    );
    expect(notification).toMatchObject({
      to: ['sustainability-team@demo-publisher.example', 'results-desk@example.com'],
      bcc: ['records@demo-publisher.example'],
    });
  });

  it('tells the new-team-member recipients about each invite', async () => {
    const tenantId = await business();
    const owner = await env.member(tenantId, 'owner');
    await confirmedRecipient(owner, { newTeamMember: ['office@example.com'] });
    resultOf(
      await env.call(
        API.createInvite,
        { email: 'new-colleague@example.com', surveyId: 'quickscan' },
        owner.token,
      ),
    );
    const alert = (await mailsTo('office@example.com')).find((mail) =>
      String((mail.message as DocData).subject).startsWith('New team member'),
    );
    expect(alert).toMatchObject({
      message: { subject: `New team member in Harbour <Bakery> ${tenants}: new-colleague@example.com` },
    });
    // The organisation's name is escaped in the body.
    expect((alert!.message as DocData).html).toContain('Harbour &lt;Bakery&gt;');
  });
});

describe('alert recipients', () => {
  const completeOne = async () => {
    const respondent = await env.anonymous();
    const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: 'quickscan' }, respondent.token),
    );
    await answerOneScored(respondent, resultId);
    resultOf(
      await env.call(
        API.completeResult,
        { tenantId: PUBLISHER, surveyId: 'quickscan', resultId },
        respondent.token,
      ),
    );
    return resultId;
  };
  const notifiedOf = async (resultId: string) =>
    (await mails()).find((mail) => String((mail.message as DocData).html).includes(resultId))?.to;

  it('outside the organisation get a confirmation link and no alert until they open it', async () => {
    const owner = await env.member(PUBLISHER, 'owner');
    await env.store.set(paths.organisation(PUBLISHER), { name: 'Demo Publisher' }, { merge: true });
    const outsider = `outsider-${Date.now()}@example.com`;
    const saved = resultOf<ApiResponses[typeof API.saveAlerts]>(
      await env.call(API.saveAlerts, alerts({ newResult: [outsider] }), owner.token),
    );
    expect(saved.pending).toEqual([outsider]);
    expect(resultOf(await env.call(API.getAlerts, null, owner.token))).toEqual(saved);

    const [request] = await mailsTo(outsider);
    expect(request?.message).toMatchObject({
      subject: 'Please confirm notifications from the Sustainability Toolkit for Demo Publisher',
    });
    const html = String((request!.message as DocData).html);
    expect(html).toContain(owner.email);
    expect(html).toContain('New results');
    // Nothing reaches the address before it confirms.
    expect(await notifiedOf(await completeOne())).not.toContain(outsider);

    const [token] = await linksTo(outsider);
    const answer = resultOf(await confirm(token!));
    expect(answer).toEqual({ email: outsider, organisationName: 'Demo Publisher', kinds: ['newResult'] });
    expect(resultOf(await env.call(API.getAlerts, null, owner.token))).toMatchObject({ pending: [] });
    expect(await notifiedOf(await completeOne())).toContain(outsider);
    // Opening the link again says the same and changes nothing.
    const before = await snapshotStore(env.store);
    expect(resultOf(await confirm(token!))).toEqual(answer);
    expect(await snapshotStore(env.store)).toBe(before);
    // Once confirmed, saving the list again keeps it confirmed and mails nothing more.
    resultOf(await env.call(API.saveAlerts, alerts({ newResult: [outsider] }), owner.token));
    expect(await mailsTo(outsider)).toHaveLength(2);
    // Taken off the list, the address is told so by its old link.
    resultOf(await env.call(API.saveAlerts, alerts(), owner.token));
    expect(errorOf(await confirm(token!))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.alertRecipientRemoved,
    });
  }, 60_000);

  it('who are members with a proven address receive alerts at once; an unproven one waits', async () => {
    const tenantId = await business();
    const owner = await env.member(tenantId, 'owner');
    const colleague = await env.member(tenantId, 'viewer');
    const unproven = await unverifiedOwner(tenantId);
    const saved = resultOf<ApiResponses[typeof API.saveAlerts]>(
      await env.call(
        API.saveAlerts,
        alerts({ newTeamMember: [colleague.email.toUpperCase(), unproven.email] }),
        owner.token,
      ),
    );
    expect(saved.pending).toEqual([unproven.email]);
    expect(await linksTo(colleague.email)).toEqual([]);
    expect(await linksTo(unproven.email)).toHaveLength(1);
    resultOf(
      await env.call(
        API.createInvite,
        { email: `joiner-${tenantId}@example.com`, surveyId: 'quickscan' },
        owner.token,
      ),
    );
    const announced = (await mails()).find((mail) =>
      String((mail.message as DocData).subject).endsWith(`joiner-${tenantId}@example.com`),
    );
    expect(announced?.to).toEqual([colleague.email]);
  });

  it('are not mailed twice for one pending confirmation, and a removed address stops its link', async () => {
    const tenantId = await business();
    const owner = await env.member(tenantId, 'owner');
    const outsider = `twice-${tenantId}@example.com`;
    for (let i = 0; i < 3; i += 1) {
      resultOf(await env.call(API.saveAlerts, alerts({ newTeamMember: [outsider] }), owner.token));
    }
    const [token] = await linksTo(outsider);
    expect(await linksTo(outsider)).toHaveLength(1);
    resultOf(await env.call(API.saveAlerts, alerts(), owner.token));
    const before = await snapshotStore(env.store);
    expect(errorOf(await confirm(token!))).toEqual({
      status: 'NOT_FOUND',
      message: SERVER_ERRORS.alertLinkNotValid,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('confirm within a week; later the link has expired and the next save mails a new one', async () => {
    const tenantId = await business();
    const owner = await env.member(tenantId, 'owner');
    const outsider = `late-${tenantId}@example.com`;
    resultOf(await env.call(API.saveAlerts, alerts({ newTeamMember: [outsider] }), owner.token));
    const [first] = await linksTo(outsider);
    const realNow = env.deps.now;
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    env.deps.now = () => later;
    try {
      const before = await snapshotStore(env.store);
      expect(errorOf(await confirm(first!))).toEqual({
        status: 'FAILED_PRECONDITION',
        message: SERVER_ERRORS.alertLinkExpired(7),
      });
      expect(await snapshotStore(env.store)).toBe(before);
      resultOf(await env.call(API.saveAlerts, alerts({ newTeamMember: [outsider] }), owner.token));
      const links = await linksTo(outsider);
      expect(links).toHaveLength(2);
      expect(errorOf(await confirm(first!)).status).toBe('NOT_FOUND');
      const fresh = links.find((token) => token !== first);
      expect(resultOf(await confirm(fresh!))).toMatchObject({ email: outsider });
    } finally {
      env.deps.now = realNow;
    }
  });

  it('that only a publisher is offered are refused when a business changes them, and kept as stored otherwise', async () => {
    const tenantId = await business();
    const owner = await env.member(tenantId, 'owner');
    // Set before a business was offered only its own list: saved back as stored, it stays.
    await env.store.set(paths.alerts(tenantId), { expertRequest: ['earlier@example.com'] });
    const kept = alerts({ expertRequest: ['earlier@example.com'] });
    const before = await snapshotStore(env.store);
    for (const [list, title] of [
      ['newResult', 'New results'],
      ['expertRequest', 'Expert requests'],
    ] as const) {
      const refused = errorOf(
        await env.call(API.saveAlerts, { ...kept, [list]: ['someone@example.com'] }, owner.token),
      );
      // Named beside the list it refuses, as the form shows the server's words.
      expect(refused).toEqual({
        status: 'INVALID_ARGUMENT',
        message: SERVER_ERRORS.alertsForPublishersOnly(title),
        details: { fields: [list], problems: { [list]: SERVER_ERRORS.alertsForPublishersOnly(title) } },
      });
      expect(refused.message).toBe(
        `${title} reach the publisher of the survey or toolkit, not a business: leave that list as it is.`,
      );
    }
    expect(errorOf(await env.call(API.saveAlerts, alerts(), owner.token)).status).toBe('INVALID_ARGUMENT');
    expect(await snapshotStore(env.store)).toBe(before);

    const saved = resultOf<ApiResponses[typeof API.saveAlerts]>(
      await env.call(API.saveAlerts, { ...kept, newTeamMember: [owner.email] }, owner.token),
    );
    expect(saved.alerts).toEqual({ ...kept, newTeamMember: [owner.email] });
  });

  it('refuse a token nobody was sent, kindly, and a malformed one naming the field', async () => {
    expect(errorOf(await confirm('A'.repeat(43)))).toEqual({
      status: 'NOT_FOUND',
      message: SERVER_ERRORS.alertLinkNotValid,
    });
    const bad = errorOf(await env.call(API.confirmAlertRecipient, { token: 'short' }));
    expect(bad.status).toBe('INVALID_ARGUMENT');
    expect(bad.message).toContain('token');
  });

  it('are saved only by an editor whose own address is proven', async () => {
    const tenantId = await business();
    const unproven = await unverifiedOwner(tenantId);
    const before = await snapshotStore(env.store);
    expect(
      errorOf(await env.call(API.saveAlerts, alerts({ newResult: ['x@example.com'] }), unproven.token)),
    ).toEqual({
      status: 'PERMISSION_DENIED',
      message: SERVER_ERRORS.emailNotVerified,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('are saved a limited number of times an hour, each confirmation mail counting, per account and per organisation', async () => {
    // A publisher, offered two lists, so one save can mail more new addresses than a list holds.
    const tenantId = 'coastal-council';
    const at = new Date('2030-06-01T09:41:00.000Z');
    const realNow = env.deps.now;
    env.deps.now = () => at;
    try {
      const outsiders = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => `limit-${tenantId}-${from + i}@example.com`);
      const save = (account: TestAccount, newResult: string[], newTeamMember: string[] = []) =>
        env.call(API.saveAlerts, alerts({ newResult, newTeamMember }), account.token);
      const first = await env.member(tenantId, 'owner');
      const list = outsiders(0, 10);
      // Ten links mailed: the save takes eleven of the account's hour.
      resultOf(await save(first, list));
      let used = 11;
      // Saving again mails nobody: one each.
      for (; used < ALERT_LIMITS.account.max - 10; used += 1) resultOf(await save(first, list));

      const before = await snapshotStore(env.store);
      const refused = errorOf(await save(first, list, outsiders(10, 10)));
      expect(refused).toEqual({
        status: 'RESOURCE_EXHAUSTED',
        message: SERVER_ERRORS.tooManyAlertChanges(new Date('2030-06-01T10:00:00.000Z'), at),
      });
      expect(refused.message).toContain('10:00 UTC (in 19 minutes)');
      expect(await snapshotStore(env.store)).toBe(before);
      // Nine new addresses still fit, and then nothing more this hour.
      resultOf(await save(first, list, outsiders(10, 9)));
      expect(await linksTo(outsiders(10, 1)[0]!)).toHaveLength(1);
      expect(errorOf(await save(first, list)).status).toBe('RESOURCE_EXHAUSTED');

      // The organisation's other accounts share its own limit.
      const second = await env.member(tenantId, 'admin');
      const orgLeft = ALERT_LIMITS.organisation.max - ALERT_LIMITS.account.max;
      for (let i = 0; i < orgLeft; i += 1) resultOf(await save(second, list));
      const third = await env.member(tenantId, 'admin');
      expect(errorOf(await save(third, list)).status).toBe('RESOURCE_EXHAUSTED');
      // Another organisation is not held up.
      resultOf(await save(await env.member(PUBLISHER, 'owner'), list));
    } finally {
      env.deps.now = realNow;
    }
  }, 60_000);
});

describe('expert requests', () => {
  const ask = (account: TestAccount, data: Record<string, unknown> = {}) =>
    env.call(
      API.requestExpert,
      { topic: 'CLIMATE', message: 'How do we start measuring our footprint?', contact: 'email', ...data },
      account.token,
    );

  it("go to the toolkit publisher's expert recipients, escaped, with a copy to the requester", async () => {
    const publisherOwner = await env.member(PUBLISHER, 'owner');
    await confirmedRecipient(publisherOwner, { expertRequest: ['experts@demo-publisher.example'] });
    const tenantId = await business();
    const member = await env.member(tenantId, 'viewer');
    const message = 'We run <b>two</b> ovens.\nWhere do we start?';
    const answer = resultOf<ApiResponses[typeof API.requestExpert]>(
      await ask(member, { message, contact: 'phone', phone: '+61 2 5550 1234' }),
    );
    expect(answer).toEqual({ status: 'sent', requestId: expect.any(String), to: member.email });
    const stored = await env.store.get(paths.expertRequest(tenantId, answer.requestId));
    expect(stored.data).toMatchObject({
      topic: 'CLIMATE',
      message,
      contact: 'phone',
      phone: '+61 2 5550 1234',
      sentTo: ['experts@demo-publisher.example'],
    });
    const all = await mails();
    const toExperts = all.find(
      (mail) =>
        (mail.to as string[]).includes('experts@demo-publisher.example') &&
        String((mail.message as DocData).subject).startsWith('Expert request'),
    )!;
    const html = (toExperts.message as DocData).html as string;
    expect(html).toContain('We run &lt;b&gt;two&lt;/b&gt; ovens.<br>Where do we start?');
    expect(html).toContain('phone, on +61 2 5550 1234');
    expect(html).not.toContain('<b>two</b>');
    const copy = all.find((mail) => (mail.to as string[]).includes(member.email))!;
    expect((copy.message as DocData).subject).toBe('We received your expert request: Climate');
  });

  it('allow a few per hour per member, then refuse kindly without sending more mail', async () => {
    const member = await env.member(await business(), 'owner');
    for (let i = 0; i < 3; i++) resultOf(await ask(member));
    const before = await snapshotStore(env.store);
    expect(errorOf(await ask(member))).toEqual({
      status: 'RESOURCE_EXHAUSTED',
      message: SERVER_ERRORS.tooManyExpertRequests,
    });
    expect(await snapshotStore(env.store)).toBe(before);
  });

  it('need a phone number to be called on, and a toolkit to ask', async () => {
    const member = await env.member(await business(), 'owner');
    const noPhone = errorOf(await ask(member, { contact: 'phone' }));
    expect(noPhone).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringContaining('phone') });
    await env.store.set(paths.tenant('no-toolkit'), { createdBy: 'system', getStarted: true });
    const loner = await env.member('no-toolkit', 'owner');
    expect(errorOf(await ask(loner))).toEqual({
      status: 'FAILED_PRECONDITION',
      message: SERVER_ERRORS.noExperts,
    });
  });
});
