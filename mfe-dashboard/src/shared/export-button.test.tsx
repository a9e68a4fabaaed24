import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { API } from '@toolkit/domain';
import { WithApi } from '@toolkit/data';
import { deferred, serverError, streamed } from '@toolkit/platform/testing';
import { createAppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { createFakeApi, type FakeApi } from '../testing/fake-api';
import { ExportButton } from './export-button';

function setup(api: FakeApi) {
  const store = createAppStore({ storage: null, extra: api.services });
  renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <WithApi>
        <ExportButton surveyId="business-quickscan" surveyTitle="Sustainability Quickscan" />
      </WithApi>
    </ThemeProvider>,
    { store },
  );
  return userEvent.setup();
}

/** Files handed to the browser to save, with their contents. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let blob: Blob | null = null;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    blob = object as Blob;
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blob! });
  });
  return saved;
}

const bytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

afterEach(() => jest.restoreAllMocks());

describe('ExportButton', () => {
  it('saves the streamed CSV whole, named after the survey', async () => {
    const saved = captureDownloads();
    const api = createFakeApi({
      [API.exportReceivedResults]: () =>
        streamed(
          [
            { rows: 0, csv: '\uFEFFResult,Organisation\r\n' },
            { rows: 2, csv: 'r-1,"Timers, controls"\r\nr-2,Bakery\r\n' },
          ],
          { rows: 2, csv: '' },
        ),
    });
    const user = setup(api);
    await user.click(screen.getByRole('button', { name: 'Download all results (CSV)' }));
    expect(await screen.findByText('Exported 2 results as CSV.')).toBeVisible();
    expect(api.callsTo(API.exportReceivedResults)).toEqual([
      { surveyId: 'business-quickscan', format: 'csv' },
    ]);
    expect(saved.map(({ name, blob }) => [name, blob.type])).toEqual([
      ['sustainability-quickscan-results.csv', 'text/csv;charset=utf-8'],
    ]);
    expect(new TextDecoder().decode(await bytes(saved[0]!.blob))).toBe(
      'Result,Organisation\r\nr-1,"Timers, controls"\r\nr-2,Bakery\r\n',
    );
  });

  it('saves the Excel workbook from its base64 parts, each decoded on its own', async () => {
    const saved = captureDownloads();
    const workbook = Uint8Array.from({ length: 20 }, (_, index) => index * 13);
    const parts = [workbook.slice(0, 7), workbook.slice(7)].map((part) =>
      Buffer.from(part).toString('base64'),
    );
    const api = createFakeApi({
      [API.exportReceivedResults]: () =>
        streamed(
          parts.map((xlsx, index) => ({ rows: index, xlsx })),
          { rows: 1, csv: '' },
        ),
    });
    const user = setup(api);
    await user.click(screen.getByRole('button', { name: 'Download all results (Excel)' }));
    expect(await screen.findByText('Exported 1 result as Excel.')).toBeVisible();
    expect(api.callsTo(API.exportReceivedResults)).toEqual([
      { surveyId: 'business-quickscan', format: 'xlsx' },
    ]);
    expect(saved.map(({ name, blob }) => [name, blob.type])).toEqual([
      [
        'sustainability-quickscan-results.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
    ]);
    expect(await bytes(saved[0]!.blob)).toEqual(workbook);
  });

  it('says how far it has got while the export runs, and offers no second one meanwhile', async () => {
    captureDownloads();
    const api = createFakeApi({
      [API.exportReceivedResults]: () => streamed([{ rows: 200, csv: 'a' }], { rows: 200, csv: '' }),
    });
    const held = deferred<void>();
    api.gate(API.exportReceivedResults, held.promise);
    const user = setup(api);
    await user.click(screen.getByRole('button', { name: 'Download all results (Excel)' }));
    expect(await screen.findByText('Exporting as Excel… 0 results so far')).toBeVisible();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    held.resolve();
    expect(await screen.findByText('Exported 200 results as Excel.')).toBeVisible();
  });

  it("says what failed in the server's words", async () => {
    const saved = captureDownloads();
    const api = createFakeApi({
      [API.exportReceivedResults]: () =>
        serverError('failed-precondition', 'The survey could not be read just now.'),
    });
    const user = setup(api);
    await user.click(screen.getByRole('button', { name: 'Download all results (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /We couldn.t export the results as CSV.*The survey could not be read just now/,
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download all results (CSV)' })).toBeEnabled(),
    );
    expect(saved).toEqual([]);
  });
});
