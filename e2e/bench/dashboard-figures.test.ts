import { describe, expect, it } from '@jest/globals';
import {
  bytesGrown,
  cumulativeLayoutShift,
  describeGrowth,
  firstScreenMarks,
  median,
  screenChangeMarks,
  type DashboardBytes,
} from './dashboard-figures';

/** Figures of one persona on one network: the first screen's kilobytes and each screen's. */
const figures = (first: number, screens: Record<string, number>): DashboardBytes => ({
  personas: {
    business: {
      profiles: {
        '4g': {
          firstScreen: { median: { kilobytes: first } },
          screens: Object.entries(screens).map(([name, kilobytes]) => ({ name, median: { kilobytes } })),
        },
      },
    },
  },
});

describe('the bytes check against the committed figures', () => {
  it('passes screens that grew by 10 % or less, or shrank', () => {
    const committed = figures(100, { Insights: 20, Actions: 30 });
    expect(bytesGrown(committed, figures(110, { Insights: 22, Actions: 12 }))).toEqual([]);
  });

  it('names each screen that grew by more than 10 %, with both figures', () => {
    const committed = figures(100, { Insights: 20, Actions: 30 });
    const grown = bytesGrown(committed, figures(110.1, { Insights: 20, Actions: 33.5 }));
    expect(grown).toEqual([
      { screen: 'business, 4g, first screen', beforeKilobytes: 100, nowKilobytes: 110.1 },
      { screen: 'business, 4g, Actions', beforeKilobytes: 30, nowKilobytes: 33.5 },
    ]);
    expect(grown.map(describeGrowth)).toEqual([
      'business, 4g, first screen: 110.1 KB, up from 100 KB committed (+10.1 %; at most +10 % or 0.5 KB allowed)',
      'business, 4g, Actions: 33.5 KB, up from 30 KB committed (+11.7 %; at most +10 % or 0.5 KB allowed)',
    ]);
  });

  it('says a screen that downloaded nothing before grew from nothing', () => {
    const [grown] = bytesGrown(figures(100, { Profile: 0 }), figures(100, { Profile: 1.5 }));
    expect(describeGrowth(grown!)).toBe(
      'business, 4g, Profile: 1.5 KB, up from 0 KB committed (from nothing; at most +10 % or 0.5 KB allowed)',
    );
  });

  it('lets a screen grow by 0.5 KB, one small request landing before it is usable', () => {
    const committed = figures(100, { Profile: 0, Users: 2.7 });
    expect(bytesGrown(committed, figures(100, { Profile: 0.3, Users: 3.2 }))).toEqual([]);
    expect(
      bytesGrown(committed, figures(100, { Profile: 0.6, Users: 3.3 })).map(({ screen }) => screen),
    ).toEqual(['business, 4g, Profile', 'business, 4g, Users']);
  });

  it('has nothing to compare a new screen, or a first run, with', () => {
    expect(bytesGrown(figures(100, {}), figures(100, { Reports: 50 }))).toEqual([]);
    expect(bytesGrown(null, figures(100, { Reports: 50 }))).toEqual([]);
  });

  it('compares a screen only with the same persona on the same network', () => {
    const committed = figures(100, { Insights: 20 });
    const grownElsewhere = figures(500, { Insights: 40 }).personas.business!;
    const now: DashboardBytes = {
      personas: {
        business: {
          profiles: { ...committed.personas.business!.profiles, unthrottled: grownElsewhere.profiles['4g']! },
        },
        publisher: grownElsewhere,
      },
    };
    expect(bytesGrown(committed, now)).toEqual([]);
  });
});

describe('CLS', () => {
  it('is the largest window of shifts less than 1 s apart', () => {
    const shifts = [
      { ms: 100, value: 0.05 },
      { ms: 900, value: 0.04 },
      // More than 1 s after the one before: a new window.
      { ms: 2000, value: 0.02 },
      { ms: 2500, value: 0.01 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBe(0.09);
  });

  it('closes a window after 5 s even when shifts keep coming', () => {
    const shifts = Array.from({ length: 12 }, (_, i) => ({ ms: i * 900, value: 0.01 }));
    // 0, 900, …, 4500 (6 shifts) fit the first 5 s; the next window starts at 5400.
    expect(cumulativeLayoutShift(shifts)).toBe(0.06);
  });

  it('is 0 without shifts', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
  });
});

describe('targets', () => {
  it('holds the first screen to 1 s without emulation and 2 s on 4G, 150 KB, 15 requests and a CLS of 0.1', () => {
    const figures = { lcpMs: 900, usableMs: 1500, kilobytes: 150, requests: 16, cls: 0.1 };
    expect(firstScreenMarks('unthrottled', figures)).toEqual({
      usableMs: 'missed',
      kilobytes: 'met',
      requests: 'missed',
      cls: 'met',
    });
    expect(firstScreenMarks('4g', figures).usableMs).toBe('met');
  });

  it('holds a screen change to 500 ms, an INP of 200 ms and a CLS of 0.1', () => {
    expect(screenChangeMarks({ usableMs: 500, inpMs: 201, kilobytes: 9, requests: 2, cls: 0.11 })).toEqual({
      usableMs: 'met',
      inpMs: 'missed',
      cls: 'missed',
    });
  });

  it('takes the middle run as the median', () => {
    expect(median([300, 100, 200])).toBe(200);
  });
});
