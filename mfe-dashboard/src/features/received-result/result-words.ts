// A received result's parts in words, the same on the screen and in its PDF.
import type { JoinedOrganisation, ReceivedResult, RespondentContact } from '@toolkit/domain';

export const NOT_GIVEN = 'Not given';

/** "Ann Baker, ann@example.com", or what is missing said plainly. */
export const contactLine = (contact: RespondentContact): string =>
  [contact.name, contact.email].filter(Boolean).join(', ') || NOT_GIVEN;

/** The profile's details in one line; a respondent with no organisation account says so. */
export function organisationLine(organisation: JoinedOrganisation | null): string {
  if (!organisation) return 'The respondent has not joined with an organisation account';
  const details = [
    organisation.name,
    organisation.industry,
    organisation.size && `${organisation.size} people`,
    organisation.region,
    organisation.website,
  ].filter(Boolean);
  return details.join(' · ') || 'The organisation has not filled in its profile';
}

/** A section's share and band, or that it is not scored. */
export const sectionScore = (section: ReceivedResult['sections'][number]): string =>
  section.percent === null ? 'not scored' : `${section.percent}%${section.band ? ` — ${section.band}` : ''}`;
