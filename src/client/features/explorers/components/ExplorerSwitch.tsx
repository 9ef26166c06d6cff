import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Switch.css';
import {
  Button,
  Card,
  Container,
  Fieldset,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import {
  EXPLORER_NAME_ADDRESS,
  EXPLORER_NAME_CONTROL,
  EXPLORER_NAME_MAX,
  EXPLORER_NAME_MIN,
  EXPLORER_NAME_PASS_CODE,
  EXPLORER_NAME_TOO_LONG,
  EXPLORER_NAME_TOO_SHORT,
} from '#shared/explorer-names.ts';
import type { ExplorerSetting } from '#shared/explorers.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useHydrated } from '#client/lib/hydrated.ts';
import { useExplorerSetting, useSetExplorerSetting } from '../api/explorers.ts';

/** The display name's refusals (#shared/explorers.ts), in the page's language. */
const nameErrors: Record<string, MessageDescriptor | undefined> = defineMessages({
  [EXPLORER_NAME_TOO_SHORT]: {
    id: 'explorerSwitch.nameTooShort',
    defaultMessage: 'Display name must be at least {min} characters',
  },
  [EXPLORER_NAME_TOO_LONG]: {
    id: 'explorerSwitch.nameTooLong',
    defaultMessage: 'Display name must be at most {max} characters',
  },
  [EXPLORER_NAME_CONTROL]: {
    id: 'explorerSwitch.nameControl',
    defaultMessage: 'Display name may not contain control characters or line breaks',
  },
  [EXPLORER_NAME_ADDRESS]: {
    id: 'explorerSwitch.nameAddress',
    defaultMessage: 'Display name may not contain a web or email address',
  },
  [EXPLORER_NAME_PASS_CODE]: {
    id: 'explorerSwitch.namePassCode',
    defaultMessage: 'Display name may not look like a pass code',
  },
});

/**
 * /profile's 'Explorer Board' card (docs/decisions/0047): the member chooses to be listed, and
 * under which name; left empty, the board shows their pass's code from the results files.
 */
export function ExplorerSwitch() {
  const intl = useMessages();
  const setting = useExplorerSetting();
  if (!setting.data) return null;
  return (
    <Container size="lg" pb="xl">
      <Card withBorder padding="lg" component="section" aria-labelledby="explorer-board-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="explorer-board-heading">
            {intl.formatMessage({ id: 'explorerBoard.title', defaultMessage: 'Explorer Board' })}
          </Title>
          <Text size="sm">
            {intl.formatMessage({
              id: 'explorerSwitch.text',
              defaultMessage:
                'The explorer board on the battle page lists members by the shops they have visited. Only your name and your number of shops show; your votes never do.',
            })}
          </Text>
          <ExplorerForm setting={setting.data} />
        </Stack>
      </Card>
    </Container>
  );
}

function ExplorerForm({ setting }: { setting: ExplorerSetting }) {
  const intl = useMessages();
  const save = useSetExplorerSetting();
  const form = useForm({
    initialValues: { optIn: setting.optIn, displayName: setting.displayName ?? '' },
  });
  /**
   * Empty is allowed (the pass's code is shown); anything else by the contract's rule, whose
   * schema (zod) loads when the member saves, not with the pass (docs/decisions/0051).
   */
  const nameRefusal = async (name: string): Promise<string | null> => {
    if (name.trim() === '') return null;
    const { explorerDisplayNameSchema } = await import('#shared/explorers.ts');
    const refusal = explorerDisplayNameSchema.safeParse(name).error?.issues[0]?.message;
    if (!refusal) return null;
    const words = nameErrors[refusal];
    return words
      ? intl.formatMessage(words, { min: EXPLORER_NAME_MIN, max: EXPLORER_NAME_MAX })
      : refusal;
  };
  return (
    <form
      aria-label={intl.formatMessage({
        id: 'explorerSwitch.formLabel',
        defaultMessage: 'Explorer board setting',
      })}
      onSubmit={form.onSubmit(async ({ optIn, displayName }) => {
        const refusal = await nameRefusal(displayName);
        if (refusal) form.setFieldError('displayName', refusal);
        else save.mutate(displayName.trim() === '' ? { optIn } : { optIn, displayName });
      })}
    >
      {/* Off until the app holds the form (a page the server drew, ADR 0027): what was typed
          before would show but be unknown to the form. */}
      <Fieldset variant="unstyled" disabled={!useHydrated()}>
        <Stack gap="sm">
          <Switch
            label={intl.formatMessage({
              id: 'explorerSwitch.optIn',
              defaultMessage: 'Show me on the explorer board',
            })}
            {...form.getInputProps('optIn', { type: 'checkbox' })}
          />
          <TextInput
            label={intl.formatMessage({
              id: 'explorerSwitch.displayName',
              defaultMessage: 'Display name (optional)',
            })}
            description={intl.formatMessage(
              {
                id: 'explorerSwitch.displayNameHelp',
                defaultMessage:
                  "{min} to {max} characters, no web or email addresses. Left empty, the board shows your pass's code, as the published results name it.",
              },
              { min: EXPLORER_NAME_MIN, max: EXPLORER_NAME_MAX },
            )}
            maxLength={EXPLORER_NAME_MAX}
            {...form.getInputProps('displayName')}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {intl.formatMessage({ id: 'explorerSwitch.save', defaultMessage: 'Save' })}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
