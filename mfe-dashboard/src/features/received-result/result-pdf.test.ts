import { PDFDocument } from 'pdf-lib';
import type { ReceivedResult } from '@toolkit/domain';
import { pdfText } from '../../testing/pdf-text';
import { RECEIVED } from './fixtures';
import { buildResultPdf } from './result-pdf';

const pages = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

const build = (result: ReceivedResult = RECEIVED) =>
  buildResultPdf({ surveyTitle: 'Sustainability Quickscan', result, generatedOn: 'Mar 3, 2025' });

describe('buildResultPdf', () => {
  it('puts a Quickscan-sized result on one page, every answer and score in words', async () => {
    const bytes = await build();
    expect(await pages(bytes)).toBe(1);
    const text = await pdfText(bytes);
    expect(text).toContain('Result from Harbour Bakery');
    expect(text).toContain('Respondent: Dana Reyes, dana@harbour.example');
    expect(text).toContain('Organisation profile: Harbour Bakery Pty Ltd · Food · 5 to 19 people · Victoria');
    expect(text).toContain('Overall score: 62.5% (62.5 of 100) — Making progress');
    expect(text).toContain('Energy and emissions: 75% — Leading the way');
    expect(text).toContain('Your business: not scored');
    for (const answer of RECEIVED.sections.flatMap((section) => section.answers)) {
      expect(text.replace(/\n/g, ' ')).toContain(answer.answer);
    }
  });

  it('says when the result is excluded and why, and when the respondent gave no details', async () => {
    const text = await pdfText(
      await build({
        ...RECEIVED,
        excluded: true,
        excludedReason: 'A test by our staff',
        contact: { name: null, email: null },
        joinedOrganisation: null,
      }),
    );
    expect(text).toContain('Excluded: A test by our staff');
    expect(text).toContain('Respondent: Not given');
    expect(text).toContain(
      'Organisation profile: The respondent has not joined with an organisation account',
    );
  });

  it('runs on to a second page rather than shrink past reading when the answers are very long', async () => {
    const long = 'A very long comment about what the business does. '.repeat(6);
    const sections = RECEIVED.sections.map((section) => ({
      ...section,
      answers: [...section.answers, ...section.answers].map((answer) => ({ ...answer, answer: long })),
    }));
    expect(await pages(await build({ ...RECEIVED, sections }))).toBeGreaterThan(1);
  });
});
