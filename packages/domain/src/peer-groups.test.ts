import { facetsOf, peerGroupsOf } from './peer-groups';

describe('peer groups', () => {
  test('a result counts in one group per facet it answered with an option', () => {
    const answers = { 'industry-sector': 'retail', 'employee-count': ['5-19'], 'business-region': '' };
    expect(facetsOf(answers)).toEqual({ sector: 'retail', size: '5-19', region: null });
    expect(peerGroupsOf(answers)).toEqual(['sector:retail', 'size:5-19']);
  });

  test('answers that are not option ids count in no group', () => {
    expect(peerGroupsOf({ 'industry-sector': 3, 'employee-count': [] })).toEqual([]);
  });
});
