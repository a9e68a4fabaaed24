import { PDFDocument } from 'pdf-lib';
import { SCORE } from '../../testing/results';
import { printable } from '../../shared/pdf-writer';
import { buildReportPdf, type ReportInput } from './pdf-report';

const INPUT: ReportInput = {
  organisation: 'Harbour Bakery',
  surveyTitle: 'Sustainability Quickscan',
  completedAt: 'Mar 2, 2025',
  score: SCORE,
  benchmark: null,
  plan: ['Switch to LED lighting'],
  generatedOn: 'Mar 3, 2025',
};

describe('buildReportPdf', () => {
  it('makes a PDF titled with the survey and organisation', async () => {
    const pdf = await PDFDocument.load(await buildReportPdf(INPUT));
    expect(pdf.getTitle()).toBe('Sustainability Quickscan: Harbour Bakery');
    expect(pdf.getPageCount()).toBe(1);
  });

  it('adds pages rather than writing past the bottom of one', async () => {
    const plan = Array.from({ length: 80 }, (_, i) => `Action number ${i + 1}`);
    const pdf = await PDFDocument.load(await buildReportPdf({ ...INPUT, plan }));
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });

  it('writes names the standard fonts cannot encode with a stand-in instead of failing', async () => {
    expect(printable('Café “Ōtaki” 🌱 – 50%')).toBe('Café “?taki” ? – 50%');
    await expect(buildReportPdf({ ...INPUT, organisation: 'Ōtaki 🌱 Ltd' })).resolves.toBeInstanceOf(
      Uint8Array,
    );
  });
});
