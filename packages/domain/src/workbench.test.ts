import {
  listingOf,
  normaliseSearch,
  searchTerms,
  SEARCH_TERMS_MAX,
  workbenchQueryFromSearch,
  workbenchSearchParams,
  type ReceivedResultsQuery,
} from './workbench';

describe('searchTerms', () => {
  it('holds every 2+ character prefix of each word, lower case with accents folded', () => {
    expect(searchTerms('Green Leaf Café')).toEqual([
      'gr',
      'gre',
      'gree',
      'green',
      'le',
      'lea',
      'leaf',
      'ca',
      'caf',
      'cafe',
    ]);
    expect(searchTerms("O'Brien & Søn")).toEqual(['br', 'bri', 'brie', 'brien', 'sø', 'søn']);
    expect(searchTerms('a b')).toEqual([]);
  });

  it('cuts long words at 20 characters and bounds the terms of one result', () => {
    expect(searchTerms('Supercalifragilisticexpialidocious').at(-1)).toBe('supercalifragilistic');
    const many = Array.from(
      { length: 40 },
      (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}xxxxxxxx`,
    );
    expect(searchTerms(many.join(' '))).toHaveLength(SEARCH_TERMS_MAX);
    // A caller with longer texts (a comment) gives its own bound.
    expect(searchTerms(many.join(' '), 30)).toHaveLength(30);
    expect(searchTerms(many.join(' '), 1000).length).toBeGreaterThan(SEARCH_TERMS_MAX);
  });
});

describe('normaliseSearch', () => {
  it('looks up the longest word, folded and cut like the stored terms', () => {
    expect(normaliseSearch('  GREEN leaf ')).toBe('green');
    expect(normaliseSearch('Café')).toBe('cafe');
    expect(normaliseSearch('x'.repeat(30))).toBe('x'.repeat(20));
    for (const stored of searchTerms('Riverside Clinic Jo Smithers')) {
      expect(searchTerms('Riverside Clinic Jo Smithers')).toContain(normaliseSearch(stored));
    }
  });

  it('is null when no word has two characters', () => {
    expect(normaliseSearch('a')).toBeNull();
    expect(normaliseSearch(' - ')).toBeNull();
  });
});

describe('listingOf', () => {
  it('lists a completed result by score, band, facets and the names it gives', () => {
    expect(
      listingOf({
        answers: { 'industry-sector': 'retail', 'employee-count': ['1-4'], 'business-region': '' },
        score: { overall: { percent: 42.5 }, band: { label: 'Making progress' } },
        contact: { name: 'Jo Smith', email: 'jo.smith@gmail.com' },
        organisation: '  Green  Leaf Café ',
      }),
    ).toEqual({
      excluded: false,
      excludedReason: null,
      percent: 42.5,
      band: 'Making progress',
      organisation: 'green leaf cafe',
      sector: 'retail',
      size: '1-4',
      region: null,
      terms: expect.arrayContaining(['gre', 'leaf', 'jo', 'smi', 'smith']),
    });
  });

  it('keeps an unnamed, unscored result listable', () => {
    const listing = listingOf({
      answers: {},
      score: null,
      contact: { name: null, email: 'ab@gmail.com' },
      organisation: null,
    });
    expect(listing).toMatchObject({ percent: null, band: null, organisation: '', sector: null });
    // The e-mail's domain is not searchable: "gmail" would match nearly everyone.
    expect(listing.terms).toEqual(['ab']);
  });
});

describe('the workbench query in the address', () => {
  const query: ReceivedResultsQuery = {
    surveyId: 'quickscan',
    state: 'excluded',
    from: '2026-01-01',
    to: '2026-03-31',
    band: 'Making progress',
    sector: 'retail',
    size: '1-4',
    region: 'nsw',
    search: 'green leaf',
    sort: 'score',
    direction: 'asc',
    cursor: 'abc123',
    limit: 25,
  };

  it('round-trips every field', () => {
    const params = workbenchSearchParams(query);
    expect(params.toString()).toBe(
      'surveyId=quickscan&state=excluded&from=2026-01-01&to=2026-03-31&band=Making+progress&sector=retail' +
        '&size=1-4&region=nsw&search=green+leaf&sort=score&direction=asc&cursor=abc123&limit=25',
    );
    expect(workbenchQueryFromSearch(params)).toEqual(query);
  });

  it('drops unknown parameters and invalid values', () => {
    const params = new URLSearchParams(
      'surveyId=a/b&state=deleted&from=2026-02-30&to=tomorrow&sort=price&direction=up&limit=101&cursor=x%2Fy' +
        `&search=${'x'.repeat(101)}&sector=re tail&other=1&size=5-19`,
    );
    expect(workbenchQueryFromSearch(params)).toEqual({ size: '5-19' });
    expect(
      workbenchSearchParams({ surveyId: 'quickscan', limit: 0, search: '', sort: 'completed' }).toString(),
    ).toBe('surveyId=quickscan&sort=completed');
  });
});
