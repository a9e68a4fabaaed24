import { facetsOf } from './peer-groups';

describe('peer groups', () => {
  test('a result has one facet value per facet it answered with an option', () => {
    const answers = { 'industry-sector': 'retail', 'employee-count': ['5-19'], 'business-region': '' };
    expect(facetsOf(answers)).toEqual({ sector: 'retail', size: '5-19', region: null });
  });

  test('answers that are not option ids give no facet value', () => {
    expect(facetsOf({ 'industry-sector': 3, 'employee-count': [] })).toEqual({
      sector: null,
      size: null,
      region: null,
    });
  });
});
