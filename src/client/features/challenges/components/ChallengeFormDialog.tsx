import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { IntlShape } from 'react-intl';
import {
  themeWords,
  type AdminChallengeDto,
  type ChallengeInput,
  type ChallengePatchInput,
} from '#shared/challenges.ts';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
import { ContentLanguageTabs } from '#client/components/ContentLanguageTabs.tsx';
import { contentTextProps } from '#client/components/content-text-props.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { ownLanguageName } from '#client/i18n/language-names.ts';
import { useSiteConfig } from '#client/lib/site-config.ts';
import {
  DEFAULT_CHALLENGE_LENGTH_DAYS,
  DEFAULT_NEW_CHALLENGE_PRICE_DOLLARS,
  DEFAULT_THEME,
} from '#shared/constants.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useSaveChallenge } from '../api/save-challenge.ts';
import {
  browserTimeZone,
  fromWallClock,
  timeZoneChoices,
  toWallClock,
  wallClockDay,
} from '../zoned-time.ts';
import { challengeFormSchema, type ChallengeFormValues } from './challenge-form-schema.ts';

type FormValues = ChallengeFormValues;
type Translations = FormValues['translations'];

function initialValues(challenge: AdminChallengeDto | null, defaultLanguage: string): FormValues {
  if (challenge) {
    return {
      contentLanguage: challenge.contentLanguage,
      translations: challenge.translations,
      title: challenge.title,
      description: challenge.description,
      theme: challenge.theme,
      themeLabel: challenge.ownThemeLabel ?? '',
      startDate: toWallClock(challenge.startDate, challenge.timeZone),
      endDate: toWallClock(challenge.endDate, challenge.timeZone),
      timeZone: challenge.timeZone,
      price: challenge.price,
      active: challenge.active,
      unlimitedVotes: challenge.votesPerShop === null,
      votesPerShop: challenge.votesPerShop ?? 1,
      standingsFreezeHours: challenge.standingsFreezeHours,
      reminderHoursBeforeEnd: challenge.reminderHoursBeforeEnd,
      maxPassesPerOrder: challenge.maxPassesPerOrder,
      voucherPassesVote: challenge.voucherPassesVote,
    };
  }
  // docs/SPEC.md section 9: 30 days from today, price 20, theme coffee.
  const timeZone = browserTimeZone();
  return {
    contentLanguage: defaultLanguage,
    translations: {},
    title: '',
    description: '',
    theme: DEFAULT_THEME,
    themeLabel: '',
    startDate: wallClockDay(timeZone, 0, 'start'),
    endDate: wallClockDay(timeZone, DEFAULT_CHALLENGE_LENGTH_DAYS, 'end'),
    timeZone,
    price: DEFAULT_NEW_CHALLENGE_PRICE_DOLLARS,
    active: false,
    unlimitedVotes: false,
    votesPerShop: 1,
    standingsFreezeHours: 0,
    reminderHoursBeforeEnd: 72,
    maxPassesPerOrder: 10,
    voucherPassesVote: false,
  };
}

/** Start and end are wall-clock minutes in the challenge's own zone (docs/RULES.md rule 15). */
export function toChallengeInput(values: FormValues): ChallengeInput {
  return {
    title: values.title,
    description: values.description,
    theme: values.theme.trim() || DEFAULT_THEME,
    themeLabel: values.themeLabel.trim() || null,
    startDate: fromWallClock(values.startDate, values.timeZone),
    endDate: fromWallClock(values.endDate, values.timeZone),
    price: typeof values.price === 'number' ? values.price : Number.NaN,
    active: values.active,
    votesPerShop: values.unlimitedVotes ? null : Number(values.votesPerShop),
    timeZone: values.timeZone,
    standingsFreezeHours: Number(values.standingsFreezeHours),
    reminderHoursBeforeEnd: Number(values.reminderHoursBeforeEnd),
    maxPassesPerOrder: Number(values.maxPassesPerOrder),
    voucherPassesVote: values.voucherPassesVote,
    contentLanguage: values.contentLanguage,
    translations: values.translations,
  };
}

/**
 * Another content language: the texts stay where they are written, so the new content language's
 * translations become the battle's own texts and the old own texts its translations.
 */
export function withContentLanguage(values: FormValues, language: string): FormValues {
  const { [language]: chosen, ...others } = values.translations;
  const translations: Translations = {
    ...others,
    [values.contentLanguage]: {
      title: values.title,
      description: values.description,
      themeLabel: values.themeLabel,
    },
  };
  return {
    ...values,
    contentLanguage: language,
    title: chosen?.title ?? '',
    description: chosen?.description ?? '',
    themeLabel: chosen?.themeLabel ?? '',
    translations,
  };
}

type FormField = keyof FormValues;
/** Which form fields each body field is made from: a body field is sent when one of them changed. */
const sources: { [Field in keyof ChallengeInput]-?: FormField[] } = {
  title: ['title'],
  description: ['description'],
  theme: ['theme'],
  themeLabel: ['themeLabel'],
  // Another zone makes the same wall clock another instant.
  startDate: ['startDate', 'timeZone'],
  endDate: ['endDate', 'timeZone'],
  price: ['price'],
  active: ['active'],
  votesPerShop: ['votesPerShop', 'unlimitedVotes'],
  timeZone: ['timeZone'],
  standingsFreezeHours: ['standingsFreezeHours'],
  reminderHoursBeforeEnd: ['reminderHoursBeforeEnd'],
  maxPassesPerOrder: ['maxPassesPerOrder'],
  voucherPassesVote: ['voucherPassesVote'],
  contentLanguage: ['contentLanguage'],
  translations: ['translations'],
};

/** An edit sends only what the organizer changed, so nothing else can shift (docs/RULES.md rule 15). */
export function toChallengePatch(
  values: FormValues,
  isDirty: (field: FormField) => boolean,
): ChallengePatchInput {
  const full = toChallengeInput(values);
  const patch: Record<string, unknown> = {};
  for (const [field, from] of Object.entries(sources)) {
    if (from.some(isDirty)) patch[field] = full[field as keyof ChallengeInput];
  }
  return patch;
}

export interface ChallengeFormDialogProps {
  opened: boolean;
  /** null: create a challenge; otherwise edit this one. */
  challenge: AdminChallengeDto | null;
  onClose: () => void;
}

/** Create/edit dialog of /admin/challenges with the rules and messages of docs/SPEC.md section 5. */
export function ChallengeFormDialog({ opened, challenge, onClose }: ChallengeFormDialogProps) {
  const intl = useMessages();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        challenge
          ? intl.formatMessage({ id: 'challengeForm.editTitle', defaultMessage: 'Edit Challenge' })
          : intl.formatMessage({
              id: 'challengeForm.createTitle',
              defaultMessage: 'Create Challenge',
            })
      }
      size={600}
    >
      {/* Keyed so each opening starts from the row (or the defaults). */}
      {opened && (
        <ChallengeForm key={challenge?.id ?? 'new'} challenge={challenge} onDone={onClose} />
      )}
    </Modal>
  );
}

/** The title, description and theme label fields of one language's tab. */
function BattleTexts({
  form,
  language,
  intl,
}: {
  form: UseFormReturnType<FormValues>;
  language: string;
  intl: IntlShape;
}) {
  const { contentLanguage } = form.values;
  const required = language === contentLanguage;
  const mainLabel = form.values.themeLabel.trim();
  return (
    <>
      <TextInput
        label={intl.formatMessage({ id: 'challengeForm.title', defaultMessage: 'Title' })}
        required={required}
        lang={language}
        {...contentTextProps(form, 'title', language, contentLanguage)}
      />
      <Textarea
        label={intl.formatMessage({
          id: 'challengeForm.description',
          defaultMessage: 'Description',
        })}
        required={required}
        autosize
        minRows={2}
        lang={language}
        {...contentTextProps(form, 'description', language, contentLanguage)}
      />
      <TextInput
        label={intl.formatMessage({
          id: 'challengeForm.themeLabel',
          defaultMessage: 'Theme label',
        })}
        description={intl.formatMessage(
          {
            id: 'challengeForm.themeLabelHelp',
            defaultMessage:
              "The theme's name on the battle cards and the leaderboard. Left empty: {from, select, main {{words}, as written in the main language} other {the theme's words, {words}}}",
          },
          // What an empty label shows: in another language the main one's, else the theme's words.
          mainLabel && !required
            ? { from: 'main', words: mainLabel }
            : { from: 'theme', words: themeWords(form.values.theme.trim() || DEFAULT_THEME) },
        )}
        lang={language}
        {...contentTextProps(form, 'themeLabel', language, contentLanguage)}
      />
    </>
  );
}

function ChallengeForm({
  challenge,
  onDone,
}: {
  challenge: AdminChallengeDto | null;
  onDone: () => void;
}) {
  const intl = useMessages();
  const config = useSiteConfig();
  const save = useSaveChallenge();
  const form = useForm<FormValues>({
    initialValues: initialValues(challenge, config?.defaultLanguage ?? DEFAULT_LANGUAGE),
    validate: zodResolver(challengeFormSchema),
  });
  const languages = config?.languages ?? [];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        save.mutate(
          challenge
            ? { id: challenge.id, body: toChallengePatch(values, (field) => form.isDirty(field)) }
            : { id: null, body: toChallengeInput(values) },
          { onSuccess: onDone },
        );
      })}
    >
      <Stack gap="md">
        {languages.length > 1 && (
          <Select
            label={intl.formatMessage({
              id: 'challengeForm.contentLanguage',
              defaultMessage: 'Main language',
            })}
            description={intl.formatMessage({
              id: 'challengeForm.contentLanguageHelp',
              defaultMessage:
                "The language of the battle's and its shops' required texts; each text left empty in another language shows in this one",
            })}
            allowDeselect={false}
            data={languages.map((language) => ({
              value: language,
              label: ownLanguageName(language),
            }))}
            value={form.values.contentLanguage}
            onChange={(language) => {
              if (language && language !== form.values.contentLanguage) {
                form.setValues(withContentLanguage(form.values, language));
              }
            }}
          />
        )}
        <ContentLanguageTabs
          key={form.values.contentLanguage}
          contentLanguage={form.values.contentLanguage}
        >
          {(language) => <BattleTexts form={form} language={language} intl={intl} />}
        </ContentLanguageTabs>
        <TextInput
          label={intl.formatMessage({ id: 'challengeForm.theme', defaultMessage: 'Theme' })}
          description={intl.formatMessage({
            id: 'challengeForm.themeHelp',
            defaultMessage:
              "A short key such as coffee, taco or ice-cream: it picks the battle's icon, and names the theme where no theme label is written",
          })}
          {...form.getInputProps('theme')}
        />
        <Select
          label={intl.formatMessage({ id: 'challengeForm.timeZone', defaultMessage: 'Time Zone' })}
          description={intl.formatMessage({
            id: 'challengeForm.timeZoneHelp',
            defaultMessage: "The battle's city: start and end are its local date and time",
          })}
          searchable
          allowDeselect={false}
          nothingFoundMessage={intl.formatMessage({
            id: 'challengeForm.noSuchTimeZone',
            defaultMessage: 'No such time zone',
          })}
          limit={50}
          required
          data={timeZoneChoices(form.values.timeZone)}
          {...form.getInputProps('timeZone')}
        />
        {/* Side by side only where both show the whole date and time. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label={intl.formatMessage({
              id: 'challengeForm.startDate',
              defaultMessage: 'Start Date',
            })}
            required
            {...form.getInputProps('startDate')}
          />
          <TextInput
            type="datetime-local"
            label={intl.formatMessage({ id: 'challengeForm.endDate', defaultMessage: 'End Date' })}
            required
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <NumberInput
          label={intl.formatMessage({ id: 'challengeForm.price', defaultMessage: 'Price ($)' })}
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          required
          {...form.getInputProps('price')}
        />
        <Group align="flex-end">
          <NumberInput
            label={intl.formatMessage({
              id: 'challengeForm.votesPerShop',
              defaultMessage: 'Votes per shop',
            })}
            description={intl.formatMessage({
              id: 'challengeForm.votesPerShopHelp',
              defaultMessage: 'How many votes one pass may give one shop',
            })}
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={form.values.unlimitedVotes}
            style={{ flexGrow: 1 }}
            {...form.getInputProps('votesPerShop')}
          />
          <Checkbox
            label={intl.formatMessage({
              id: 'challengeForm.unlimited',
              defaultMessage: 'Unlimited',
            })}
            mb={8}
            {...form.getInputProps('unlimitedVotes', { type: 'checkbox' })}
          />
        </Group>
        <NumberInput
          label={intl.formatMessage({
            id: 'challengeForm.standingsFreeze',
            defaultMessage: 'Standings freeze (hours)',
          })}
          description={intl.formatMessage({
            id: 'challengeForm.standingsFreezeHelp',
            defaultMessage: 'The public sees the counts of this many hours before the end; 0 = off',
          })}
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('standingsFreezeHours')}
        />
        <NumberInput
          label={intl.formatMessage({
            id: 'challengeForm.reminder',
            defaultMessage: 'Reminder (hours before the end)',
          })}
          description={intl.formatMessage({
            id: 'challengeForm.reminderHelp',
            defaultMessage:
              'Pass holders with coupons or votes left get one email this long before the end; 0 turns it off',
          })}
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('reminderHoursBeforeEnd')}
        />
        <NumberInput
          label={intl.formatMessage({
            id: 'challengeForm.passesPerOrder',
            defaultMessage: 'Passes per order',
          })}
          description={intl.formatMessage({
            id: 'challengeForm.passesPerOrderHelp',
            defaultMessage:
              'The most passes one checkout buys, for the buyer and people they give them to (1-10)',
          })}
          min={1}
          max={10}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxPassesPerOrder')}
        />
        <Switch
          label={intl.formatMessage({
            id: 'challengeForm.voucherPassesVote',
            defaultMessage: 'Voucher passes vote',
          })}
          description={intl.formatMessage({
            id: 'challengeForm.voucherPassesVoteHelp',
            defaultMessage:
              'Free passes from vouchers vote and enter draws; off, they only redeem coupons',
          })}
          {...form.getInputProps('voucherPassesVote', { type: 'checkbox' })}
        />
        <Switch
          label={intl.formatMessage({ id: 'challengeForm.active', defaultMessage: 'Active' })}
          description={intl.formatMessage({
            id: 'challengeForm.activeHelp',
            defaultMessage: 'Active challenges can be shown on the public site',
          })}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {intl.formatMessage({ id: 'challengeForm.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {challenge
              ? intl.formatMessage({
                  id: 'challengeForm.update',
                  defaultMessage: 'Update Challenge',
                })
              : intl.formatMessage({
                  id: 'challengeForm.create',
                  defaultMessage: 'Create Challenge',
                })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
