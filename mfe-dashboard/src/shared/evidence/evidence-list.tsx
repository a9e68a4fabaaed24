// The evidence on one answer (docs/behaviour.md, Evidence): each file or link with its note, who
// added it and when; a file downloads through a short-lived link. Where the business may change it,
// files (several at once) and links are added here and items removed after a confirmation. The
// server decides what it takes; the sizes, the count and the names are checked here first, so a
// file that cannot go is never sent.
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { describeError, toQueryError } from '@toolkit/data';
import { useRequestForm } from '@toolkit/data/form';
import {
  API,
  EVIDENCE_ACCEPT,
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_FILE_TYPES,
  EVIDENCE_NOTE_MAX,
  EVIDENCE_PER_ANSWER_MAX,
  EVIDENCE_URL_MAX,
  SERVER_ERRORS,
  evidenceExtension,
  formatDate,
  formatFileSize,
  type EvidenceItem,
} from '@toolkit/domain';
import { REQUESTS } from '@toolkit/domain/requests';
import { Button, buttonStyles, MutedText, Stack, type ButtonVariant } from '@toolkit/ui';
import { ErrorText } from '@toolkit/ui/error-text';
import { Actions, TextField } from '@toolkit/ui/form';
import { SaveProgress } from '@toolkit/ui/save-progress';
import {
  useAddEvidenceFileMutation,
  useAddEvidenceLinkMutation,
  useLazyEvidenceDownloadQuery,
  useRemoveEvidenceMutation,
} from './evidence-api';

export interface EvidenceListProps {
  surveyId: string;
  resultId: string;
  questionId: string;
  /** This answer's evidence (listEvidence's items of its question). */
  items: readonly EvidenceItem[];
  /** The business may add and remove it now: no review locks this answer. */
  editable: boolean;
}

const ItemList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ItemBox = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  min-width: 0;
`;

const ItemName = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  margin: 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const ConfirmBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
`;

const ConfirmButton = styled.button<{ $variant: ButtonVariant }>`
  ${buttonStyles}
`;

/** The browser's file chooser, opened by the "Add files" button, which keyboards and readers use. */
const HiddenFileInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Problems = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ACCEPTED_NAMES = Object.keys(EVIDENCE_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(', ');

/** What a file is, in words, from the type its content showed. */
const kindOf = (contentType: string | null) =>
  Object.values(EVIDENCE_FILE_TYPES).find((type) => type.contentType === contentType)?.label ?? 'A file';

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The server's own words for a refusal where it gave them; else what went wrong, in ours. */
function refusalOf(error: unknown, doing: string): string {
  const refused = toQueryError(error);
  const fieldWords = Object.values(refused.fields)[0];
  if (fieldWords) return fieldWords;
  return refused.hasServerMessage && refused.code !== 'unauthenticated'
    ? refused.message
    : describeError(error, doing);
}

/** Starts the download the link serves: the server sends it as an attachment, so the page stays. */
function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The file's content as base64, as addEvidenceFile takes it. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read.`));
    reader.readAsDataURL(file);
  });
}

export function EvidenceList({ surveyId, resultId, questionId, items, editable }: EvidenceListProps) {
  return (
    <Stack gap={3}>
      {items.length === 0 ? (
        <MutedText>No evidence on this answer yet.</MutedText>
      ) : (
        <ItemList aria-label="Evidence">
          {items.map((item) => (
            <EvidenceRow
              key={item.evidenceId}
              item={item}
              refs={{ surveyId, resultId, evidenceId: item.evidenceId }}
              editable={editable}
            />
          ))}
        </ItemList>
      )}
      {editable && (
        <AddEvidence surveyId={surveyId} resultId={resultId} questionId={questionId} held={items.length} />
      )}
    </Stack>
  );
}

function EvidenceRow({
  item,
  refs,
  editable,
}: {
  item: EvidenceItem;
  refs: { surveyId: string; resultId: string; evidenceId: string };
  editable: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const [fetchLink, link] = useLazyEvidenceDownloadQuery();
  const [remove, removal] = useRemoveEvidenceMutation();

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function download() {
    removal.reset();
    try {
      startDownload((await fetchLink(refs).unwrap()).url);
    } catch {
      // Told from the request's state.
    }
  }

  async function confirmRemove() {
    try {
      await remove(refs).unwrap();
    } catch {
      setConfirming(false);
      removeButton.current?.focus();
    }
  }

  const failure = removal.isError
    ? refusalOf(removal.error, 'remove the evidence')
    : link.isError
      ? refusalOf(link.error, 'download the file')
      : null;

  return (
    <ItemBox>
      <ItemName>
        {item.kind === 'link' && item.url ? (
          <a href={item.url} target="_blank" rel="noopener noreferrer">
            {item.name}
          </a>
        ) : (
          item.name
        )}
      </ItemName>
      <MutedText>
        {item.kind === 'file'
          ? `${capitalised(kindOf(item.contentType))}, ${formatFileSize(item.bytes ?? 0)}`
          : 'A link'}{' '}
        · added by {item.addedBy} on {formatDate(item.addedAt)}
      </MutedText>
      {item.note && <Note>{item.note}</Note>}
      <Actions>
        {item.kind === 'file' && (
          <Button
            variant="secondary"
            aria-label={`Download ${item.name}`}
            onClick={() => void download()}
            disabled={link.isFetching}
          >
            Download
          </Button>
        )}
        {editable && (
          <ConfirmButton
            type="button"
            $variant="secondary"
            ref={removeButton}
            aria-expanded={confirming}
            aria-label={`Remove ${item.name}`}
            onClick={() => setConfirming(true)}
          >
            Remove
          </ConfirmButton>
        )}
        <SaveProgress
          busy={removal.isLoading || link.isFetching}
          failure={failure}
          done={false}
          saving={removal.isLoading ? 'Removing…' : 'Preparing the download…'}
        />
      </Actions>
      {confirming && (
        <ConfirmBox role="group" aria-label={`Confirm removing ${item.name}`}>
          <p style={{ margin: 0 }}>
            Remove “{item.name}” from this answer?
            {item.kind === 'file' ? ' The file is deleted.' : ''}
          </p>
          <Actions>
            <ConfirmButton
              type="button"
              $variant="primary"
              ref={confirmButton}
              disabled={removal.isLoading}
              onClick={() => void confirmRemove()}
            >
              Yes, remove it
            </ConfirmButton>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                removeButton.current?.focus();
              }}
            >
              Cancel
            </Button>
          </Actions>
        </ConfirmBox>
      )}
    </ItemBox>
  );
}

/** The link form's fields as addEvidenceLink checks them. */
const LINK_FIELDS = REQUESTS[API.addEvidenceLink].pick({ url: true, note: true });

function AddEvidence({
  surveyId,
  resultId,
  questionId,
  held,
}: {
  surveyId: string;
  resultId: string;
  questionId: string;
  /** Pieces of evidence the answer holds already. */
  held: number;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileNote, setFileNote] = useState('');
  const [uploading, setUploading] = useState<{ at: number; of: number } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState(0);
  const [addFile] = useAddEvidenceFileMutation();
  const [addLink, linking] = useAddEvidenceLinkMutation();
  const linkForm = useRequestForm(LINK_FIELDS, {
    defaultValues: { url: '', note: '' },
    labels: { url: 'The link', note: 'The note' },
  });

  /** Why the chosen files cannot go, each in the server's words; none when all may be sent. */
  function problemsOf(files: readonly File[]): string[] {
    if (files.length === 0) return [];
    const found: string[] = [];
    if (held + files.length > EVIDENCE_PER_ANSWER_MAX) {
      const room = Math.max(0, EVIDENCE_PER_ANSWER_MAX - held);
      found.push(
        `${SERVER_ERRORS.evidencePerAnswerFull(EVIDENCE_PER_ANSWER_MAX)} This one has room for ${room} more.`,
      );
    }
    for (const file of files) {
      if (file.size > EVIDENCE_FILE_MAX_BYTES)
        found.push(`${file.name}: ${SERVER_ERRORS.evidenceFileTooLarge(EVIDENCE_FILE_MAX_BYTES, file.size)}`);
      else if (file.size === 0) found.push(`${file.name}: ${SERVER_ERRORS.evidenceFileEmpty}`);
      else if (evidenceExtension(file.name) === null)
        found.push(`${file.name}: ${SERVER_ERRORS.evidenceNameNeedsType(ACCEPTED_NAMES)}`);
    }
    return found;
  }

  /** Sends the chosen files one after another, as soon as they are chosen. */
  async function upload() {
    const files = [...(fileInput.current?.files ?? [])];
    // Emptied at once, so choosing the same file again (after a refusal) chooses it anew.
    if (fileInput.current) fileInput.current.value = '';
    setUploaded(0);
    const found = problemsOf(files);
    setProblems(found);
    if (found.length > 0) return;
    const refused: string[] = [];
    let sent = 0;
    for (const [index, file] of files.entries()) {
      setUploading({ at: index + 1, of: files.length });
      try {
        await addFile({
          surveyId,
          resultId,
          questionId,
          fileName: file.name,
          contentBase64: await base64Of(file),
          ...(fileNote.trim() ? { note: fileNote.trim() } : {}),
        }).unwrap();
        sent += 1;
      } catch (error) {
        refused.push(`${file.name}: ${refusalOf(error, `add ${file.name}`)}`);
      }
    }
    setUploading(null);
    setUploaded(sent);
    setProblems(refused);
    if (refused.length === 0) setFileNote('');
  }

  const submitLink = linkForm.handleSubmit(async ({ url, note }) => {
    try {
      await addLink({ surveyId, resultId, questionId, url, ...(note ? { note } : {}) }).unwrap();
      linkForm.reset({ url: '', note: '' }, { keepDirtyValues: false });
    } catch (error) {
      linkForm.showFailure(error, 'add the link');
    }
  });

  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  return (
    <Stack gap={4}>
      <Stack gap={3} role="group" aria-label="Files">
        <TextField
          label="Note for the files (optional)"
          hint="Write it before choosing the files it belongs to."
          maxLength={EVIDENCE_NOTE_MAX}
          value={fileNote}
          onChange={(event) => setFileNote(event.target.value)}
        />
        <Stack gap={2}>
          <MutedText id={hintId}>
            PDF, images, spreadsheets, documents or text; up to {formatFileSize(EVIDENCE_FILE_MAX_BYTES)} each
            and {EVIDENCE_PER_ANSWER_MAX} per answer. The files you choose are added at once.
          </MutedText>
          <Actions>
            <Button
              variant="secondary"
              disabled={uploading !== null}
              aria-describedby={problems.length > 0 ? `${hintId} ${problemsId}` : hintId}
              onClick={() => fileInput.current?.click()}
            >
              Add files
            </Button>
            <SaveProgress
              busy={uploading !== null}
              done={uploaded > 0}
              saving={uploading ? `Uploading ${uploading.at} of ${uploading.of}…` : undefined}
              saved={`${uploaded} ${uploaded === 1 ? 'file' : 'files'} added`}
            />
          </Actions>
          <HiddenFileInput
            ref={fileInput}
            type="file"
            multiple
            accept={EVIDENCE_ACCEPT}
            tabIndex={-1}
            aria-hidden="true"
            onChange={() => void upload()}
          />
          {problems.length > 0 && (
            <Problems id={problemsId} role="alert">
              {problems.map((problem) => (
                <li key={problem}>
                  <ErrorText as="span">{problem}</ErrorText>
                </li>
              ))}
            </Problems>
          )}
        </Stack>
      </Stack>
      <form onSubmit={(event) => void submitLink(event)} aria-label="Add a link" noValidate>
        <Stack gap={3}>
          <TextField
            label="Link"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={EVIDENCE_URL_MAX}
            {...linkForm.field('url')}
          />
          <TextField
            label="Note for the link (optional)"
            maxLength={EVIDENCE_NOTE_MAX}
            {...linkForm.field('note')}
          />
          <Actions>
            <Button type="submit" disabled={linking.isLoading}>
              Add link
            </Button>
            <SaveProgress
              busy={linking.isLoading}
              failure={linkForm.failure}
              done={linking.isSuccess && !linkForm.formState.isDirty}
              saved="Link added"
            />
          </Actions>
        </Stack>
      </form>
    </Stack>
  );
}
