// The evidence on an answer, for every screen that shows a result's answers: the business's Evidence
// and review screen (editable while no review locks it) and the publisher's review screen (read-only).
export { EvidenceList, type EvidenceListProps } from './evidence-list';
export { resultEvidence, useEvidenceQuery } from './evidence-api';
