import { placeOf, quickscanDetails, storedRegion } from './organisation-profile';

describe('storedRegion', () => {
  test.each([
    [{ region: 'vic' }, 'vic'],
    [{ region: '' }, ''],
    // A region saved as not stated stays so, whatever the older country said.
    [{ region: '', country: 'Victoria' }, ''],
    [{ region: 'atlantis' }, ''],
    [{ country: 'Victoria' }, 'vic'],
    [{ country: ' new south wales ' }, 'nsw'],
    [{ country: 'N.S.W.' }, 'nsw'],
    [{ country: 'ACT' }, 'act'],
    [{ country: 'Australia' }, undefined],
    [{ country: 3 }, undefined],
    [{}, undefined],
  ])('%j reads as %j', (stored, region) => {
    expect(storedRegion(stored)).toBe(region);
  });
});

describe('placeOf', () => {
  test.each([
    [{ region: 'act', country: 'Australia' }, 'Australian Capital Territory'],
    [{ region: '', country: 'Australia' }, null],
    [{ country: 'nsw' }, 'New South Wales'],
    [{ country: ' Australia ' }, 'Australia'],
    [{ country: '' }, null],
    [{}, null],
  ])('%j is in %j', (stored, place) => {
    expect(placeOf(stored)).toBe(place);
  });
});

describe('quickscanDetails', () => {
  const choice = (id: string, options: [string, string][]) => ({
    id,
    type: 'dropdown',
    options: options.map(([optionId, label]) => ({ id: optionId, label })),
  });
  const questions = [
    choice('industry-sector', [
      ['retail', 'Retail'],
      ['other', 'Other'],
    ]),
    { ...choice('employee-count', [['5-19', '5 to 19']]), type: 'multipleChoice' },
    choice('business-region', [
      ['vic', 'Victoria'],
      ['mars', 'Mars'],
    ]),
  ];

  test('names the sector, the size band and the region as the profile holds them', () => {
    const answers = { 'industry-sector': 'retail', 'employee-count': ['5-19'], 'business-region': 'vic' };
    expect(quickscanDetails(questions, answers)).toEqual({
      industry: 'Retail',
      size: '5 to 19',
      region: 'vic',
    });
  });

  test('leaves out what was not answered with an option, or what the profile cannot hold', () => {
    const answers = { 'industry-sector': 'bakery', 'employee-count': [], 'business-region': 'mars' };
    expect(quickscanDetails(questions, { ...answers, 'industry-sector': 'other' })).toEqual({
      industry: 'Other',
      size: null,
      region: null,
    });
    expect(quickscanDetails(questions, answers)).toBeNull();
    expect(quickscanDetails([], { 'industry-sector': 'retail' })).toBeNull();
  });
});
