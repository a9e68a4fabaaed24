import fs from 'node:fs';
import path from 'node:path';
import { MILESTONE_IDS } from '@toolkit/domain';
import { paths } from './paths';
import { DEMO_TENANT_ID } from '../seed';
import { openPgliteStore } from '../store/pglite';
import { newDocumentId } from '../store/fields';

const AUTH_UID = 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ0a';

describe('paths', () => {
  it('builds the document paths from valid ids', () => {
    expect(paths.milestone('acme', AUTH_UID, 'sign-up')).toBe(
      `tenants/acme/users/${AUTH_UID}/milestones/sign-up`,
    );
    expect(paths.result('demo-publisher', 'quickscan', 'r_1')).toBe(
      'tenants/demo-publisher/assessments/quickscan/results/r_1',
    );
    expect(paths.organisation('acme')).toBe('tenants/acme/organisation/profile');
    expect(paths.comments('demo-publisher', 'quickscan')).toBe(
      'tenants/demo-publisher/assessments/quickscan/comments',
    );
    expect(paths.comment('demo-publisher', 'quickscan', 'r_1', 'energy-next-step')).toBe(
      'tenants/demo-publisher/assessments/quickscan/comments/r_1_energy-next-step',
    );
    expect(paths.mail()).toBe('mail');
  });

  const bad: [string, unknown][] = [
    ['a path', `${AUTH_UID}/milestones/sign-up`],
    ['a slash', 'a/b'],
    ['a leading slash', '/a'],
    ['empty', ''],
    ['dot', '.'],
    ['dot-dot', '..'],
    ['a reserved name', '__name__'],
    ['129 characters', 'a'.repeat(129)],
    ['NUL', 'a\u0000'],
    ['a lone surrogate', '\uD800'],
    ['a space', 'a b'],
    ['undefined', undefined],
    ['null', null],
  ];

  it.each(bad)('refuses %s in any segment of any builder', (_, id) => {
    const value = id as string;
    const builders: (() => string)[] = [
      () => paths.globalUser(value),
      () => paths.tenant(value),
      () => paths.tenantUsers(value),
      () => paths.tenantUser('acme', value),
      () => paths.tenantUser(value, AUTH_UID),
      () => paths.organisation(value),
      () => paths.results('acme', value),
      () => paths.result('acme', 'quickscan', value),
      () => paths.comments('acme', value),
      () => paths.comment('acme', 'quickscan', value, 'energy-next-step'),
      () => paths.comment('acme', 'quickscan', 'r_1', value),
      () => paths.userSurveyResults(value, AUTH_UID),
      () => paths.userSurveyResult('acme', AUTH_UID, value),
      () => paths.milestones('acme', value),
      () => paths.milestone('acme', AUTH_UID, value),
      () => paths.milestone('acme', value, 'sign-up'),
      () => paths.aggregateShard(value, 'quickscan', 0),
      () => paths.aggregateOrganisation('acme', 'quickscan', value),
      () => paths.toolkitMember('quickscan', value),
      () => paths.toolkitMember(value, 'acme'),
      () => paths.tenantCredential('acme', value),
      () => paths.tenantCredential(value, 'c1'),
      () => paths.credentialStatus(value),
      () => paths.alerts(value),
      () => paths.brand(value),
      () => paths.sandboxCustomer(value),
      () => paths.sandboxSession(value),
      () => paths.sandboxSubscription(value),
      () => paths.expertRequest('acme', value),
      () => paths.expertRequest(value, 'r1'),
      () => paths.invite(value),
      () => paths.mailDoc(value),
    ];
    for (const build of builders) expect(build).toThrow(/^Refused the store path segment /);
  });

  it('is a plain Error, which the router answers as internal', () => {
    expect(() => paths.invite('a/b')).toThrow(
      new Error(
        'Refused the store path segment "a/b": it must be 1 to 128 letters, digits, hyphens or underscores.',
      ),
    );
  });

  it('accepts every id the product really uses', async () => {
    const store = await openPgliteStore();
    const generated = [store.newId(), newDocumentId()];
    await store.close();
    const seedIds = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, field] of Object.entries(value)) {
          if ((key === 'id' || key === 'tenantId') && typeof field === 'string') seedIds.add(field);
          collect(field);
        }
      }
    };
    const contentDir = path.resolve(__dirname, '../../../content/content');
    for (const file of fs.readdirSync(contentDir).filter((name) => name.endsWith('.json'))) {
      collect(JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8')));
    }
    expect(seedIds.size).toBeGreaterThan(50);

    for (const id of [...generated, ...seedIds, ...MILESTONE_IDS, DEMO_TENANT_ID, AUTH_UID]) {
      expect(paths.milestone(id, id, id)).toBe(`tenants/${id}/users/${id}/milestones/${id}`);
    }
  });
});
