import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import { Alert, Fieldset, Group, Input, Switch, Text, TextInput } from '@mantine/core';
import { hoursWords, WEEK_DAYS, type DayHours } from '#shared/hours.ts';
import { useMessages } from '#client/i18n/language.tsx';

export interface HoursPickerProps {
  week: DayHours[];
  onChange: (week: DayHours[]) => void;
  /** The stored hours when the picker could not read all of them; shown so nothing is lost unseen. */
  unreadable: string | null;
  error?: string | null;
}

/** A Monday-first week's day (index 0 is Monday) in the page's language: 'Monday', 'Lunes'. */
function dayName(index: number, locale: string): string {
  // 2026-11-23 was a Monday.
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 10, 23 + index)),
  );
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * Opening hours a day at a time: an open switch and from/to times beside each day's name, and
 * under them the week in words, the words a CSV import's hours column takes.
 */
export function HoursPicker({ week, onChange, unreadable, error }: HoursPickerProps) {
  const intl = useMessages();
  const words = hoursWords(week);
  const change = (index: number, day: Partial<DayHours>) =>
    onChange(week.map((each, at) => (at === index ? { ...each, ...day } : each)));
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="sm" fw={600}>
          {intl.formatMessage({ id: 'hoursPicker.legend', defaultMessage: 'Opening hours' })}
        </Text>
      }
    >
      {unreadable !== null && (
        <Alert
          color="yellow"
          mb="xs"
          title={intl.formatMessage({
            id: 'hoursPicker.unreadable',
            defaultMessage: 'Hours the picker cannot read',
          })}
        >
          {intl.formatMessage(
            {
              id: 'hoursPicker.unreadableText',
              defaultMessage: 'These hours are kept as they are until you change a day: {hours}',
            },
            { hours: unreadable },
          )}
        </Alert>
      )}
      {week.map((day, index) => {
        const name = dayName(index, intl.locale);
        return (
          // On a phone the times wrap under the day's switch rather than run off the dialog.
          <Group key={WEEK_DAYS[index]} gap="xs" wrap="wrap" py={4} mih={36}>
            <Switch
              label={name}
              checked={day.open}
              onChange={(event) => {
                const open = event.currentTarget.checked;
                // A day opened for the first time starts with the usual hours, ready to adjust.
                change(
                  index,
                  open && !day.from && !day.to ? { open, from: '09:00', to: '17:00' } : { open },
                );
              }}
              w={150}
              styles={{ label: { whiteSpace: 'nowrap' } }}
            />
            {day.open ? (
              <Group gap={6} wrap="nowrap">
                <TextInput
                  type="time"
                  size="xs"
                  aria-label={intl.formatMessage(
                    { id: 'hoursPicker.opensAt', defaultMessage: '{day} opens at' },
                    { day: name },
                  )}
                  value={day.from}
                  onChange={(event) => change(index, { from: event.currentTarget.value })}
                />
                <Text size="sm" aria-hidden>
                  {intl.formatMessage({ id: 'hoursPicker.to', defaultMessage: 'to' })}
                </Text>
                <TextInput
                  type="time"
                  size="xs"
                  aria-label={intl.formatMessage(
                    { id: 'hoursPicker.closesAt', defaultMessage: '{day} closes at' },
                    { day: name },
                  )}
                  value={day.to}
                  onChange={(event) => change(index, { to: event.currentTarget.value })}
                />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {intl.formatMessage({ id: 'hoursPicker.closed', defaultMessage: 'Closed' })}
              </Text>
            )}
          </Group>
        );
      })}
      {words && (
        <Text size="xs" c="dimmed" mt={4}>
          {intl.formatMessage(
            { id: 'hoursPicker.csvWords', defaultMessage: 'In a CSV import: <words></words>' },
            { words: () => <span translate="no">{words}</span> },
          )}
        </Text>
      )}
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </Fieldset>
  );
}
