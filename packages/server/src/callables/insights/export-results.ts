// insights-exportResults: every counted completed result of a publisher's survey as CSV or as an
// Excel workbook, one row per result (docs/behaviour.md, Exports), newest first (a result with no
// scored answer is left out; an excluded one is kept and marked). Read and sent a page at a time, so
// neither the server's memory nor the request's duration grows with the whole export before the
// first bytes leave.
import { API, CSV_BOM, csvRow, type ApiResponses, type ReceivedResultsExportMessage } from '@toolkit/domain';
import { defineHandler, type ServerDeps, type ServerSurveyDefinition } from '../../api/handler';
import { completedResultsPage, toStoredResult } from '../../repositories/results';
import { loadPublishedSurvey } from './access';
import { exportTable, type ExportCell, type ExportEntry } from './export-table';
import { createXlsxWriter } from './export-xlsx';
import { respondentContacts } from '../survey/respondent';
import { exclusionOf, isCounted } from './received';

const PAGE = 200;

/**
 * One page of a survey's completed results, newest first: the counted ones with what each row needs
 * besides the result (the respondents' accounts read together), and where the next page starts.
 */
async function exportPage(
  deps: ServerDeps,
  definition: ServerSurveyDefinition,
  after: string | undefined,
): Promise<{ entries: ExportEntry[]; last: string | null; full: boolean }> {
  const snapshots = await completedResultsPage(deps.store, definition.tenantId, definition.id, {
    direction: 'desc',
    limit: PAGE,
    after,
  });
  const counted = snapshots
    .map((snapshot) => ({ snapshot, result: toStoredResult(snapshot.data!) }))
    .filter(({ result }) => isCounted(definition, result));
  const contacts = await respondentContacts(
    deps.store,
    counted.map(({ result }) => result),
  );
  const entries = counted.map(({ snapshot, result }, index) => ({
    resultId: snapshot.id,
    result,
    exclusion: exclusionOf(snapshot.data),
    contact: contacts[index]!,
  }));
  return { entries, last: snapshots.at(-1)?.id ?? null, full: snapshots.length === PAGE };
}

/** A file format's writer: each call turns rows into the next part of the file. */
interface FileParts {
  start(header: string[]): string;
  rows(rows: ExportCell[][]): string;
  end(): Promise<string>;
}

const csvParts = (): FileParts => ({
  start: (header) => CSV_BOM + csvRow(header),
  rows: (rows) => rows.map(csvRow).join(''),
  end: async () => '',
});

// The workbook's bytes travel as base64: each message is JSON.
const xlsxParts = (sheetName: string): FileParts => {
  let writer: ReturnType<typeof createXlsxWriter>;
  return {
    start(header) {
      writer = createXlsxWriter(sheetName, header);
      return writer.take().toString('base64');
    },
    rows(rows) {
      for (const row of rows) writer.addRow(row);
      return writer.take().toString('base64');
    },
    end: async () => (await writer.finish()).toString('base64'),
  };
};

export const exportReceivedResults = defineHandler(API.exportReceivedResults, {
  async run(
    { surveyId, format = 'csv' },
    { caller, deps, request },
  ): Promise<ApiResponses[typeof API.exportReceivedResults]> {
    const definition = await loadPublishedSurvey(deps, caller, surveyId);
    const table = exportTable(definition);
    const file = format === 'xlsx' ? xlsxParts(definition.title) : csvParts();
    const { stream } = request;
    let rows = 0;
    // Without a stream (an old client) the answer holds the whole file. Base64 parts are joined only
    // after decoding, since each part is padded on its own.
    const kept: string[] = [];
    const emit = async (part: string) => {
      if (part === '') return true;
      if (!stream) return (kept.push(part), true);
      const message: ReceivedResultsExportMessage =
        format === 'xlsx' ? { rows, xlsx: part } : { rows, csv: part };
      return stream.send(message);
    };
    const answer = () => {
      if (stream) return { rows, csv: '' };
      if (format === 'csv') return { rows, csv: kept.join('') };
      const bytes = Buffer.concat(kept.map((part) => Buffer.from(part, 'base64')));
      return { rows, csv: '', xlsx: bytes.toString('base64') };
    };

    // A client that has gone stops the export.
    if (!(await emit(file.start(table.header)))) return answer();
    let after: string | undefined;
    for (;;) {
      const page = await exportPage(deps, definition, after);
      rows += page.entries.length;
      if (!(await emit(file.rows(page.entries.map((entry) => table.cells(entry)))))) return answer();
      if (!page.full || !page.last) break;
      after = page.last;
    }
    await emit(await file.end());
    return answer();
  },
});
