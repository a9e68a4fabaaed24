// The organisation's profile: its region is one of the Quickscan's, an older free-text country reads
// as the region it names, and the latest completed Quickscan that answers them offers the sector,
// size and region Profile fills in where it states nothing yet.
import { API, REGION_PROBLEM, type ApiResponses } from '@toolkit/domain';
import { paths } from '../../repositories/paths';
import { saveMemberOrganisation } from '../../repositories/users';
import {
  completeSurvey,
  errorOf,
  resultOf,
  snapshotStore,
  startTestEnv,
  type TestAccount,
  type TestEnv,
} from '../../testing';

const QUICKSCAN = { tenantId: 'demo-publisher', surveyId: 'quickscan' };

let env: TestEnv;

beforeAll(async () => {
  env = await startTestEnv({ content: true });
}, 120_000);

afterAll(() => env?.stop(), 60_000);

const detailsOf = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getQuickscanDetails]>(
    await env.call(API.getQuickscanDetails, null, account.token),
  ).details;

const profileOf = async (account: TestAccount) =>
  resultOf<ApiResponses[typeof API.getProfile]>(await env.call(API.getProfile, null, account.token));

describe('organisation-quickscanDetails', () => {
  it('offers what the latest completed Quickscan that answers them says, in the profile’s terms', async () => {
    const owner = await env.member('details-co', 'owner');
    const colleague = await env.member('details-co', 'viewer');
    expect(await detailsOf(owner)).toBeNull();

    await completeSurvey(env, owner, QUICKSCAN, {
      'local-spend': 'some',
      'industry-sector': 'retail',
      'employee-count': '1-4',
      'business-region': 'nsw',
    });
    expect(await detailsOf(owner)).toEqual({ industry: 'Retail', size: '1 to 4', region: 'nsw' });

    // A colleague's later retake speaks for the organisation too.
    await completeSurvey(env, colleague, QUICKSCAN, {
      'local-spend': 'some',
      'industry-sector': 'hospitality',
      'employee-count': '5-19',
      'business-region': 'vic',
    });
    const retaken = { industry: 'Hospitality and tourism', size: '5 to 19', region: 'vic' };
    expect(await detailsOf(owner)).toEqual(retaken);
    expect(await detailsOf(colleague)).toEqual(retaken);

    // A later result that says nothing of them leaves the one that did.
    await completeSurvey(env, owner, QUICKSCAN, { 'local-spend': 'some' });
    expect(await detailsOf(owner)).toEqual(retaken);

    // Nothing of another organisation's.
    expect(await detailsOf(await env.member('other-co', 'owner'))).toBeNull();
  });
});

describe('organisation-save and the region', () => {
  it('keeps one of the Quickscan’s regions, and refuses any other while changing nothing', async () => {
    const owner = await env.member('region-co', 'owner');
    resultOf(await env.call(API.saveOrganisation, { name: 'Region Co', region: 'tas' }, owner.token));
    expect((await profileOf(owner)).profile?.organization).toEqual({ name: 'Region Co', region: 'tas' });

    const before = await snapshotStore(env.store);
    const refused = await env.call(
      API.saveOrganisation,
      { name: 'Region Co', region: 'Tasmania' },
      owner.token,
    );
    expect(errorOf(refused)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { problems: { region: REGION_PROBLEM } },
    });
    expect(await snapshotStore(env.store)).toBe(before);

    // Saved as not stated, it stays so.
    resultOf(await env.call(API.saveOrganisation, { name: 'Region Co', region: '' }, owner.token));
    expect((await profileOf(owner)).profile?.organization).toEqual({ name: 'Region Co', region: '' });
  });

  it('reads a country saved before Profile asked for a region as the region it names', async () => {
    const owner = await env.member('country-co', 'owner');
    await env.store.transaction(async (tx) => {
      saveMemberOrganisation(tx, 'country-co', owner.uid, { name: 'Country Co', country: 'Victoria' });
    });
    expect((await profileOf(owner)).profile?.organization).toEqual({ name: 'Country Co', region: 'vic' });
    await env.store.transaction(async (tx) => {
      saveMemberOrganisation(tx, 'country-co', owner.uid, { country: 'Australia' });
    });
    expect((await profileOf(owner)).profile?.organization).toEqual({ name: 'Country Co' });
    expect((await env.store.get(paths.tenantUser('country-co', owner.uid))).data?.organization).toEqual({
      name: 'Country Co',
      country: 'Australia',
    });
  });
});
