import { API } from './callables';
import {
  base64Facts,
  EVIDENCE_ACCEPT,
  EVIDENCE_FILE_MAX_BYTES,
  evidenceExtension,
  evidenceLock,
  formatFileSize,
  safeEvidenceName,
} from './evidence';
import { fieldProblem, REQUESTS } from './requests';

describe('evidenceExtension', () => {
  it.each([
    ['report.pdf', 'pdf'],
    ['Photo.JPEG', 'jpeg'],
    ['meter.reading.xlsx', 'xlsx'],
    ['notes.txt ', 'txt'],
    ['page.html', null],
    ['drawing.svg', null],
    ['no-extension', null],
    ['trailing.', null],
  ])('%s → %s', (name, extension) => {
    expect(evidenceExtension(name)).toBe(extension);
  });

  it('offers the same extensions to the file input', () => {
    expect(EVIDENCE_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.pdf', '.png', '.docx', '.csv']));
    expect(EVIDENCE_ACCEPT).not.toMatch(/svg|html/);
  });
});

describe('safeEvidenceName', () => {
  it.each([
    ['C:\\Users\\me\\Desktop\\bill.pdf', 'bill.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['bill\u0000\u0007.pdf', 'bill.pdf'],
    ['invoice\u202Efdp.exe.pdf', 'invoicefdp.exe.pdf'],
    ['  two   spaces\tand tab.pdf ', 'two spaces and tab.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['', 'evidence'],
    ['/', 'evidence'],
  ])('%j → %j', (name, safe) => {
    expect(safeEvidenceName(name)).toBe(safe);
  });

  it('cuts a long name and keeps its extension', () => {
    const safe = safeEvidenceName(`${'a'.repeat(300)}.pdf`);
    expect(safe).toHaveLength(120);
    expect(safe.endsWith('a.pdf')).toBe(true);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [2048, '2 KB'],
    [1536, '1.5 KB'],
    [EVIDENCE_FILE_MAX_BYTES, '10 MB'],
    [Math.round(11.2 * 1024 * 1024), '11.2 MB'],
  ])('%d → %s', (bytes, words) => {
    expect(formatFileSize(bytes)).toBe(words);
  });
});

describe('evidenceLock', () => {
  it.each([
    [null, 'q1', null],
    [{ status: 'waiting', openQuestionIds: [] }, 'q1', 'inReview'],
    [{ status: 'inReview', openQuestionIds: [] }, 'q1', 'inReview'],
    [{ status: 'needsInformation', openQuestionIds: ['q1'] }, 'q1', null],
    [{ status: 'needsInformation', openQuestionIds: ['q2'] }, 'q1', 'notReopened'],
    [{ status: 'verified', openQuestionIds: [] }, 'q1', 'verified'],
    [{ status: 'declined', openQuestionIds: [] }, 'q1', null],
    [{ status: 'withdrawn', openQuestionIds: [] }, 'q1', null],
  ] as const)('%j on %s → %s', (state, questionId, lock) => {
    expect(evidenceLock(state, questionId)).toBe(lock);
  });
});

describe('the evidence requests', () => {
  const file = REQUESTS[API.addEvidenceFile].shape;
  const link = REQUESTS[API.addEvidenceLink].shape;

  it('tells a file over 10 MB by its size before decoding it', () => {
    const bytes = Math.round(11.2 * 1024 * 1024);
    const base64 = 'A'.repeat(Math.ceil(bytes / 3) * 4);
    expect(fieldProblem(file.contentBase64, base64)).toBe(
      'A file may be at most 10 MB; this one is 11.2 MB.',
    );
    expect(
      fieldProblem(file.contentBase64, 'A'.repeat(Math.floor(EVIDENCE_FILE_MAX_BYTES / 3) * 4)),
    ).toBeNull();
  });

  it('refuses an empty file and content that is not base64', () => {
    expect(fieldProblem(file.contentBase64, '')).toMatch(/empty/);
    expect(fieldProblem(file.contentBase64, 'not base64!')).toMatch(/did not arrive whole/);
  });

  it('reads base64 by its length and alphabet, with at most two "=" and only at the end', () => {
    expect(base64Facts('QUJD')).toEqual({ bytes: 3, wellFormed: true });
    expect(base64Facts('QQ==')).toEqual({ bytes: 1, wellFormed: true });
    expect(base64Facts('QUI=')).toEqual({ bytes: 2, wellFormed: true });
    for (const broken of ['', 'QQ=', 'Q===', 'QU=D', 'QU-D', 'QUJD\n'])
      expect(base64Facts(broken).wellFormed).toBe(false);
  });

  it('takes web addresses only', () => {
    expect(fieldProblem(link.url, 'https://example.com/certificate')).toBeNull();
    expect(fieldProblem(link.url, 'javascript:alert(1)')).toMatch(/starts with https:\/\//);
    expect(fieldProblem(link.url, 'file:///etc/passwd')).toMatch(/starts with https:\/\//);
    expect(fieldProblem(link.url, 'example.com')).toMatch(/starts with https:\/\//);
  });
});
