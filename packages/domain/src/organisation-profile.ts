// What an organisation's profile says of where it is, and what its Quickscan answers add to the
// profile. The regions are one list for the Profile's Region and the Quickscan's question "Where is
// your business based?" (its option ids are these ids, its labels these labels), as the size bands
// are (./organisation-size).
import { ORGANISATION_SIZES } from './organisation-size';
import { answerKeys, type CountedQuestion } from './insights';
import { PEER_FACETS, type PeerFacet } from './peer-groups';

export const ORGANISATION_REGIONS = [
  { id: 'nsw', label: 'New South Wales' },
  { id: 'vic', label: 'Victoria' },
  { id: 'qld', label: 'Queensland' },
  { id: 'wa', label: 'Western Australia' },
  { id: 'sa', label: 'South Australia' },
  { id: 'tas', label: 'Tasmania' },
  { id: 'act', label: 'Australian Capital Territory' },
  { id: 'nt', label: 'Northern Territory' },
] as const;

export type RegionId = (typeof ORGANISATION_REGIONS)[number]['id'];

export const REGION_IDS: readonly RegionId[] = ORGANISATION_REGIONS.map((region) => region.id);

export const isRegionId = (value: unknown): value is RegionId =>
  typeof value === 'string' && REGION_IDS.includes(value as RegionId);

/** What Profile's Region says beside its choices. */
export const REGION_PROBLEM = 'Choose the state or territory of your main premises from the list.';

const spelled = (value: string) => value.trim().toLowerCase().replace(/\./g, '');

/**
 * The region a stored profile states: its `region` ('' when saved as not stated); before Profile
 * asked for a region it asked for a free-text `country`, which reads as the state or territory it
 * names (by name or abbreviation) and as nothing otherwise. Undefined: nothing stated.
 */
export function storedRegion(stored: { region?: unknown; country?: unknown }): RegionId | '' | undefined {
  if (typeof stored.region === 'string') return isRegionId(stored.region) ? stored.region : '';
  if (typeof stored.country !== 'string') return undefined;
  const country = spelled(stored.country);
  return ORGANISATION_REGIONS.find((region) => region.id === country || spelled(region.label) === country)
    ?.id;
}

/**
 * Where a stored profile says the organisation is, in words: its region's name; before Profile
 * asked for a region, the country it gave. Null where it says nothing.
 */
export function placeOf(stored: { region?: unknown; country?: unknown }): string | null {
  const region = storedRegion(stored);
  if (region === undefined) {
    return typeof stored.country === 'string' && stored.country.trim() !== '' ? stored.country.trim() : null;
  }
  return ORGANISATION_REGIONS.find((named) => named.id === region)?.label ?? null;
}

/**
 * What a completed Quickscan says of the organisation, in the profile's own terms: the sector's
 * name (for Industry), the size band's label and the region's id; null where it was not answered
 * with an option the profile can hold.
 */
export interface QuickscanDetails {
  industry: string | null;
  size: string | null;
  region: RegionId | null;
}

interface LabelledQuestion extends CountedQuestion {
  options: readonly { id: string; label: string }[] | null;
}

/** The details a result's answers give; null when it answered none of the facets with an option. */
export function quickscanDetails(
  questions: readonly LabelledQuestion[],
  answers: Readonly<Record<string, unknown>>,
): QuickscanDetails | null {
  const chosen = (facet: PeerFacet) => {
    const { questionId } = PEER_FACETS.find((peer) => peer.facet === facet)!;
    const question = questions.find((candidate) => candidate.id === questionId);
    const [id] = question ? answerKeys(question, answers[questionId]) : [];
    return id === undefined ? null : { id, label: question!.options!.find((o) => o.id === id)!.label };
  };
  const sector = chosen('sector');
  const size = chosen('size');
  const region = chosen('region');
  const details: QuickscanDetails = {
    industry: sector?.label ?? null,
    size: ORGANISATION_SIZES.find((band) => band.id === size?.id)?.label ?? null,
    region: isRegionId(region?.id) ? region.id : null,
  };
  return Object.values(details).some((value) => value !== null) ? details : null;
}
