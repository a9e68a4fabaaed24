// insights-exportResults: every counted completed result of a publisher's survey as CSV, one row per
// result and one column per question, newest first (a result with no scored answer is left out). Read and sent a page at a time, so neither the server's
// memory nor the request's duration grows with the whole export before the first bytes leave.
import { API, CSV_BOM, csvRow, shownPercent, type ApiResponses } from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { defineHandler } from '../../api/handler';
import { allAnswers, listCompletedResults } from '../../repositories/results';
import { loadPublishedSurvey } from './access';
import { answerText, isCounted, receivedRow } from './received';

const PAGE = 200;

export const exportReceivedResults = defineHandler({
  name: API.exportReceivedResults,
  access: 'member:viewInsights',
  input: REQUESTS[API.exportReceivedResults],
  async run(
    { surveyId },
    { caller, deps, request },
  ): Promise<ApiResponses[typeof API.exportReceivedResults]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    const questions = definition.sections
      .flatMap((section) => section.questions)
      .filter((question) => question.type !== 'content');
    const header = csvRow([
      'Result',
      'Completed',
      'Organisation',
      'Respondent',
      'Overall %',
      'Band',
      ...definition.sections.map((section) => `${section.title} %`),
      ...questions.map((question) => question.title),
    ]);
    const { stream } = request;
    // Without a stream (an old client) the answer holds the whole file.
    const kept: string[] = [];
    const emit = async (csv: string) => (stream ? stream.send({ csv }) : (kept.push(csv), true));

    let rows = 0;
    let after: string | undefined;
    if (!(await emit(CSV_BOM + header))) return { rows, csv: '' };
    for (;;) {
      const page = await listCompletedResults(deps.store, definition.tenantId, surveyId, PAGE, after);
      if (page.length === 0) break;
      const counted = page.filter(({ result }) => isCounted(definition, result));
      const lines = counted.map(({ resultId, result }) => {
        const row = receivedRow(definition, resultId, result);
        const answers = allAnswers(result);
        // A section shown "not scored" is an empty cell, not 0.
        const sectionPercent = (index: number) => {
          const section = result.score?.sections.find((each) => each.sectionIndex === index);
          return section ? shownPercent(section) : null;
        };
        return csvRow([
          row.resultId,
          row.completedAt,
          row.organisation,
          row.respondent,
          row.overallPercent,
          row.band,
          ...definition.sections.map((_, index) => sectionPercent(index)),
          ...questions.map((question) => {
            const answer = answers[question.id];
            return answer === undefined || answer === null ? '' : answerText(question, answer);
          }),
        ]);
      });
      rows += counted.length;
      // A client that has gone stops the export.
      if (lines.length > 0 && !(await emit(lines.join('')))) return { rows, csv: '' };
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.resultId;
    }
    return { rows, csv: stream ? '' : kept.join('') };
  },
});
