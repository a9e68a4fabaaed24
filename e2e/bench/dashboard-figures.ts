// The dashboard bench's arithmetic, apart from the browser: medians, CLS as Chromium reports it, the
// targets each figure is held to, and the bytes check against the figures committed before.

export type ProfileName = 'unthrottled' | '4g';

/** A layout shift without recent input: when (ms on the page's clock) and its score. */
export interface Shift {
  ms: number;
  value: number;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/**
 * Cumulative Layout Shift as Chromium and web-vitals report it: shifts less than 1 s apart form a
 * session window of at most 5 s, and the score is the largest window's sum.
 */
export function cumulativeLayoutShift(shifts: Shift[]): number {
  let largest = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const shift of [...shifts].sort((a, b) => a.ms - b.ms)) {
    if (shift.ms - last >= 1000 || shift.ms - first >= 5000) {
      sum = 0;
      first = shift.ms;
    }
    sum += shift.value;
    last = shift.ms;
    largest = Math.max(largest, sum);
  }
  return Number(largest.toFixed(4));
}

/**
 * The targets. A screen change's are set for the 4G-like network and hold without emulation too,
 * where the page can only be quicker; the first screen has a tighter time there.
 */
export const TARGETS = {
  firstScreen: {
    usableMs: { unthrottled: 1000, '4g': 2000 } as Record<ProfileName, number>,
    kilobytes: 150,
    requests: 15,
  },
  screenChange: { usableMs: 500, inpMs: 200 },
  cls: 0.1,
};

export interface FirstScreen {
  lcpMs: number;
  usableMs: number;
  kilobytes: number;
  requests: number;
  /** The layout shifts without recent input until the first tap. */
  cls: number;
}

export interface ScreenChange {
  usableMs: number;
  /** The click's longest event duration; 0 when every event of it took under 16 ms (none reported). */
  inpMs: number;
  kilobytes: number;
  requests: number;
  /** The layout shifts without recent input from the click until the next one (or the visit's end). */
  cls: number;
}

export type Marks<T> = Partial<Record<keyof T, 'met' | 'missed'>>;

const mark = (value: number, target: number) => (value <= target ? 'met' : 'missed');

export function firstScreenMarks(profile: ProfileName, figures: FirstScreen): Marks<FirstScreen> {
  return {
    usableMs: mark(figures.usableMs, TARGETS.firstScreen.usableMs[profile]),
    kilobytes: mark(figures.kilobytes, TARGETS.firstScreen.kilobytes),
    requests: mark(figures.requests, TARGETS.firstScreen.requests),
    cls: mark(figures.cls, TARGETS.cls),
  };
}

export function screenChangeMarks(figures: ScreenChange): Marks<ScreenChange> {
  return {
    usableMs: mark(figures.usableMs, TARGETS.screenChange.usableMs),
    inpMs: mark(figures.inpMs, TARGETS.screenChange.inpMs),
    cls: mark(figures.cls, TARGETS.cls),
  };
}

export const clsMark = (cls: number) => mark(cls, TARGETS.cls);

/** The part of dashboard.json the bytes check reads: each screen's median kilobytes. */
export interface DashboardBytes {
  personas: Record<
    string,
    {
      profiles: Record<
        string,
        {
          firstScreen: { median: { kilobytes: number } };
          screens: { name: string; median: { kilobytes: number } }[];
        }
      >;
    }
  >;
}

export interface Growth {
  screen: string;
  beforeKilobytes: number;
  nowKilobytes: number;
}

/** Each screen's median kilobytes, named by persona, network and screen. */
function bytesByScreen(figures: DashboardBytes): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const [persona, { profiles }] of Object.entries(figures.personas))
    for (const [profile, { firstScreen, screens }] of Object.entries(profiles)) {
      bytes.set(`${persona}, ${profile}, first screen`, firstScreen.median.kilobytes);
      for (const screen of screens)
        bytes.set(`${persona}, ${profile}, ${screen.name}`, screen.median.kilobytes);
    }
  return bytes;
}

/** How much a screen's bytes may grow over the committed figures before the bench fails. */
export const ALLOWED_GROWTH = 0.1;
/**
 * And by how many kilobytes at least: a small request that lands just before or just after a
 * screen is usable moves a screen of a few kilobytes by more than a tenth between runs.
 */
export const ALLOWED_GROWTH_KILOBYTES = 0.5;

/**
 * The screens whose bytes grew by more than ALLOWED_GROWTH and ALLOWED_GROWTH_KILOBYTES over the
 * committed figures. A screen the committed figures do not have is new, and has nothing to grow from.
 */
export function bytesGrown(committed: DashboardBytes | null, now: DashboardBytes): Growth[] {
  if (!committed) return [];
  const before = bytesByScreen(committed);
  const grown: Growth[] = [];
  for (const [screen, nowKilobytes] of bytesByScreen(now)) {
    const beforeKilobytes = before.get(screen);
    if (
      beforeKilobytes !== undefined &&
      nowKilobytes > beforeKilobytes * (1 + ALLOWED_GROWTH) &&
      // The figures are tenths of a kilobyte: their difference is too, not 0.5000000000000004.
      Number((nowKilobytes - beforeKilobytes).toFixed(1)) > ALLOWED_GROWTH_KILOBYTES
    )
      grown.push({ screen, beforeKilobytes, nowKilobytes });
  }
  return grown;
}

export function describeGrowth({ screen, beforeKilobytes, nowKilobytes }: Growth): string {
  const growth =
    beforeKilobytes > 0 ? `+${((nowKilobytes / beforeKilobytes - 1) * 100).toFixed(1)} %` : 'from nothing';
  return `${screen}: ${nowKilobytes} KB, up from ${beforeKilobytes} KB committed (${growth}; at most +${ALLOWED_GROWTH * 100} % or ${ALLOWED_GROWTH_KILOBYTES} KB allowed)`;
}
