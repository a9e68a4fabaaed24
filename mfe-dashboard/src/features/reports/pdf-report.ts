// The PDF report of a result: organisation, date, overall and section scores with a bar chart, the
// peer benchmark when it may be shown, and the action plan.
import { overallStandingSentence, standingCell, type Benchmark, type ResultScore } from '@toolkit/domain';
import { createPdfWriter, type PdfBrand } from '../../shared/pdf-writer';

export interface ReportInput {
  organisation: string;
  surveyTitle: string;
  completedAt: string;
  score: ResultScore;
  benchmark: Benchmark | null;
  /** The planned actions, each as one line. */
  plan: string[];
  /** The date printed as "Generated on". */
  generatedOn: string;
  /** The organisation's colour and logo, where its plan includes brandkit. */
  brand?: PdfBrand | null;
}

export async function buildReportPdf(input: ReportInput): Promise<Uint8Array> {
  const pdf = await createPdfWriter(`${input.surveyTitle}: ${input.organisation}`, input.brand ?? null);
  pdf.write(input.surveyTitle, { size: 20, bold: true, gap: 10 });
  pdf.write(input.organisation, { size: 15, bold: true, accent: true });
  pdf.write(`Completed on ${input.completedAt}`, { muted: true, gap: 18 });

  const { overall, band } = input.score;
  pdf.write(`Overall score: ${overall.percent}% (${overall.points} of ${overall.max})`, {
    size: 14,
    bold: true,
  });
  if (band) pdf.write(`${band.label}${band.description ? `: ${band.description}` : ''}`, { gap: 16 });

  pdf.write('Scores by area', { size: 13, bold: true, gap: 10 });
  const sections = [...input.score.sections]
    .sort((a, b) => a.sectionIndex - b.sectionIndex)
    .filter((section) => section.weight > 0 && section.max > 0);
  for (const section of sections) {
    pdf.write(`${section.title}: ${section.percent}%`, { gap: 4 });
    pdf.bar(section.percent);
  }

  pdf.space(8);
  pdf.write('Compared with your peers', { size: 13, bold: true, gap: 10 });
  const { benchmark } = input;
  if (benchmark?.status === 'shown') {
    pdf.write(
      `${overallStandingSentence(benchmark.overall.standing, `${benchmark.organisations} organisations`)} ` +
        `Their median: ${benchmark.overall.peers.median}%.`,
    );
    for (const row of benchmark.sections) {
      pdf.write(
        `${row.title}: you ${row.yours}%, median ${row.peers.median}%, ${standingCell(row.standing).toLowerCase()}`,
        {
          muted: true,
          gap: 4,
        },
      );
    }
    pdf.space(10);
  } else {
    pdf.write(
      benchmark?.status === 'too-few'
        ? `The benchmark appears once ${benchmark.needed} organisations have completed this survey.`
        : 'No benchmark is available for this result.',
      { muted: true, gap: 16 },
    );
  }

  pdf.write('Action plan', { size: 13, bold: true, gap: 10 });
  if (input.plan.length === 0) pdf.write('No actions are planned yet.', { muted: true });
  for (const action of input.plan) pdf.write(`•  ${action}`, { gap: 4 });

  pdf.space(16);
  pdf.write(`Generated on ${input.generatedOn}`, { size: 9, muted: true });
  return pdf.save();
}
