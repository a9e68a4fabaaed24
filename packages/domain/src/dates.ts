// One way to show a date anywhere in the apps: the reader's locale, medium length ("26 Nov 2026").

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Where and how the date is read: the reader's locale and time zone unless a test names them. */
export interface DateReader {
  locale?: string;
  timeZone?: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(
  locale: string | undefined,
  timeZone: string | undefined,
  withTime = false,
): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' as const } : {}),
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A stored ISO timestamp, or a calendar day (YYYY-MM-DD, e.g. a due date), as a date in the reader's
 * locale. A calendar day is that day wherever the reader is, not UTC midnight moved into their zone.
 */
export function formatDate(value: string | null | undefined, reader: DateReader = {}): string {
  const day = value ? DAY_ONLY.exec(value) : null;
  if (day) {
    return formatFor(reader.locale, 'UTC').format(
      Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])),
    );
  }
  const time = Date.parse(value ?? '');
  return Number.isNaN(time) ? 'an unknown date' : formatFor(reader.locale, reader.timeZone).format(time);
}

/** A stored ISO timestamp as its date and time in the reader's locale and time zone ("26 Nov 2026, 2:05 pm"). */
export function formatDateTime(value: string | null | undefined, reader: DateReader = {}): string {
  const time = Date.parse(value ?? '');
  return Number.isNaN(time)
    ? 'an unknown time'
    : formatFor(reader.locale, reader.timeZone, true).format(time);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_ONLY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
