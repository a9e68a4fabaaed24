import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { API, formatDate, type ApiRequest, type EvidenceItem } from '@toolkit/domain';
import { WithApi } from '@toolkit/data';
import { deferred, serverError } from '@toolkit/platform/testing';
import { createAppStore } from '@toolkit/store-contract';
import { renderWithProviders } from '@toolkit/store-contract/testing';
import { buildTheme } from '@toolkit/ui';
import { createFakeApi, type FakeApi } from '../../testing/fake-api';
import { EvidenceList, useEvidenceQuery } from '.';

const REF = { surveyId: 'business-quickscan', resultId: 'result-1' };
const QUESTION = 'renewable-electricity';

const BILL: EvidenceItem = {
  evidenceId: 'e-1',
  questionId: QUESTION,
  kind: 'file',
  name: 'Power bill March.pdf',
  url: null,
  contentType: 'application/pdf',
  bytes: 240 * 1024,
  note: 'Green power plan, page 2',
  addedAt: '2026-12-03T10:00:00.000Z',
  addedBy: 'Olivia Owens',
};
const REGISTER: EvidenceItem = {
  evidenceId: 'e-2',
  questionId: QUESTION,
  kind: 'link',
  name: 'https://register.example.org/cert/123',
  url: 'https://register.example.org/cert/123',
  contentType: null,
  bytes: null,
  note: null,
  addedAt: '2026-12-04T10:00:00.000Z',
  addedBy: 'Sam Smith',
};

/** The answer's list as a screen shows it: its items from the result's evidence, read again after a change. */
function Answer({ editable }: { editable: boolean }) {
  const { data } = useEvidenceQuery(REF);
  const items = (data?.items ?? []).filter((item) => item.questionId === QUESTION);
  return <EvidenceList {...REF} questionId={QUESTION} items={items} editable={editable} />;
}

/** A backend holding `stored`, which the adds and removals change. */
function backendWith(stored: EvidenceItem[]) {
  let next = 10;
  return createFakeApi({
    [API.listEvidence]: () => ({ items: [...stored] }),
    [API.addEvidenceFile]: ({ questionId, fileName, contentBase64, note }) => {
      const item: EvidenceItem = {
        ...BILL,
        evidenceId: `e-${++next}`,
        questionId,
        name: fileName,
        bytes: atob(contentBase64).length,
        note: note ?? null,
      };
      stored.push(item);
      return { item };
    },
    [API.addEvidenceLink]: ({ questionId, url, note }) => {
      const item: EvidenceItem = {
        ...REGISTER,
        evidenceId: `e-${++next}`,
        questionId,
        name: url,
        url,
        note: note ?? null,
      };
      stored.push(item);
      return { item };
    },
    [API.removeEvidence]: ({ evidenceId }) => {
      stored.splice(
        stored.findIndex((item) => item.evidenceId === evidenceId),
        1,
      );
      return { status: 'ok' };
    },
    [API.getEvidenceDownload]: ({ evidenceId }) => ({
      url: `http://127.0.0.1:5001/evidence-files/token-of-${evidenceId}`,
      expiresAt: '2026-12-05T10:05:00.000Z',
    }),
  });
}

function setup(api: FakeApi, editable = true) {
  const store = createAppStore({ storage: null, extra: api.services });
  renderWithProviders(
    <ThemeProvider theme={buildTheme()}>
      <WithApi>
        <Answer editable={editable} />
      </WithApi>
    </ThemeProvider>,
    { store },
  );
  return userEvent.setup();
}

/** The chooser "Add files" opens; a test hands it files as the browser's dialog would. */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

const pdf = (name: string, bytes = 1000) =>
  new File([new Uint8Array(bytes).fill(37)], name, { type: 'application/pdf' });

afterEach(() => jest.restoreAllMocks());

describe('EvidenceList', () => {
  it('shows each item with its name, kind and size, note, who added it and when', async () => {
    setup(backendWith([BILL, REGISTER]), false);
    const [bill, link] = await screen.findAllByRole('listitem');
    expect(bill).toHaveTextContent('Power bill March.pdf');
    expect(bill).toHaveTextContent(`A PDF, 240 KB · added by Olivia Owens on ${formatDate(BILL.addedAt)}`);
    expect(bill).toHaveTextContent('Green power plan, page 2');
    expect(within(link!).getByRole('link', { name: REGISTER.url! })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(link).toHaveTextContent(`A link · added by Sam Smith on ${formatDate(REGISTER.addedAt)}`);
    // Read-only: a reviewer downloads, but neither removes nor adds.
    expect(screen.getByRole('button', { name: 'Download Power bill March.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Files' })).not.toBeInTheDocument();
  });

  it('says when an answer has no evidence yet', async () => {
    const api = backendWith([]);
    setup(api, false);
    expect(await screen.findByText('No evidence on this answer yet.')).toBeInTheDocument();
  });

  it('downloads a file through a fresh link from the server', async () => {
    const api = backendWith([BILL]);
    const opened: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.href);
    });
    const user = setup(api);
    await user.click(await screen.findByRole('button', { name: 'Download Power bill March.pdf' }));
    await waitFor(() => expect(opened).toEqual(['http://127.0.0.1:5001/evidence-files/token-of-e-1']));
    expect(api.callsTo(API.getEvidenceDownload)).toEqual([{ ...REF, evidenceId: 'e-1' }]);
  });

  it('removes an item only once confirmed, and the list follows', async () => {
    const api = backendWith([BILL, REGISTER]);
    const user = setup(api);
    await user.click(await screen.findByRole('button', { name: 'Remove Power bill March.pdf' }));
    const confirm = screen.getByRole('group', { name: 'Confirm removing Power bill March.pdf' });
    expect(confirm).toHaveTextContent('Remove “Power bill March.pdf” from this answer? The file is deleted.');
    expect(within(confirm).getByRole('button', { name: 'Yes, remove it' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(API.removeEvidence)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Remove Power bill March.pdf' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Power bill March.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(screen.queryByText('Power bill March.pdf')).not.toBeInTheDocument());
    expect(api.callsTo(API.removeEvidence)).toEqual([{ ...REF, evidenceId: 'e-1' }]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('tells a refused removal in the server’s words', async () => {
    const api = backendWith([BILL]);
    api.handlers.set(API.removeEvidence, () =>
      serverError(
        'failed-precondition',
        'The result is being reviewed, so its evidence stays as it was sent until the reviewer answers.',
      ),
    );
    const user = setup(api);
    await user.click(await screen.findByRole('button', { name: 'Remove Power bill March.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(
      await screen.findByText(/is being reviewed, so its evidence stays as it was sent/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Power bill March.pdf' })).toBeInTheDocument();
  });

  it('uploads several files as base64 with the note, saying how far it is', async () => {
    const api = backendWith([]);
    const held = deferred<void>();
    api.gate(API.addEvidenceFile, held.promise);
    const user = setup(api);
    await user.type(await screen.findByLabelText('Note for the files (optional)'), 'March and April');
    const chooser = jest.spyOn(fileInput(), 'click');
    await user.click(screen.getByRole('button', { name: 'Add files' }));
    expect(chooser).toHaveBeenCalled();
    await user.upload(fileInput(), [pdf('bill.pdf', 3), pdf('policy.pdf', 6)]);
    expect(await screen.findByText('Uploading 1 of 2…')).toBeInTheDocument();
    await act(async () => held.resolve());
    expect(await screen.findByText('2 files added')).toBeInTheDocument();
    expect(api.callsTo(API.addEvidenceFile)).toEqual([
      { ...REF, questionId: QUESTION, fileName: 'bill.pdf', contentBase64: 'JSUl', note: 'March and April' },
      {
        ...REF,
        questionId: QUESTION,
        fileName: 'policy.pdf',
        contentBase64: 'JSUlJSUl',
        note: 'March and April',
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Download policy.pdf' })).toBeInTheDocument();
    expect(screen.getByLabelText('Note for the files (optional)')).toHaveValue('');
  });

  it('shows each refusal of the server beside the field, and adds the files it took', async () => {
    const api = backendWith([]);
    const words =
      'This file is named .pdf but its content is a PNG image. Rename it to .png, or choose the file you meant.';
    const add = api.handlers.get(API.addEvidenceFile)!;
    api.handlers.set(API.addEvidenceFile, (request: ApiRequest<typeof API.addEvidenceFile>) =>
      request.fileName === 'photo.pdf' ? serverError('invalid-argument', words) : (add(request) as never),
    );
    const user = setup(api);
    const field = fileInput();
    await user.upload(field, [pdf('photo.pdf'), pdf('bill.pdf')]);
    const refusal = await screen.findByText(`photo.pdf: ${words}`);
    const button = screen.getByRole('button', { name: 'Add files' });
    expect(button.getAttribute('aria-describedby')).toContain(refusal.closest('ul')!.id);
    expect(await screen.findByRole('button', { name: 'Download bill.pdf' })).toBeInTheDocument();
  });

  it('refuses a file over 10 MB and more than 10 per answer before sending anything', async () => {
    const api = backendWith(
      Array.from({ length: 9 }, (_, i) => ({ ...BILL, evidenceId: `e-${i}`, name: `bill-${i}.pdf` })),
    );
    const user = setup(api);
    const field = fileInput();
    await user.upload(field, [pdf('scan.pdf', Math.round(11.2 * 1024 * 1024))]);
    expect(
      await screen.findByText('scan.pdf: A file may be at most 10 MB; this one is 11.2 MB.'),
    ).toBeInTheDocument();

    await user.upload(field, [pdf('a.pdf'), pdf('b.pdf')]);
    expect(
      await screen.findByText(
        'An answer holds at most 10 pieces of evidence. Remove one before adding another. This one has room for 1 more.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(API.addEvidenceFile)).toEqual([]);
  });

  it('adds a link with a note, and refuses an address that is not a web page in words', async () => {
    const api = backendWith([]);
    const user = setup(api);
    const link = await screen.findByLabelText('Link');
    await user.type(link, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(await screen.findByText(/Give a web address that starts with https:\/\//)).toBeInTheDocument();
    expect(api.callsTo(API.addEvidenceLink)).toEqual([]);

    await user.clear(link);
    await user.type(link, 'https://register.example.org/cert/9');
    await user.type(screen.getByLabelText('Note for the link (optional)'), 'Certificate');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(
      await screen.findByRole('link', { name: 'https://register.example.org/cert/9' }),
    ).toBeInTheDocument();
    expect(api.callsTo(API.addEvidenceLink)).toEqual([
      { ...REF, questionId: QUESTION, url: 'https://register.example.org/cert/9', note: 'Certificate' },
    ]);
    // Ready for the next link.
    expect(link).toHaveValue('');
    expect(screen.getByLabelText('Note for the link (optional)')).toHaveValue('');
  });
});
