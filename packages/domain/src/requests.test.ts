import { API } from './callables';
import { MILESTONE_IDS } from './journey';
import { EXPERT_MESSAGE_MAX, EXPERT_MESSAGE_MIN } from './manage';
import { SERVER_ERRORS } from './errors';
import { fieldMessage, fieldProblem, REQUESTS, storeId, text } from './requests';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('storeId', () => {
  it.each([
    ['a 20-character newId()', 'Xq3ZbT9kLm2Pw7Rs1VdY'],
    ['an emulator Auth uid', 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ0a'],
    ['a seed tenant', 'demo-publisher'],
    ['a seed survey', 'business-quickscan'],
    ['a seed question', 'company-name'],
    ['a seed option', '200-plus'],
    ['a numeric section id', '1'],
    ['a milestone id', MILESTONE_IDS[0]],
    ['an underscore id', 'custom_campaign'],
    ['128 characters', 'a'.repeat(128)],
  ])('accepts %s', (_, value) => {
    expect(storeId.safeParse(value)).toEqual({ success: true, data: value });
  });

  it.each([
    ['a path', 'owner/milestones/sign-up'],
    ['a slash', 'a/b'],
    ['dot', '.'],
    ['dot-dot', '..'],
    ['a dot', 'a.b'],
    ['a reserved name', '__name__'],
    ['a reserved-looking name', '__x__'],
    ['empty', ''],
    ['blank', '   '],
    ['129 characters', 'a'.repeat(129)],
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800'],
    ['a lone low surrogate', '\uDC00a'],
    ['a space inside', 'a b'],
    ['an emoji', '🌱'],
  ])('rejects %s', (_, value) => {
    expect(storeId.safeParse(value).success).toBe(false);
  });

  it('says why', () => {
    expect(firstMessage(storeId.safeParse('a/b'))).toBe(
      'must be 1 to 128 letters, digits, hyphens or underscores',
    );
    expect(firstMessage(storeId.safeParse('__x__'))).toBe('must not start and end with "__"');
  });
});

describe('text', () => {
  const line = text({ max: 100 });
  const comment = text({ max: 5000, multiline: true });

  it.each([
    ['accents', 'Zoë Ångström-Núñez'],
    ['a surrogate pair', 'Green 🌱 Cafe'],
    ['CJK', '持続可能性'],
    ['apostrophes and symbols', "O'Brien & Co. <b>"],
  ])('accepts %s', (_, value) => {
    expect(line.safeParse(value)).toEqual({ success: true, data: value });
  });

  it.each([
    ['NUL', 'a\u0000b', 'must not contain control characters'],
    ['BEL', 'a\u0007b', 'must not contain control characters'],
    ['ESC', '\u001b[31mred', 'must not contain control characters'],
    ['DEL', 'a\u007fb', 'must not contain control characters'],
    ['a C1 control', 'a\u0085b', 'must not contain control characters'],
    ['a line break', 'first\nsecond', 'must not contain control characters'],
    ['a tab', 'first\tsecond', 'must not contain control characters'],
    ['a lone high surrogate', 'a\uD800b', 'must not contain unpaired surrogates (broken Unicode)'],
    ['a lone low surrogate', 'a\uDC00b', 'must not contain unpaired surrogates (broken Unicode)'],
    ['a reversed pair', '\uDF31\uD83C', 'must not contain unpaired surrogates (broken Unicode)'],
  ])('a single line rejects %s', (_, value, message) => {
    expect(firstMessage(line.safeParse(value))).toBe(message);
  });

  it('a multi-line text keeps tabs and line breaks but rejects other controls and lone surrogates', () => {
    const value = 'Line one\r\n\tLine two 🌱\nLine three';
    expect(comment.safeParse(value)).toEqual({ success: true, data: value });
    expect(comment.safeParse('a\u0000b').success).toBe(false);
    expect(comment.safeParse('a\u000bb').success).toBe(false);
    expect(comment.safeParse('a\uD800b').success).toBe(false);
  });

  it('trims before checking, unless told not to', () => {
    expect(line.safeParse('  Ana\n')).toEqual({ success: true, data: 'Ana' });
    expect(text({ max: 10, trim: false }).safeParse(' Ana ')).toEqual({ success: true, data: ' Ana ' });
  });
});

describe('REQUESTS', () => {
  const ids = { tenantId: 'demo-publisher', surveyId: 'quickscan', resultId: 'Xq3ZbT9kLm2Pw7Rs1VdY' };
  const save = (fields: Record<string, unknown>) =>
    REQUESTS[API.saveAnswer].safeParse({ ...ids, questionId: 'company-name', seq: 1, ...fields });

  it.each([
    [API.setUserRole, { uid: 'owner/milestones/sign-up', tenantId: 'acme', role: 'viewer' }, 'uid'],
    [API.getUserRole, { uid: 'u1', tenantId: '../acme' }, 'tenantId'],
    [API.verifyAndLoginWithInvite, { inviteId: 'a/b' }, 'inviteId'],
    [API.startResult, { tenantId: 'x/y', surveyId: 'quickscan' }, 'tenantId'],
    [API.saveAnswer, { ...ids, questionId: '__name__', answer: 1, seq: 1 }, 'questionId'],
    [API.toggleActionPlan, { userResultId: 'r1', actionId: 'a\u0000', selected: true }, 'actionId'],
    [API.listMilestones, { userIds: ['u1', 'u2/x'] }, 'userIds.1'],
    [API.completeSignup, { toolkit: '\uD800' }, 'toolkit'],
    [API.submitInvite, { ...ids, surveyResultId: 'r1', inviteId: 'a'.repeat(129) }, 'inviteId'],
  ])('%s refuses a bad id', (name, data, field) => {
    const parsed = REQUESTS[name].safeParse(data);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it.each([
    [API.completeSignup, { toolkit: 'quickscan', firstName: 'Ana\u0000' }, 'firstName'],
    [API.updateNames, { firstName: 'Ana', lastName: 'Line\nbreak' }, 'lastName'],
    [API.saveOrganisation, { name: 'Acme', industry: 'N\uDC00Z' }, 'industry'],
    [API.findUsersByEmail, { email: 'a\u0000@example.com' }, 'email'],
    [API.createInvite, { email: 'ana@example.com\u0007', surveyId: 'quickscan' }, 'email'],
    [
      API.startResult,
      { ...ids, prefill: { respondent: { firstName: 'A\u0000' } } },
      'prefill.respondent.firstName',
    ],
    [API.startResult, { ...ids, prefill: { respondent: { tenant: '\uD800' } } }, 'prefill.respondent.tenant'],
    [API.startResult, { ...ids, prefill: { custom: { custom_x: 'a\u0000' } } }, 'prefill.custom.custom_x'],
    [API.startResult, { ...ids, prefill: { answers: { 'a/b': 'x' } } }, 'prefill.answers.a/b'],
    [API.startResult, { ...ids, prefill: { answers: { q1: 'a\u0000' } } }, 'prefill.answers.q1'],
  ])('%s refuses bad text', (name, data, field) => {
    const parsed = REQUESTS[name].safeParse(data);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('gives the question-id rule for a bad prefill answer key', () => {
    const parsed = REQUESTS[API.startResult].safeParse({ ...ids, prefill: { answers: { __x__: 'x' } } });
    expect(firstMessage(parsed)).toBe('must not start and end with "__"');
  });

  it('accepts what the product really sends', () => {
    expect(
      REQUESTS[API.startResult].safeParse({
        ...ids,
        prefill: {
          respondent: {
            firstName: 'Zoë',
            lastName: 'Ångström',
            email: 'zoe@example.com',
            tenant: 'Café Ltd',
          },
          answers: { 'company-name': 'Green 🌱 Cafe' },
          custom: { custom_campaign: 'spring', 'custom_first-name': 'Zoë' },
        },
      }).success,
    ).toBe(true);
    expect(
      REQUESTS[API.setUserRole].safeParse({
        uid: 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ0a',
        tenantId: 'Xq3ZbT9kLm2Pw7Rs1VdY',
        role: 'viewer',
      }).success,
    ).toBe(true);
    expect(
      REQUESTS[API.completeSignup].safeParse({
        toolkit: 'quickscan',
        firstName: 'Zoë',
        organisationName: 'Café Ltd',
      }).success,
    ).toBe(true);
    expect(
      REQUESTS[API.toggleActionPlan].safeParse({
        userResultId: 'r1',
        actionId: 'led-lighting',
        selected: true,
      }).success,
    ).toBe(true);
  });

  it('answers: a comment may span lines; choices and other text may not hold controls or lone surrogates', () => {
    expect(save({ answer: 'We recycle.\nWe compost 🌱.\r\n\tMore soon.' }).success).toBe(true);
    expect(save({ answer: ['led-lighting', 'timers'] }).success).toBe(true);
    expect(save({ answer: 3 }).success).toBe(true);
    expect(save({ answer: null }).success).toBe(true);

    expect(save({ answer: 'broken \uD800 text' }).success).toBe(false);
    expect(save({ answer: 'nul \u0000' }).success).toBe(false);
    expect(save({ answer: 'bell \u0007' }).success).toBe(false);
    expect(save({ answer: ['ok', 'line\nbreak'] }).success).toBe(false);
    expect(save({ answer: ['ok', '\uDC00'] }).success).toBe(false);
    expect(
      REQUESTS[API.saveInviteAnswer].safeParse({
        tenantId: 'demo-publisher',
        surveyId: 'quickscan',
        surveyResultId: 'r1',
        questionId: 'q1',
        answer: 'x\u0000',
        seq: 1,
      }).success,
    ).toBe(false);
  });
});

describe('fieldProblem', () => {
  const inviteEmail = REQUESTS[API.createInvite].shape.email;

  it('takes an address the server takes, whatever its case and surrounding spaces', () => {
    expect(fieldProblem(inviteEmail, ' Ann@Example.COM ')).toBeNull();
  });

  it.each([
    ['a one-letter top-level domain', 'name@example.c'],
    ['two dots in a row', 'a..b@example.com'],
    ['an underscore in the domain', 'name@exa_mple.com'],
    ['a control character', 'a\u0001b@example.com'],
    ['more than 320 characters', `${'a'.repeat(310)}@example.com`],
  ])('gives the server’s message for an address with %s', (_, value) => {
    expect(fieldProblem(inviteEmail, value)).toBe(SERVER_ERRORS.invalidEmail);
    expect(firstMessage(REQUESTS[API.createInvite].safeParse({ email: value, surveyId: 'quickscan' }))).toBe(
      SERVER_ERRORS.invalidEmail,
    );
  });

  it('words a name that is too long with its limit', () => {
    const industry = REQUESTS[API.saveOrganisation].shape.industry;
    expect(fieldProblem(industry, 'x'.repeat(100))).toBeNull();
    expect(fieldProblem(industry, 'x'.repeat(101))).toBe(SERVER_ERRORS.textTooLong(100));
  });
});

describe('fieldMessage', () => {
  const expert = REQUESTS[API.requestExpert].shape;

  it('leads a rule with the field’s label', () => {
    expect(fieldMessage('The message', expert.message, 'x'.repeat(EXPERT_MESSAGE_MAX + 1))).toBe(
      `The message ${SERVER_ERRORS.textTooLong(EXPERT_MESSAGE_MAX)}.`,
    );
  });

  it('keeps a message that is a sentence already', () => {
    expect(fieldMessage('The message', expert.message, 'Too short')).toBe(
      SERVER_ERRORS.expertMessageTooShort(EXPERT_MESSAGE_MIN),
    );
    expect(fieldMessage('The phone number', expert.phone, 'call me')).toBe(SERVER_ERRORS.phoneNumber);
  });

  it('is null for a value the server takes', () => {
    expect(fieldMessage('The phone number', expert.phone, '+61 2 5550 1234')).toBeNull();
  });
});
