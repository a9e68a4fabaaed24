// One received result as a one-page PDF: who answered and their organisation, the overall and
// section scores with their bands, then every answer in two columns. A long result is set smaller
// until it fits one page (down to a floor, past which it runs on to a second).
import { formatDate, type ReceivedResult } from '@toolkit/domain';
import { createPdfWriter, type PdfBrand } from '../../shared/pdf-writer';
import { contactLine, organisationLine, sectionScore } from './result-words';

export interface ResultPdfInput {
  surveyTitle: string;
  result: ReceivedResult;
  /** The date printed as "Generated on". */
  generatedOn: string;
  brand?: PdfBrand | null;
}

/** From full size down to the smallest still readable on paper. */
const SCALES = [1, 0.9, 0.8, 0.72, 0.64, 0.56];
/** A comment longer than this is cut in the PDF (the screen and the exports hold it whole). */
const ANSWER_MAX = 280;

const cut = (text: string) => (text.length > ANSWER_MAX ? `${text.slice(0, ANSWER_MAX - 1)}…` : text);

async function render({ surveyTitle, result, generatedOn, brand }: ResultPdfInput, scale: number) {
  const size = (points: number) => points * scale;
  const organisation = result.organisation ?? 'an organisation not named';
  const pdf = await createPdfWriter(`${surveyTitle}: ${organisation}`, brand ?? null);
  pdf.write(surveyTitle, { size: size(16), bold: true, gap: size(6) });
  pdf.write(`Result from ${organisation}`, { size: size(13), bold: true, accent: true, gap: size(4) });
  const dates = [
    result.startedAt && `Started on ${formatDate(result.startedAt)}`,
    result.completedAt ? `completed on ${formatDate(result.completedAt)}` : 'not completed yet',
  ].filter(Boolean);
  pdf.write(dates.join(', '), { size: size(9), muted: true, gap: size(4) });
  if (result.excluded) {
    pdf.write(`Excluded${result.excludedReason ? `: ${result.excludedReason}` : ''}`, {
      size: size(9),
      bold: true,
      gap: size(4),
    });
  }
  pdf.write(`Respondent: ${contactLine(result.contact)}`, { size: size(9), gap: size(2) });
  pdf.write(`Organisation profile: ${organisationLine(result.joinedOrganisation)}`, {
    size: size(9),
    gap: size(10),
  });

  const { score } = result;
  if (score) {
    pdf.write(
      `Overall score: ${score.overall.percent}% (${score.overall.points} of ${score.overall.max})` +
        (score.band ? ` — ${score.band.label}` : ''),
      { size: size(11), bold: true, gap: size(4) },
    );
  } else {
    pdf.write('Overall score: not scored', { size: size(11), bold: true, gap: size(4) });
  }
  for (const section of result.sections) {
    pdf.write(`${section.title}: ${sectionScore(section)}`, { size: size(9), gap: size(2) });
  }
  pdf.space(size(8));

  pdf.columns(2);
  for (const section of result.sections) {
    pdf.write(section.title, { size: size(10), bold: true, accent: true, gap: size(3) });
    for (const answer of section.answers) {
      pdf.write(answer.title, { size: size(7.5), muted: true, gap: size(1) });
      pdf.write(cut(answer.answer), { size: size(8.5), gap: size(1.5) });
      pdf.space(size(3));
    }
    pdf.space(size(4));
  }
  pdf.write(`Generated on ${generatedOn}`, { size: size(7), muted: true });
  return { bytes: await pdf.save(), pages: pdf.pageCount() };
}

export async function buildResultPdf(input: ResultPdfInput): Promise<Uint8Array> {
  for (const scale of SCALES.slice(0, -1)) {
    const { bytes, pages } = await render(input, scale);
    if (pages === 1) return bytes;
  }
  return (await render(input, SCALES.at(-1)!)).bytes;
}
