// The PDF report of a result, drawn with pdf-lib (loaded only when a report is asked for, so the
// dashboard's own code stays small): organisation, date, overall and section scores with a bar
// chart, the peer benchmark when it may be shown, and the action plan.
import type { Benchmark, ResultScore } from '@toolkit/domain';

export interface ReportInput {
  organisation: string;
  surveyTitle: string;
  completedAt: string;
  score: ResultScore;
  benchmark: Benchmark | null;
  /** Titles of the planned actions. */
  plan: string[];
  /** The date printed as "Generated on". */
  generatedOn: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;

// The standard PDF fonts encode WinAnsi only: other characters are replaced rather than refused.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const printable = (text: string) =>
  Array.from(text.normalize('NFC'), (char) =>
    (char.codePointAt(0)! >= 0x20 && char.codePointAt(0)! <= 0xff) || WIN_ANSI_EXTRA.has(char) ? char : '?',
  ).join('');

export async function buildReportPdf(input: ReportInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(`${input.surveyTitle}: ${input.organisation}`));
  pdf.setCreator('Sustainability toolkit');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const muted = rgb(0.35, 0.35, 0.35);
  const accent = rgb(0.12, 0.37, 0.29);
  const track = rgb(0.9, 0.92, 0.91);

  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const ensure = (space: number) => {
    if (y - space >= MARGIN) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  /** Writes text wrapped to the page width; returns nothing, moves y down. */
  const write = (text: string, { size = 11, font = regular, color = ink, gap = 6 } = {}) => {
    const words = printable(text).split(/\s+/).filter(Boolean);
    let line = '';
    const lines: string[] = [];
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > WIDTH && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const text of lines) {
      ensure(size + gap);
      y -= size;
      page.drawText(text, { x: MARGIN, y, size, font, color });
      y -= gap;
    }
  };

  write(input.surveyTitle, { size: 20, font: bold, gap: 10 });
  write(input.organisation, { size: 15, font: bold, color: accent });
  write(`Completed on ${input.completedAt}`, { color: muted, gap: 18 });

  const { overall, band } = input.score;
  write(`Overall score: ${overall.percent}% (${overall.points} of ${overall.max})`, { size: 14, font: bold });
  if (band) write(`${band.label}${band.description ? `: ${band.description}` : ''}`, { gap: 16 });

  write('Scores by area', { size: 13, font: bold, gap: 10 });
  const sections = [...input.score.sections]
    .sort((a, b) => a.sectionIndex - b.sectionIndex)
    .filter((section) => section.weight > 0 && section.max > 0);
  for (const section of sections) {
    ensure(40);
    write(`${section.title}: ${section.percent}%`, { size: 11, gap: 4 });
    const filled = (Math.min(100, Math.max(0, section.percent)) / 100) * WIDTH;
    page.drawRectangle({ x: MARGIN, y: y - 12, width: WIDTH, height: 12, color: track });
    if (filled > 0) page.drawRectangle({ x: MARGIN, y: y - 12, width: filled, height: 12, color: accent });
    y -= 24;
  }

  y -= 8;
  write('Compared with your peers', { size: 13, font: bold, gap: 10 });
  const { benchmark } = input;
  if (benchmark?.status === 'shown') {
    write(
      `Compared with ${benchmark.organisations} organisations, your overall score is higher than ` +
        `${benchmark.overall.percentile}% of theirs (their median: ${benchmark.overall.peers.median}%).`,
    );
    for (const row of benchmark.sections) {
      write(`${row.title}: you ${row.yours}%, median ${row.peers.median}%, percentile ${row.percentile}`, {
        color: muted,
        gap: 4,
      });
    }
    y -= 10;
  } else {
    write(
      benchmark?.status === 'too-few'
        ? `The benchmark appears once ${benchmark.needed} organisations have completed this survey.`
        : 'No benchmark is available for this result.',
      { color: muted, gap: 16 },
    );
  }

  write('Action plan', { size: 13, font: bold, gap: 10 });
  if (input.plan.length === 0) write('No actions are planned yet.', { color: muted });
  for (const action of input.plan) write(`•  ${action}`, { gap: 4 });

  y -= 16;
  write(`Generated on ${input.generatedOn}`, { size: 9, color: muted });
  return pdf.save();
}
