import { formatDate, formatDateTime } from './dates';

const WEST_OF_UTC = { locale: 'en-GB', timeZone: 'America/Los_Angeles' };

describe('formatDate', () => {
  it("shows a timestamp as a medium date in the reader's locale and zone", () => {
    expect(formatDate('2026-11-26T14:00:00.000Z', WEST_OF_UTC)).toBe('26 Nov 2026');
    expect(formatDate('2026-11-26T02:00:00.000Z', WEST_OF_UTC)).toBe('25 Nov 2026');
  });

  it('keeps a calendar day on its day west of UTC', () => {
    expect(formatDate('2026-03-01', WEST_OF_UTC)).toBe('1 Mar 2026');
  });

  it('says so when there is no date', () => {
    expect(formatDate(null)).toBe('an unknown date');
    expect(formatDate('soon')).toBe('an unknown date');
  });
});

describe('formatDateTime', () => {
  it("shows a timestamp's date and time in the reader's locale and zone", () => {
    expect(formatDateTime('2026-11-26T02:05:00.000Z', WEST_OF_UTC)).toBe('25 Nov 2026, 18:05');
    expect(
      formatDateTime('2026-11-26T02:05:00.000Z', { locale: 'en-AU', timeZone: 'Australia/Sydney' }),
    ).toBe('26 Nov 2026, 1:05 pm');
  });

  it('says so when there is no time', () => {
    expect(formatDateTime(undefined)).toBe('an unknown time');
  });
});
