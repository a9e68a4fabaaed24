// Downloads every completed result of a survey as CSV. The server streams the file in pages; the
// button says how far it has got, and what failed if it did.
import { useState } from 'react';
import styled from 'styled-components';
import { describeError } from '@toolkit/data';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { fileSlug, saveFile } from '../../shared/download';
import { useExportReceivedResultsMutation } from './insights-api';

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export function ExportButton({ surveyId, surveyTitle }: { surveyId: string; surveyTitle: string }) {
  const [exportResults, exported] = useExportReceivedResultsMutation();
  const [received, setReceived] = useState(0);

  async function exportCsv() {
    setReceived(0);
    try {
      const { csv } = await exportResults({ surveyId, onProgress: setReceived }).unwrap();
      saveFile(`${fileSlug(surveyTitle)}-results.csv`, [csv], 'text/csv;charset=utf-8');
    } catch {
      // The failure shows from the request's state below.
    }
  }

  return (
    <Stack gap={2}>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void exportCsv()}
        disabled={exported.isLoading}
      >
        {exported.isLoading ? 'Exporting…' : 'Download all results (CSV)'}
      </Button>
      <div role="status">
        {exported.isLoading && <MutedText>Exporting… {Math.round(received / 1024)} KB so far</MutedText>}
        {exported.isSuccess && (
          <MutedText>
            Exported {exported.data.rows} {exported.data.rows === 1 ? 'result' : 'results'}.
          </MutedText>
        )}
      </div>
      {exported.isError && (
        <Problem role="alert">{describeError(exported.error, 'export the results')}</Problem>
      )}
    </Stack>
  );
}
