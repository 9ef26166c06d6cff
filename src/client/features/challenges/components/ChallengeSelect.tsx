import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';

/** The organizer pages' challenge picker: every challenge, the active one marked. */
export function ChallengeSelect({
  challenges,
  selected,
  onSelect,
}: {
  challenges: ChallengeDto[];
  selected: ChallengeDto | null;
  onSelect: (challengeId: number) => void;
}) {
  return (
    <Select
      label="Challenge"
      placeholder="Select a Challenge"
      data={challenges.map((challenge) => ({
        value: String(challenge.id),
        label: `${challenge.title}${challenge.active ? ' (Active)' : ''}`,
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
