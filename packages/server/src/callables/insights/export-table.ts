// The rows and columns of the received results export, one table for the CSV and the workbook alike
// (docs/behaviour.md, Exports): one column per question, and one per option of a multi-select
// question, so labels holding commas never have to be split again.
import { shownPercent, type RespondentContact } from '@toolkit/domain';
import type { ServerQuestion, ServerSurveyDefinition } from '../../api/handler';
import { allAnswers, type StoredResult } from '../../repositories/results';
import { answerText, receivedRow, type Exclusion } from './received';

export type ExportCell = string | number | null;

export interface ExportEntry {
  resultId: string;
  result: StoredResult;
  exclusion: Exclusion;
  contact: RespondentContact;
}

export interface ExportTable {
  header: string[];
  cells(entry: ExportEntry): ExportCell[];
}

/** A chosen option's cell in its own column; an option not chosen is an empty cell. */
const CHOSEN = 'Yes';

const isMultiSelect = (question: ServerQuestion) =>
  question.multiple === true && (question.options?.length ?? 0) > 0;

export function exportTable(definition: ServerSurveyDefinition): ExportTable {
  const questions = definition.sections
    .flatMap((section) => section.questions)
    .filter((question) => question.type !== 'content');
  const header = [
    'Result',
    'Completed',
    'Organisation',
    'Respondent name',
    'Respondent e-mail',
    'Excluded',
    'Excluded reason',
    'Overall %',
    'Band',
    ...definition.sections.map((section) => `${section.title} %`),
    ...questions.flatMap((question) =>
      isMultiSelect(question)
        ? question.options!.map((option) => `${question.title} — ${option.label}`)
        : [question.title],
    ),
  ];

  return {
    header,
    cells({ resultId, result, exclusion, contact }) {
      const row = receivedRow(definition, resultId, result, exclusion, contact);
      const answers = allAnswers(result);
      // A section shown "not scored" is an empty cell, not 0.
      const sectionPercent = (index: number) => {
        const section = result.score?.sections.find((each) => each.sectionIndex === index);
        return section ? shownPercent(section) : null;
      };
      return [
        row.resultId,
        row.completedAt,
        row.organisation,
        contact.name,
        contact.email,
        exclusion.excluded ? 'Yes' : 'No',
        exclusion.excludedReason,
        row.overallPercent,
        row.band,
        ...definition.sections.map((_, index) => sectionPercent(index)),
        ...questions.flatMap((question) => {
          const answer = answers[question.id];
          if (isMultiSelect(question)) {
            const chosen = new Set(Array.isArray(answer) ? answer : [answer]);
            return question.options!.map((option) => (chosen.has(option.id) ? CHOSEN : null));
          }
          return [answer === undefined || answer === null ? null : answerText(question, answer)];
        }),
      ];
    },
  };
}
