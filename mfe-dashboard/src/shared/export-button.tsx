// Downloads every received result of a survey as CSV or as an Excel workbook. The server streams
// the file in pages; the buttons say how many results have arrived, and what failed if it did.
import { useState } from 'react';
import { describeError } from '@toolkit/data';
import type { ExportFormat } from '@toolkit/domain/requests';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { ErrorText } from '@toolkit/ui/error-text';
import { useDownloadReceivedResultsMutation } from './export-api';

const NAMES: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

const results = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

export function ExportButton({ surveyId, surveyTitle }: { surveyId: string; surveyTitle: string }) {
  const [download, exported] = useDownloadReceivedResultsMutation();
  const [received, setReceived] = useState(0);
  const format = exported.originalArgs?.format ?? 'csv';

  async function exportAs(chosen: ExportFormat) {
    setReceived(0);
    try {
      await download({ surveyId, surveyTitle, format: chosen, onProgress: setReceived }).unwrap();
    } catch {
      // The failure shows from the request's state below.
    }
  }

  return (
    <Stack gap={2}>
      <Stack direction="row" gap={2}>
        {(['csv', 'xlsx'] as const).map((each) => (
          <Button
            key={each}
            type="button"
            variant="secondary"
            onClick={() => void exportAs(each)}
            disabled={exported.isLoading}
          >
            Download all results ({NAMES[each]})
          </Button>
        ))}
      </Stack>
      <div role="status">
        {exported.isLoading && (
          <MutedText>
            Exporting as {NAMES[format]}… {results(received)} so far
          </MutedText>
        )}
        {exported.isSuccess && (
          <MutedText>
            Exported {results(exported.data.rows)} as {NAMES[format]}.
          </MutedText>
        )}
      </div>
      {exported.isError && (
        <ErrorText role="alert">
          {describeError(exported.error, `export the results as ${NAMES[format]}`)}
        </ErrorText>
      )}
    </Stack>
  );
}
