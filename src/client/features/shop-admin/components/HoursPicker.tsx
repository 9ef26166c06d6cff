import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Fieldset.css';
import { Alert, Fieldset, Group, Input, Switch, Text, TextInput } from '@mantine/core';
import { hoursWords, WEEK_DAYS, type DayHours } from '#shared/hours.ts';

export interface HoursPickerProps {
  week: DayHours[];
  onChange: (week: DayHours[]) => void;
  /** The stored hours when the picker could not read all of them; shown so nothing is lost unseen. */
  unreadable: string | null;
  error?: string | null;
}

/**
 * Opening hours a day at a time: an open switch and from/to times beside each day's name, and
 * under them the week in words, the words a CSV import's hours column takes.
 */
export function HoursPicker({ week, onChange, unreadable, error }: HoursPickerProps) {
  const words = hoursWords(week);
  const change = (index: number, day: Partial<DayHours>) =>
    onChange(week.map((each, at) => (at === index ? { ...each, ...day } : each)));
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" size="sm" fw={600}>
          Opening hours
        </Text>
      }
    >
      {unreadable !== null && (
        <Alert color="yellow" mb="xs" title="Hours the picker cannot read">
          These hours are kept as they are until you change a day: {unreadable}
        </Alert>
      )}
      {week.map((day, index) => {
        const name = WEEK_DAYS[index]!;
        return (
          // On a phone the times wrap under the day's switch rather than run off the dialog.
          <Group key={name} gap="xs" wrap="wrap" py={4} mih={36}>
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
                  aria-label={`${name} opens at`}
                  value={day.from}
                  onChange={(event) => change(index, { from: event.currentTarget.value })}
                />
                <Text size="sm" aria-hidden>
                  to
                </Text>
                <TextInput
                  type="time"
                  size="xs"
                  aria-label={`${name} closes at`}
                  value={day.to}
                  onChange={(event) => change(index, { to: event.currentTarget.value })}
                />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Closed
              </Text>
            )}
          </Group>
        );
      })}
      {words && (
        <Text size="xs" c="dimmed" mt={4}>
          In a CSV import: <span translate="no">{words}</span>
        </Text>
      )}
      {error && <Input.Error mt={4}>{error}</Input.Error>}
    </Fieldset>
  );
}
