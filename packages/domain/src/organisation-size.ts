// The organisation-size bands: one list for the Profile's Size and the Quickscan's question "How many
// people work in your business, including the owners?" (its option ids are these ids, its labels these
// labels), so an organisation is in the same band wherever it says how big it is.

export const ORGANISATION_SIZES = [
  { id: '1-4', label: '1 to 4' },
  { id: '5-19', label: '5 to 19' },
  { id: '20-49', label: '20 to 49' },
  { id: '50-199', label: '50 to 199' },
  { id: '200-plus', label: '200 or more' },
] as const;

/** What the bands count, for a field that shows them without the survey's question. */
export const ORGANISATION_SIZE_MEASURE = 'People working in it, owners included';
