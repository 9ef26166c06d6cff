import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { challengeListWords, challengeOptionLabel } from '#client/lib/admin-words.ts';
import { useNow } from '#client/lib/use-now.ts';

/**
 * The organizer pages' challenge picker: every challenge, the running one marked ' (Active)' as
 * the spec says; an upcoming or ended current battle is not (its status is not Active).
 */
export function ChallengeSelect({
  challenges,
  selected,
  onSelect,
}: {
  challenges: ChallengeDto[];
  selected: ChallengeDto | null;
  onSelect: (challengeId: number) => void;
}) {
  const now = useNow().getTime();
  const intl = useMessages();
  return (
    <Select
      label={intl.formatMessage(challengeListWords.label)}
      placeholder={intl.formatMessage({
        id: 'challengeSelect.placeholder',
        defaultMessage: 'Select a Challenge',
      })}
      data={challenges.map((challenge) => ({
        value: String(challenge.id),
        label: challengeOptionLabel(challenge, now, intl),
      }))}
      value={selected ? String(selected.id) : null}
      onChange={(value) => {
        if (value) onSelect(Number(value));
      }}
      allowDeselect={false}
      maw={480}
    />
  );
}
