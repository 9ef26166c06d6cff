import { describe, expect, it } from 'vitest';
import { DEFAULT_HOURS } from './constants.ts';
import {
  daysOf,
  hoursFromWeek,
  hoursWords,
  keptHoursLabels,
  nextOpening,
  openingOf,
  openNow,
  readHoursLabels,
  shownHours,
  weekError,
  weekFromHours,
  weekFromWords,
  type DayHours,
} from './hours.ts';
import { inSpanish } from '#tests/helpers/spanish-intl.ts';

const defaults = Object.entries(DEFAULT_HOURS);
// 2026-11-23 is a Monday. New York is UTC-5 in November; Tokyo is UTC+9 all year.
const NEW_YORK = 'America/New_York';
const TOKYO = 'Asia/Tokyo';
const at = (iso: string) => new Date(iso);

describe('openNow', () => {
  it('opens and closes on the minute the hours say, on the shop clock', () => {
    expect(openNow(defaults, at('2026-11-23T11:29:00Z'), NEW_YORK)).toBe('closed'); // Mon 6:29am
    expect(openNow(defaults, at('2026-11-23T11:30:00Z'), NEW_YORK)).toBe('open'); // Mon 6:30am
    expect(openNow(defaults, at('2026-11-24T00:59:00Z'), NEW_YORK)).toBe('open'); // Mon 7:59pm
    expect(openNow(defaults, at('2026-11-24T01:00:00Z'), NEW_YORK)).toBe('closed'); // Mon 8:00pm
  });

  it('switches to the next day’s hours at local midnight', () => {
    // Saturday opens 7am, Sunday 8am: 7:30am is open on Saturday and closed on Sunday.
    expect(openNow(defaults, at('2026-11-28T12:30:00Z'), NEW_YORK)).toBe('open'); // Sat 7:30am
    expect(openNow(defaults, at('2026-11-29T12:30:00Z'), NEW_YORK)).toBe('closed'); // Sun 7:30am
    expect(openNow(defaults, at('2026-11-29T04:59:00Z'), NEW_YORK)).toBe('closed'); // Sat 11:59pm
    expect(openNow(defaults, at('2026-11-29T13:00:00Z'), NEW_YORK)).toBe('open'); // Sun 8:00am
  });

  it('reads the weekday and time in the challenge’s zone, not the server’s', () => {
    // One instant: Sunday 9pm in New York (closed), Monday 11am in Tokyo (open).
    const instant = at('2026-11-23T02:00:00Z');
    expect(openNow(defaults, instant, NEW_YORK)).toBe('closed');
    expect(openNow(defaults, instant, TOKYO)).toBe('open');
    expect(openNow(defaults, instant, 'UTC')).toBe('closed'); // Monday 2am
  });

  it('keeps a range that runs past midnight open into the next morning', () => {
    const lateNights: [string, string][] = [['Friday - Saturday', '6pm - 2am']];
    expect(openNow(lateNights, at('2026-11-27T09:00:00Z'), TOKYO)).toBe('open'); // Fri 6pm
    expect(openNow(lateNights, at('2026-11-27T16:30:00Z'), TOKYO)).toBe('open'); // Sat 1:30am
    expect(openNow(lateNights, at('2026-11-28T16:59:00Z'), TOKYO)).toBe('open'); // Sun 1:59am
    expect(openNow(lateNights, at('2026-11-28T17:00:00Z'), TOKYO)).toBe('closed'); // Sun 2am
    expect(openNow(lateNights, at('2026-11-26T16:30:00Z'), TOKYO)).toBe('closed'); // Fri 1:30am
  });

  it('honours closed days, all-day hours and a range of days that wraps past Saturday', () => {
    const hours: [string, string][] = [
      ['Fri - Mon', 'Open 24 hours'],
      ['Tuesday', 'Closed'],
      ['Wed & Thu', '07:00 - 15:00'],
    ];
    expect(openNow(hours, at('2026-11-22T18:00:00Z'), 'UTC')).toBe('open'); // Sun 6pm
    expect(openNow(hours, at('2026-11-24T12:00:00Z'), 'UTC')).toBe('closed'); // Tue noon
    expect(openNow(hours, at('2026-11-25T14:59:00Z'), 'UTC')).toBe('open'); // Wed 2:59pm
    expect(openNow(hours, at('2026-11-26T15:00:00Z'), 'UTC')).toBe('closed'); // Thu 3pm
  });

  it('gives no answer when no entry can be read, and skips the unreadable ones', () => {
    expect(openNow([['Holidays', 'ask us']], at('2026-11-23T12:00:00Z'), 'UTC')).toBe('unknown');
    expect(openNow([], at('2026-11-23T12:00:00Z'), 'UTC')).toBe('unknown');
    const mixed: [string, string][] = [
      ['Holidays', 'ask us'],
      ['Daily', '9am - 5pm'],
    ];
    expect(openNow(mixed, at('2026-11-23T12:00:00Z'), 'UTC')).toBe('open');
  });
});

describe('nextOpening', () => {
  it('says when a closed shop opens: later today, tomorrow, or on a named day', () => {
    // Mon 5:00am, before the weekday opening.
    expect(nextOpening(defaults, at('2026-11-23T10:00:00Z'), NEW_YORK)).toBe('Opens 6:30 AM');
    // Mon 9:00pm: Tuesday's opening.
    expect(nextOpening(defaults, at('2026-11-24T02:00:00Z'), NEW_YORK)).toBe(
      'Opens tomorrow 6:30 AM',
    );
    // Fri 9:00pm: Saturday opens at 7am.
    expect(nextOpening(defaults, at('2026-11-28T02:00:00Z'), NEW_YORK)).toBe(
      'Opens tomorrow 7:00 AM',
    );
    const weekdaysOnly: [string, string][] = [
      ['Monday - Friday', '6:30am - 8:00pm'],
      ['Saturday', 'Closed'],
      ['Sunday', 'Closed'],
    ];
    // Sat noon: closed all weekend, so Monday.
    expect(nextOpening(weekdaysOnly, at('2026-11-28T17:00:00Z'), NEW_YORK)).toBe(
      'Opens Mon 6:30 AM',
    );
  });

  it('says nothing when the hours name no opening or cannot be read', () => {
    expect(nextOpening([['Daily', 'Closed']], at('2026-11-23T10:00:00Z'), NEW_YORK)).toBeNull();
    expect(nextOpening([['Whenever', 'Ask us']], at('2026-11-23T10:00:00Z'), NEW_YORK)).toBeNull();
  });
});

describe('the hours in Spanish (docs/decisions/0048-languages.md)', () => {
  // Intl's Spanish writes 'a.m.' or 'a. m.' (by its data's version), with no-break spaces.
  const plain = (text: string | null) =>
    text?.replace(/\s/g, ' ').replace(/([ap])\. m\./g, '$1.m.') ?? null;

  it('says when a closed shop opens, with the day named by Intl', () => {
    const opens = (iso: string, hours = defaults) =>
      plain(nextOpening(hours, at(iso), NEW_YORK, inSpanish));
    expect(opens('2026-11-23T10:00:00Z')).toBe('Abre a las 6:30 a.m.');
    expect(opens('2026-11-24T02:00:00Z')).toBe('Abre mañana a las 6:30 a.m.');
    expect(
      opens('2026-11-28T17:00:00Z', [
        ['Monday - Friday', '6:30am - 8:00pm'],
        ['Saturday', 'Closed'],
        ['Sunday', 'Closed'],
      ]),
    ).toBe('Abre el lunes a las 6:30 a.m.');
  });

  it('shows the hours it can read in Spanish, the rest as the organizer wrote them', () => {
    expect(
      shownHours(
        JSON.stringify({
          'Monday - Friday': '6:30am - 8:00pm',
          'Sat & Sun': 'Closed',
          Daily: 'Open 24 hours',
          'Mon, Wed, Fri': '7am - 3pm',
          Feriados: 'Consultar',
        }),
        undefined,
        inSpanish,
      ).map(([label, range]) => [plain(label), plain(range)]),
    ).toEqual([
      ['Lunes a viernes', '6:30 a.m. a 8:00 p.m.'],
      ['Sábado y domingo', 'Cerrado'],
      ['Todos los días', 'Abierto las 24 horas'],
      ['Lunes, miércoles y viernes', '7:00 a.m. a 3:00 p.m.'],
      ['Feriados', 'Consultar'],
    ]);
  });

  it('leaves the hours as written in English', () => {
    expect(shownHours(null, undefined)).toEqual(defaults);
  });
});

describe('reading the hours', () => {
  it('reads day labels', () => {
    expect(daysOf('Monday - Friday')).toEqual([1, 2, 3, 4, 5]);
    expect(daysOf('Saturday, Sunday')).toEqual([6, 0]);
    expect(daysOf('Tues')).toEqual([2]);
    expect(daysOf('Weekends')).toEqual([0, 6]);
    expect(daysOf('Every day')).toHaveLength(7);
    expect(daysOf('Mo')).toBeNull();
    expect(daysOf('Holidays')).toBeNull();
  });

  it('reads time ranges', () => {
    expect(openingOf('6:30am - 8:00pm')).toEqual({ kind: 'hours', from: 390, to: 1200 });
    expect(openingOf('12pm to 12am')).toEqual({ kind: 'hours', from: 720, to: 0 });
    expect(openingOf('noon – midnight')).toEqual({ kind: 'hours', from: 720, to: 0 });
    expect(openingOf('7 AM - 3 PM')).toEqual({ kind: 'hours', from: 420, to: 900 });
    expect(openingOf('00:00 - 24:00')).toEqual({ kind: 'all-day' });
    expect(openingOf('13pm - 2pm')).toBeNull();
    expect(openingOf('whenever')).toBeNull();
  });
});

const open = (from: string, to: string): DayHours => ({ open: true, from, to });
const closed: DayHours = { open: false, from: '', to: '' };
/** Runs of equal days, closed days, and Saturday's hours past midnight. */
const unevenWeek: DayHours[] = [
  open('07:00', '15:00'),
  open('07:00', '15:00'),
  closed,
  open('07:00', '15:00'),
  open('07:00', '22:30'),
  open('18:00', '02:00'),
  closed,
];

describe('the per-day hours picker', () => {
  it('reads the default hours as a week and writes them back in the same form', () => {
    const { week, readable } = weekFromHours(JSON.stringify(DEFAULT_HOURS));
    expect(readable).toBe(true);
    expect(week).toEqual([
      ...Array.from({ length: 5 }, () => open('06:30', '20:00')),
      open('07:00', '20:00'),
      open('08:00', '18:00'),
    ]);
    expect(JSON.parse(hoursFromWeek(week))).toEqual(DEFAULT_HOURS);
  });

  it('joins runs of equal days, says Closed, and writes what openNow reads', () => {
    const week = unevenWeek;
    const stored = hoursFromWeek(week);
    expect(JSON.parse(stored)).toEqual({
      'Monday - Tuesday': '7:00am - 3:00pm',
      Wednesday: 'Closed',
      Thursday: '7:00am - 3:00pm',
      Friday: '7:00am - 10:30pm',
      Saturday: '6:00pm - 2:00am',
      Sunday: 'Closed',
    });
    expect(weekFromHours(stored)).toEqual({ week, readable: true });
    const entries = Object.entries(JSON.parse(stored) as Record<string, string>);
    // Wednesday 2026-11-25 noon and Sunday 2026-11-29 1am (Saturday's late hours), in UTC.
    expect(openNow(entries, new Date('2026-11-25T12:00:00Z'), 'UTC')).toBe('closed');
    expect(openNow(entries, new Date('2026-11-29T01:00:00Z'), 'UTC')).toBe('open');
  });

  it('says when it cannot read stored hours, and what a day still needs', () => {
    expect(weekFromHours('{"Holidays": "Closed"}').readable).toBe(false);
    expect(weekFromHours('not json').readable).toBe(false);
    const week = weekFromHours(JSON.stringify(DEFAULT_HOURS)).week;
    expect(weekError(week)).toBeNull();
    week[2] = { open: true, from: '09:00', to: '' };
    expect(weekError(week)).toBe('Choose when Wednesday opens and closes, or mark it closed');
  });
});

describe("the picker's words, as a CSV import takes them", () => {
  const weeks: DayHours[][] = [
    weekFromHours(JSON.stringify(DEFAULT_HOURS)).week,
    unevenWeek,
    Array.from({ length: 7 }, () => open('00:00', '00:00')),
    Array.from({ length: 7 }, () => closed),
  ];

  it('writes runs of days with their hours, and reads them back to the same week', () => {
    expect(hoursWords(weeks[0]!)).toBe(
      'Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun 8:00am-6:00pm',
    );
    expect(hoursWords(weeks[1]!)).toBe(
      'Mon-Tue 7:00am-3:00pm; Wed Closed; Thu 7:00am-3:00pm; Fri 7:00am-10:30pm; Sat 6:00pm-2:00am; Sun Closed',
    );
    for (const week of weeks) {
      expect(weekFromWords(hoursWords(week)!)).toEqual({ ok: true, week });
    }
  });

  it('has no words for a week with a day still missing its times', () => {
    const week = [...weeks[0]!];
    week[0] = { open: true, from: '06:30', to: '' };
    expect(hoursWords(week)).toBeNull();
  });

  it('reads the words people type: spaces, colons, commas between ranges, line breaks, any case', () => {
    const week = weeks[0]!;
    for (const typed of [
      'Mon-Fri 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun 8:00am-6:00pm',
      'Monday - Friday 6:30am - 8:00pm; Saturday 7am - 8pm; Sunday 8am to 6pm',
      'mon-fri: 6:30 AM-8:00 PM, sat: 7am-8pm, sun: 8am-6pm',
      'Mon-Fri 6:30am-8:00pm\nSat 7:00am-8:00pm\r\nSun 8:00am-6:00pm',
      'Daily 6:30am-8:00pm; Sat 7:00am-8:00pm; Sun 08:00-18:00',
    ]) {
      expect(weekFromWords(typed), typed).toEqual({ ok: true, week });
    }
    // Days no range names are closed.
    expect(weekFromWords('Sat & Sun 8am-6pm')).toEqual({
      ok: true,
      week: [
        closed,
        closed,
        closed,
        closed,
        closed,
        open('08:00', '18:00'),
        open('08:00', '18:00'),
      ],
    });
  });

  it('names the first part it cannot read', () => {
    expect(weekFromWords('Mon-Fri 6:30am-8:00pm; Someday 9-5')).toEqual({
      ok: false,
      part: 'Someday 9-5',
    });
    expect(weekFromWords('Mon-Fri 9 to 5ish')).toEqual({ ok: false, part: 'Mon-Fri 9 to 5ish' });
    expect(weekFromWords('not json')).toEqual({ ok: false, part: 'not json' });
    expect(weekFromWords(' ; ')).toEqual({ ok: false, part: ';' });
  });
});

describe('hours labels in another language (docs/decisions/0050-content-languages.md)', () => {
  const hours = JSON.stringify({ 'Monday - Friday': '7:00am - 6:00pm', Saturday: 'Closed' });

  it('reads a JSON object of labels, and nothing else', () => {
    expect(readHoursLabels('{"Saturday":"Sábado"}')).toEqual({ Saturday: 'Sábado' });
    for (const text of ['["Sábado"]', '{"Saturday":1}', 'null', 'Sábado']) {
      expect(readHoursLabels(text)).toBeNull();
    }
  });

  it('shows each label in the language it is written in, the others as stored', () => {
    expect(shownHours(hours, { Saturday: 'Sábado' })).toEqual([
      ['Monday - Friday', '7:00am - 6:00pm'],
      ['Sábado', 'Closed'],
    ]);
    expect(shownHours(hours, undefined)).toEqual(Object.entries(JSON.parse(hours) as object));
    // A label written in the reader's language wins over the words read from the English one.
    expect(shownHours(hours, { Saturday: 'Los sábados' }, inSpanish)[1]?.[0]).toBe('Los sábados');
  });

  it('keeps only the written labels the hours still have', () => {
    expect(
      keptHoursLabels({ Saturday: ' Sábado ', Sunday: 'Domingo', 'Monday - Friday': ' ' }, hours),
    ).toBe('{"Saturday":"Sábado"}');
    expect(keptHoursLabels({ Sunday: 'Domingo' }, hours)).toBeUndefined();
  });
});
