// Injection: over a hundred hostile strings — script tags, event handlers, javascript:
// links, broken and nested markup, encodings, template syntax, header line breaks — written where
// users write: a survey link's respondent names, the organisation named in an answer, an
// organisation's name and an expert request's message. Each is refused as a bad request or kept as
// text: in every e-mail it reaches, parsed as HTML, no script element, event handler or javascript:
// link appears, the string never appears as raw markup, and no header carries a line break.
import { JSDOM } from 'jsdom';
import { API } from '@toolkit/domain';
import { paths } from '../repositories/paths';
import { errorOf, resultOf, startTestEnv, type TestEnv } from '../testing';
import { HOSTILE_STRINGS as PAYLOADS } from '../testing/hostile-strings';

const PUBLISHER = 'demo-publisher';
const SURVEY = 'quickscan';

let env: TestEnv;
let tenants = 0;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

interface Mail {
  to: string[];
  message: { subject: string; html: string };
}

const mails = async (): Promise<(Mail & { id: string })[]> =>
  (await env.store.query(paths.mail())).map((doc) => ({ id: doc.id, ...(doc.data as unknown as Mail) }));

/** What would make a mail client run or send something the user wrote. */
function expectSafe(mail: Mail, payload: string) {
  const { subject, html } = mail.message;
  expect(subject).not.toMatch(/[\r\n]/);
  const { document } = new JSDOM(html).window;
  expect(
    document.querySelectorAll('script, iframe, object, embed, base, meta[http-equiv], form, style'),
  ).toHaveLength(0);
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      expect({ payload, attribute }).not.toEqual({ payload, attribute: expect.stringMatching(/^on/i) });
    }
    for (const link of ['href', 'src', 'action']) {
      expect(element.getAttribute(link) ?? '').not.toMatch(/^\s*javascript:/i);
    }
  }
  if (/[<>]/.test(payload)) expect(html).not.toContain(payload);
}

it(`has at least 100 payloads (${PAYLOADS.length})`, () => {
  expect(new Set(PAYLOADS).size).toBeGreaterThanOrEqual(100);
});

it('respondent names and the organisation they answer reach the notification only as text', async () => {
  let mailed = 0;
  let accepted = 0;
  for (const payload of PAYLOADS) {
    const respondent = await env.anonymous();
    let started = await env.call(
      API.startResult,
      {
        tenantId: PUBLISHER,
        surveyId: SURVEY,
        prefill: { respondent: { firstName: payload, lastName: 'Okafor' } },
      },
      respondent.token,
    );
    if (started.status !== 200) {
      expect(errorOf(started).status).toBe('INVALID_ARGUMENT');
      started = await env.call(API.startResult, { tenantId: PUBLISHER, surveyId: SURVEY }, respondent.token);
    }
    const { resultId } = resultOf<{ resultId: string }>(started);
    const saved = await env.call(
      API.saveAnswer,
      {
        tenantId: PUBLISHER,
        surveyId: SURVEY,
        resultId,
        questionId: 'company-name',
        answer: payload,
        seq: 1,
      },
      respondent.token,
    );
    if (saved.status === 200) accepted += 1;
    else expect(errorOf(saved).status).toBe('INVALID_ARGUMENT');
    // One scored answer, so the completion is not refused as empty.
    resultOf(
      await env.call(
        API.saveAnswer,
        { tenantId: PUBLISHER, surveyId: SURVEY, resultId, questionId: 'energy-tracking', answer: 0, seq: 2 },
        respondent.token,
      ),
    );
    resultOf(
      await env.call(
        API.completeResult,
        { tenantId: PUBLISHER, surveyId: SURVEY, resultId },
        respondent.token,
      ),
    );
    const notification = (await mails()).find((mail) => mail.message.html.includes(resultId));
    expect(notification).toBeDefined();
    expectSafe(notification!, payload);
    mailed += 1;
  }
  expect(mailed).toBe(PAYLOADS.length);
  // Most are ordinary text to the server, and so reach the mail: the check is not a vacuous one.
  expect(accepted).toBeGreaterThan(PAYLOADS.length / 2);
}, 300_000);

it("an organisation's name and an expert request's message reach the experts and the copy only as text", async () => {
  let sentFor = 0;
  for (const payload of PAYLOADS) {
    const tenantId = `injection-${++tenants}`;
    await env.store.set(paths.tenant(tenantId), {
      createdBy: 'system',
      getStarted: true,
      toolkit: 'quickscan',
    });
    const owner = await env.member(tenantId, 'owner');
    await env.call(API.saveOrganisation, { name: payload }, owner.token);
    const before = new Set((await mails()).map((mail) => mail.id));
    const asked = await env.call(
      API.requestExpert,
      { topic: 'CLIMATE', message: `Where do we start? ${payload}`, contact: 'email' },
      owner.token,
    );
    const sent = (await mails()).filter((mail) => !before.has(mail.id));
    // Sent to the experts and copied to the member, or refused as a bad request with nothing sent.
    if (asked.status === 200) {
      expect(sent).toHaveLength(2);
      sentFor += 1;
    } else {
      expect(errorOf(asked).status).toBe('INVALID_ARGUMENT');
      expect(sent).toHaveLength(0);
    }
    for (const mail of sent) expectSafe(mail, payload);
  }
  expect(sentFor).toBeGreaterThan(PAYLOADS.length / 2);
}, 300_000);
