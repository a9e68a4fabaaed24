// The groups a business is compared within, and the facets a publisher filters its results by:
// sector, size band and region, each read from one of the Quickscan's unscored questions. A result
// belongs to one group per facet it answered (its option id), e.g. 'sector:retail'.

export const PEER_FACETS = [
  { facet: 'sector', questionId: 'industry-sector', label: 'Sector' },
  { facet: 'size', questionId: 'employee-count', label: 'Size' },
  { facet: 'region', questionId: 'business-region', label: 'Region' },
] as const;

export type PeerFacet = (typeof PEER_FACETS)[number]['facet'];

/** A result's facet values (option ids), null where the question was not answered with one. */
export type ResultFacets = Record<PeerFacet, string | null>;

export function facetsOf(answers: Readonly<Record<string, unknown>>): ResultFacets {
  const chosen = (questionId: string) => {
    const answer = answers[questionId];
    const id = Array.isArray(answer) ? answer[0] : answer;
    return typeof id === 'string' && id !== '' ? id : null;
  };
  return Object.fromEntries(
    PEER_FACETS.map(({ facet, questionId }) => [facet, chosen(questionId)]),
  ) as ResultFacets;
}

/** A peer group's key: `${facet}:${optionId}`. */
export const peerGroupKey = (facet: PeerFacet, value: string): string => `${facet}:${value}`;
