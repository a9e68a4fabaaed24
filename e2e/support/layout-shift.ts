// The page's layout shifts, as a person would feel them: recorded from the document's start.

/**
 * An init script (page.addInitScript) recording each layout shift not caused by input in
 * `window.__shifts`; summed, stricter than CLS's session windows.
 */
export const watchShifts = () => {
  const shifts: number[] = [];
  (window as unknown as { __shifts: number[] }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) shifts.push(entry.value);
  }).observe({ type: 'layout-shift', buffered: true });
};
