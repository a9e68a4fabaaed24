// Downloads every completed result of a survey as CSV. The server streams the file in pages; the
// button says how far it has got, and what failed if it did.
import { useState } from 'react';
import styled from 'styled-components';
import { API, type ApiResponses } from '@toolkit/domain';
import { callApi } from '@toolkit/platform';
import { Button, MutedText, Stack } from '@toolkit/ui';
import { fileSlug, saveFile } from '../../shared/download';
import { describeError } from '../../shared/errors';
import { useServices } from '../../shared/services';

type Answer = ApiResponses[typeof API.exportReceivedResults];

type State =
  | { kind: 'idle' }
  | { kind: 'exporting'; kilobytes: number }
  | { kind: 'done'; rows: number }
  | { kind: 'failed'; message: string };

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

export function ExportButton({ surveyId, surveyTitle }: { surveyId: string; surveyTitle: string }) {
  const { callable } = useServices();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function exportCsv() {
    const parts: string[] = [];
    let size = 0;
    setState({ kind: 'exporting', kilobytes: 0 });
    try {
      const request = { surveyId };
      const answer = callable.stream
        ? await callable.stream<typeof request, { csv: string }, Answer>(
            API.exportReceivedResults,
            request,
            ({ csv }) => {
              parts.push(csv);
              size += csv.length;
              setState({ kind: 'exporting', kilobytes: Math.round(size / 1024) });
            },
          )
        : await callApi(callable, API.exportReceivedResults, request);
      if (answer.csv) parts.push(answer.csv);
      saveFile(`${fileSlug(surveyTitle)}-results.csv`, parts, 'text/csv;charset=utf-8');
      setState({ kind: 'done', rows: answer.rows });
    } catch (error) {
      setState({ kind: 'failed', message: describeError(error, 'export the results') });
    }
  }

  return (
    <Stack gap={2}>
      <Button
        type="button"
        variant="secondary"
        onClick={() => void exportCsv()}
        disabled={state.kind === 'exporting'}
      >
        {state.kind === 'exporting' ? 'Exporting…' : 'Download all results (CSV)'}
      </Button>
      <div role="status">
        {state.kind === 'exporting' && <MutedText>Exporting… {state.kilobytes} KB so far</MutedText>}
        {state.kind === 'done' && (
          <MutedText>
            Exported {state.rows} {state.rows === 1 ? 'result' : 'results'}.
          </MutedText>
        )}
      </div>
      {state.kind === 'failed' && <Problem role="alert">{state.message}</Problem>}
    </Stack>
  );
}
