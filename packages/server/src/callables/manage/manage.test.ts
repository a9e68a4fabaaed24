// Manage alerts and the expert request over the real Auth emulator, PGlite and the local content
// service: who may change the alerts, every address validated, and the mails each alert adds.
import { API, SERVER_ERRORS, type AlertRecipients, type ApiResponses } from '@toolkit/domain';
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
  env = await startTestEnv({ authPort: 9432, content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const alerts = (overrides: Partial<AlertRecipients> = {}): AlertRecipients => ({
  newResult: [],
  newTeamMember: [],
  expertRequest: [],
  ...overrides,
});

async function mails(): Promise<DocData[]> {
  return (await env.store.query(paths.mail())).flatMap(({ data }) => (data ? [data] : []));
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
    expect(resultOf(await env.call(API.getAlerts, null, editor.token))).toEqual({ alerts: alerts() });
    const saved = resultOf(
      await env.call(
        API.saveAlerts,
        alerts({ newResult: ['Ana@Example.com', 'ana@example.com', 'ben@example.com'] }),
        editor.token,
      ),
    );
    // Addresses are kept in lower case, each once.
    expect(saved).toEqual({ alerts: alerts({ newResult: ['ana@example.com', 'ben@example.com'] }) });
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
    resultOf(
      await env.call(API.saveAlerts, alerts({ newResult: ['results-desk@example.com'] }), owner.token),
    );
    const respondent = await env.anonymous();
    const { resultId } = resultOf<ApiResponses[typeof API.startResult]>(
      await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: 'quickscan' }, respondent.token),
    );
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
    resultOf(await env.call(API.saveAlerts, alerts({ newTeamMember: ['office@example.com'] }), owner.token));
    resultOf(
      await env.call(
        API.createInvite,
        { email: 'new-colleague@example.com', surveyId: 'quickscan' },
        owner.token,
      ),
    );
    const alert = (await mails()).find((mail) => (mail.to as string[]).includes('office@example.com'));
    expect(alert).toMatchObject({
      message: { subject: `New team member in Harbour <Bakery> ${tenants}: new-colleague@example.com` },
    });
    // The organisation's name is escaped in the body.
    expect((alert!.message as DocData).html).toContain('Harbour &lt;Bakery&gt;');
  });
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
    resultOf(
      await env.call(
        API.saveAlerts,
        alerts({ expertRequest: ['experts@demo-publisher.example'] }),
        publisherOwner.token,
      ),
    );
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
    const toExperts = all.find((mail) => (mail.to as string[]).includes('experts@demo-publisher.example'))!;
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
