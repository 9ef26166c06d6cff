import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
import {
  Button,
  Card,
  Container,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EXPLORER_NAME_MAX,
  EXPLORER_NAME_MIN,
  explorerDisplayNameSchema,
  type ExplorerSetting,
} from '#shared/explorers.ts';
import { useExplorerSetting, useSetExplorerSetting } from '../api/explorers.ts';

/**
 * /profile's 'Explorer Board' card (docs/decisions/0047): the member chooses to be listed, and
 * under which name; left empty, the board shows their pass's code from the results files.
 */
export function ExplorerSwitch() {
  const setting = useExplorerSetting();
  if (!setting.data) return null;
  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="explorer-board-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="explorer-board-heading">
            Explorer Board
          </Title>
          <Text size="sm">
            The explorer board on the battle page lists members by the shops they have visited. Only
            your name and your number of shops show; your votes never do.
          </Text>
          <ExplorerForm setting={setting.data} />
        </Stack>
      </Card>
    </Container>
  );
}

function ExplorerForm({ setting }: { setting: ExplorerSetting }) {
  const save = useSetExplorerSetting();
  const form = useForm({
    initialValues: { optIn: setting.optIn, displayName: setting.displayName ?? '' },
    validate: {
      // Empty is allowed (the pass's code is shown); anything else by the contract's rule.
      displayName: (value) =>
        value.trim() === ''
          ? null
          : (explorerDisplayNameSchema.safeParse(value).error?.issues[0]?.message ?? null),
    },
  });
  return (
    <form
      aria-label="Explorer board setting"
      onSubmit={form.onSubmit(({ optIn, displayName }) =>
        save.mutate(displayName.trim() === '' ? { optIn } : { optIn, displayName }),
      )}
    >
      <Stack gap="sm">
        <Switch
          label="Show me on the explorer board"
          {...form.getInputProps('optIn', { type: 'checkbox' })}
        />
        <TextInput
          label="Display name (optional)"
          description={`${EXPLORER_NAME_MIN} to ${EXPLORER_NAME_MAX} characters, no web or email addresses. Left empty, the board shows your pass's code, as the published results name it.`}
          maxLength={EXPLORER_NAME_MAX}
          {...form.getInputProps('displayName')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
