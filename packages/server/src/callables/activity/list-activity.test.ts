// audit-listActivity against the local store: the trail newest first, a page at a time, by kind,
// with actors and members named as they are now; only the organisation's owners and admins read it.
import { API, type ApiResponses } from '@toolkit/domain';
import { auditCollection } from '../../repositories/audit';
import { paths } from '../../repositories/paths';
import { errorOf, resultOf, startTestEnv, type TestAccount, type TestEnv } from '../../testing';

type Page = ApiResponses[typeof API.listActivity];

let env: TestEnv;
let owner: TestAccount;
let admin: TestAccount;
let editor: TestAccount;

/** An entry as recordAudit stores it, at a chosen time so the order is known. */
async function stored(tenantId: string, id: string, at: string, entry: Record<string, unknown>) {
  await env.store.set(`${auditCollection(tenantId)}/${id}`, {
    at,
    before: null,
    after: null,
    reason: null,
    ...entry,
  });
}

beforeAll(async () => {
  env = await startTestEnv({});
  owner = await env.member('acme', 'owner');
  admin = await env.member('acme', 'admin');
  editor = await env.member('acme', 'editor');
  await env.store.set(
    paths.tenantUser('acme', owner.uid),
    { firstName: 'Dana', lastName: 'Lee' },
    { merge: true },
  );
  await env.store.set(
    paths.tenantUser('acme', editor.uid),
    { firstName: 'Sam', lastName: 'Ng' },
    { merge: true },
  );
  const member = { type: 'member', id: editor.uid };
  await stored('acme', 'e1', '2026-03-01T09:00:00.000Z', {
    actorUid: owner.uid,
    kind: 'member.invited',
    subject: { type: 'invite', id: 'i1' },
    after: { email: 'sam@example.com', role: 'viewer' },
  });
  await stored('acme', 'e2', '2026-03-02T09:00:00.000Z', {
    actorUid: editor.uid,
    kind: 'member.joined',
    subject: member,
    after: { role: 'viewer' },
  });
  await stored('acme', 'e3', '2026-03-03T09:00:00.000Z', {
    actorUid: owner.uid,
    kind: 'role.changed',
    subject: member,
    before: { role: 'viewer' },
    after: { role: 'editor' },
  });
  // By someone no longer a member, about someone no longer a member.
  await stored('acme', 'e4', '2026-03-04T09:00:00.000Z', {
    actorUid: 'gone-admin',
    kind: 'role.changed',
    subject: { type: 'member', id: 'gone-member' },
    before: { role: 'editor' },
    after: { role: 'viewer' },
  });
  await stored('acme', 'e5', '2026-03-05T09:00:00.000Z', {
    actorUid: admin.uid,
    kind: 'brand.changed',
    subject: { type: 'brand', id: 'acme' },
    before: { primaryColor: '#111111' },
    after: { primaryColor: '#222222' },
  });
  // Another organisation's trail.
  await stored('other', 'o1', '2026-03-06T09:00:00.000Z', {
    actorUid: 'someone',
    kind: 'role.changed',
    subject: { type: 'member', id: 'x' },
  });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const list = async (data: object, token = owner.token) =>
  resultOf<Page>(await env.call(API.listActivity, data, token));

describe('audit-listActivity', () => {
  it('lists the organisation’s trail newest first, naming actors and members as they are now', async () => {
    const page = await list({});
    expect(page.entries.map((entry) => entry.id)).toEqual(['e5', 'e4', 'e3', 'e2', 'e1']);
    expect(page.next).toBeNull();
    expect(page.entries[2]).toEqual({
      id: 'e3',
      at: '2026-03-03T09:00:00.000Z',
      actor: { uid: owner.uid, name: 'Dana Lee', email: owner.email },
      kind: 'role.changed',
      subject: { type: 'member', id: editor.uid, name: 'Sam Ng' },
      before: { role: 'viewer' },
      after: { role: 'editor' },
      reason: null,
    });
    expect(page.entries[1]).toMatchObject({
      actor: { uid: 'gone-admin', name: null, email: null },
      subject: { type: 'member', id: 'gone-member', name: null },
    });
    expect(page.entries[4]).toMatchObject({
      kind: 'member.invited',
      subject: { type: 'invite', id: 'i1', name: null },
      after: { email: 'sam@example.com', role: 'viewer' },
    });
  });

  it('pages with the cursor, and lists one kind only', async () => {
    const first = await list({ limit: 2 });
    expect(first.entries.map((entry) => entry.id)).toEqual(['e5', 'e4']);
    const second = await list({ limit: 2, cursor: first.next });
    expect(second.entries.map((entry) => entry.id)).toEqual(['e3', 'e2']);
    const last = await list({ limit: 2, cursor: second.next });
    expect(last.entries.map((entry) => entry.id)).toEqual(['e1']);
    expect(last.next).toBeNull();

    const roles = await list({ kind: 'role.changed' }, admin.token);
    expect(roles.entries.map((entry) => entry.id)).toEqual(['e4', 'e3']);
    expect((await list({ kind: 'plan.cancelled' })).entries).toEqual([]);
  });

  it('refuses a cursor naming no entry, and a kind it does not know', async () => {
    expect(errorOf(await env.call(API.listActivity, { cursor: 'nope' }, owner.token))).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'That page is gone: start from the first page.',
    });
    expect(errorOf(await env.call(API.listActivity, { kind: 'role.deleted' }, owner.token))).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
  });

  it('is refused to editors, viewers and billing members, and another organisation reads only its own', async () => {
    for (const account of [editor, await env.member('acme', 'viewer'), await env.member('acme', 'billing')]) {
      expect(errorOf(await env.call(API.listActivity, {}, account.token))).toEqual({
        status: 'PERMISSION_DENIED',
        message: 'Only owners and admins can manage users.',
      });
    }
    const stranger = await env.member('other', 'owner');
    const theirs = await list({}, stranger.token);
    expect(theirs.entries.map((entry) => entry.id)).toEqual(['o1']);
  });
});

describe('audit-listActivity on excluded results', () => {
  const TENANT = 'publishing';

  beforeAll(async () => {
    const result = (id: string, fields: Record<string, unknown>) =>
      env.store.set(paths.result(TENANT, 'quickscan', id), {
        startedAt: '2026-03-01T08:00:00.000Z',
        isCompleted: true,
        userId: null,
        ...fields,
      });
    await result('r1', {
      completedAt: '2026-03-01T09:30:00.000Z',
      questions: { 'company-name': ' Harbour Bakery ' },
      respondent: { email: 'jo@harbour.example' },
    });
    // No organisation named: the one who answered names it, as on Results.
    await result('r2', {
      completedAt: '2026-03-02T09:30:00.000Z',
      respondent: { firstName: 'Jo', lastName: 'Smith', email: 'jo@smith.example' },
    });
    const entry = (id: string, kind: string, subjectId: string, day: string) =>
      stored(TENANT, id, `2026-03-${day}T12:00:00.000Z`, {
        actorUid: 'someone',
        kind,
        subject: { type: 'result', id: subjectId },
        reason: kind === 'result.excluded' ? 'A test run' : null,
      });
    await entry('x1', 'result.excluded', 'quickscan/r1', '10');
    await entry('x2', 'result.included', 'quickscan/r2', '11');
    // A result since erased with its respondent's data names nobody.
    await entry('x3', 'result.excluded', 'quickscan/gone', '12');
  });

  it('names each result as Results do, with when it was completed', async () => {
    const owner = await env.member(TENANT, 'owner');
    const { entries } = await list({}, owner.token);
    expect(entries.map(({ id, subject }) => [id, subject])).toEqual([
      ['x3', { type: 'result', id: 'quickscan/gone', name: null, completedAt: null }],
      [
        'x2',
        { type: 'result', id: 'quickscan/r2', name: 'Jo Smith', completedAt: '2026-03-02T09:30:00.000Z' },
      ],
      [
        'x1',
        {
          type: 'result',
          id: 'quickscan/r1',
          name: 'Harbour Bakery',
          completedAt: '2026-03-01T09:30:00.000Z',
        },
      ],
    ]);
  });

  it('names no result to an admin who may not view insights', async () => {
    const admin = await env.member(TENANT, 'admin');
    await env.store.set(
      paths.tenantUser(TENANT, admin.uid),
      { permissions: { viewInsights: false } },
      { merge: true },
    );
    const { entries } = await list({}, admin.token);
    expect(entries.map(({ subject }) => subject.name)).toEqual([null, null, null]);
  });
});
