// The ESG topics sections, actions and articles belong to (the CMS's EsgTopic), named once for people.
import type { EsgTopic } from './content';

export const ESG_TOPICS = [
  'CLIMATE',
  'CIRCULARITY',
  'PEOPLE',
  'COMMUNITY',
  'GOVERNANCE',
] as const satisfies readonly EsgTopic[];

export const ESG_TOPIC_NAMES: Readonly<Record<EsgTopic, string>> = {
  CLIMATE: 'Climate',
  CIRCULARITY: 'Circularity and waste',
  PEOPLE: 'People',
  COMMUNITY: 'Community',
  GOVERNANCE: 'Governance',
};
