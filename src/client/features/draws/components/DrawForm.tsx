import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_DRAW_SHOPS } from '#shared/draw-entries.ts';
import { ContentLanguageTabs } from '#client/components/ContentLanguageTabs.tsx';
import { contentTextProps } from '#client/components/content-text-props.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useCreateDraw } from '../api/draws.ts';
import { drawFormSchema, toDrawInput, type DrawFormValues } from './draw-form-schema.ts';

/**
 * 'New prize draw': before the battle ends only (the server answers 409 after). The seed is drawn
 * by the server and stays there until the reveal (docs/RULES.md rule 19).
 */
export function DrawForm({
  challengeId,
  contentLanguage,
}: {
  challengeId: number;
  /** The battle's main language: the prize is required in it, optional in the others. */
  contentLanguage: string;
}) {
  const intl = useMessages();
  const create = useCreateDraw(challengeId);
  const form = useForm<DrawFormValues>({
    initialValues: { prize: '', winnerCount: 1, mode: 'passes', minimumShops: 4, translations: {} },
    // An empty number ('') fails the contract's type check, whose message is the one shown.
    validate: zodResolver(drawFormSchema),
  });
  return (
    <form
      aria-label={intl.formatMessage({ id: 'drawForm.label', defaultMessage: 'New prize draw' })}
      onSubmit={form.onSubmit((values) =>
        create.mutate(toDrawInput(values), { onSuccess: () => form.reset() }),
      )}
    >
      <Stack gap="sm">
        <ContentLanguageTabs contentLanguage={contentLanguage}>
          {(language) => (
            <TextInput
              label={intl.formatMessage({ id: 'drawForm.prize', defaultMessage: 'Prize' })}
              required={language === contentLanguage}
              lang={language}
              {...contentTextProps(form, 'prize', language, contentLanguage)}
            />
          )}
        </ContentLanguageTabs>
        <NumberInput
          label={intl.formatMessage({
            id: 'drawForm.winnerCount',
            defaultMessage: 'Number of winners',
          })}
          min={1}
          allowDecimal={false}
          required
          {...form.getInputProps('winnerCount')}
        />
        <Radio.Group
          label={intl.formatMessage({ id: 'drawForm.entries', defaultMessage: 'Entries' })}
          {...form.getInputProps('mode')}
        >
          <Group mt="xs">
            <Radio
              value="passes"
              label={intl.formatMessage({
                id: 'drawForm.entriesPasses',
                defaultMessage: 'One per pass that redeemed a coupon',
              })}
            />
            <Radio
              value="coupons"
              label={intl.formatMessage({
                id: 'drawForm.entriesCoupons',
                defaultMessage: 'One per redeemed coupon',
              })}
            />
            <Radio
              value="shops"
              label={intl.formatMessage({
                id: 'drawForm.entriesShops',
                defaultMessage: 'One per pass that visited at least some number of shops',
              })}
            />
          </Group>
        </Radio.Group>
        {form.values.mode === 'shops' && (
          <NumberInput
            label={intl.formatMessage({
              id: 'drawForm.minimumShops',
              defaultMessage: 'Shops visited, at least',
            })}
            description={intl.formatMessage({
              id: 'drawForm.minimumShopsHelp',
              defaultMessage: 'Distinct shops whose coupon the pass redeemed by the end',
            })}
            min={1}
            max={MAX_DRAW_SHOPS}
            allowDecimal={false}
            required
            {...form.getInputProps('minimumShops')}
          />
        )}
        {create.isError && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'drawForm.notCreated',
              defaultMessage: 'Draw not created',
            })}
            role="alert"
          >
            {errorText(
              create.error,
              intl.formatMessage({
                id: 'drawForm.createFailed',
                defaultMessage: 'Failed to create the draw',
              }),
            )}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            {intl.formatMessage({ id: 'drawForm.create', defaultMessage: 'Create draw' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
