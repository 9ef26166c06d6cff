import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { ChallengeDto } from '#shared/challenges.ts';

/**
 * The organizer pages' challenge picker: every challenge, the current battle (docs/GLOSSARY.md)
 * marked ' (Active)' as the spec says.
 */
export function ChallengeSelect({
  challenges,
  currentId,
  selected,
  onSelect,
}: {
  challenges: ChallengeDto[];
  currentId: number | null;
  selected: ChallengeDto | null;
  onSelect: (challengeId: number) => void;
}) {
  return (
    <Select
      label="Challenge"
      placeholder="Select a Challenge"
      data={challenges.map((challenge) => ({
        value: String(challenge.id),
        label: `${challenge.title}${challenge.id === currentId ? ' (Active)' : ''}`,
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
