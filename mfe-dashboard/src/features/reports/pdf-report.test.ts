import { PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import type { Benchmark, BenchmarkRow } from '@toolkit/domain';
import { pdfText } from '../../testing/pdf-text';
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

  it('says where the overall score stands among its peers, the lowest as the lowest', async () => {
    const overall = (standing: BenchmarkRow['standing']): Benchmark => ({
      status: 'shown',
      organisations: 12,
      overall: {
        title: 'Overall',
        yours: 12,
        standing,
        peers: { count: 12, mean: 40, q1: 30, median: 41, q3: 52 },
      },
      sections: [],
    });
    // Wrapped lines put back together.
    const said = async (benchmark: Benchmark) =>
      (await pdfText(await buildReportPdf({ ...INPUT, benchmark }))).replace(/\n/g, ' ');

    const lowest = await said(overall({ place: 'lowest' }));
    expect(lowest).toContain(
      'Compared with 12 organisations, your overall score is the lowest. Their median: 41%.',
    );
    expect(lowest).not.toMatch(/higher than/);
    expect(await said(overall({ place: 'between', higherThan: 40 }))).toContain(
      'Compared with 12 organisations, your overall score is higher than 40% of theirs. Their median: 41%.',
    );
  });

  it('puts the brand’s logo on top when the organisation has one', async () => {
    const PNG =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const images = async (bytes: Uint8Array) =>
      (await PDFDocument.load(bytes)).context
        .enumerateIndirectObjects()
        .filter(
          ([, object]) =>
            object instanceof PDFStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
        ).length;
    expect(await images(await buildReportPdf(INPUT))).toBe(0);
    expect(
      await images(await buildReportPdf({ ...INPUT, brand: { primaryColor: '#7a1f5c', logo: PNG } })),
      // The image, and its transparency as a second one.
    ).toBeGreaterThan(0);
  });
});
