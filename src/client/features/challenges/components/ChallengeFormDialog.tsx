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
import { useForm } from '@mantine/form';
import type { ChallengeDto, ChallengeInput, ChallengePatchInput } from '#shared/challenges.ts';
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

function initialValues(challenge: ChallengeDto | null): FormValues {
  if (challenge) {
    return {
      title: challenge.title,
      description: challenge.description,
      theme: challenge.theme,
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
    title: '',
    description: '',
    theme: DEFAULT_THEME,
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
  };
}

type FormField = keyof FormValues;
/** Which form fields each body field is made from: a body field is sent when one of them changed. */
const sources: { [Field in keyof ChallengeInput]-?: FormField[] } = {
  title: ['title'],
  description: ['description'],
  theme: ['theme'],
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
  challenge: ChallengeDto | null;
  onClose: () => void;
}

/** Create/edit dialog of /admin/challenges with the rules and messages of docs/SPEC.md section 5. */
export function ChallengeFormDialog({ opened, challenge, onClose }: ChallengeFormDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={challenge ? 'Edit Challenge' : 'Create Challenge'}
      size={600}
    >
      {/* Keyed so each opening starts from the row (or the defaults). */}
      {opened && (
        <ChallengeForm key={challenge?.id ?? 'new'} challenge={challenge} onDone={onClose} />
      )}
    </Modal>
  );
}

function ChallengeForm({
  challenge,
  onDone,
}: {
  challenge: ChallengeDto | null;
  onDone: () => void;
}) {
  const save = useSaveChallenge();
  const form = useForm<FormValues>({
    initialValues: initialValues(challenge),
    validate: zodResolver(challengeFormSchema),
  });

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
        <TextInput label="Title" required {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          {...form.getInputProps('description')}
        />
        <TextInput
          label="Theme"
          description="For example coffee, taco or ice cream"
          {...form.getInputProps('theme')}
        />
        <Select
          label="Time Zone"
          description="The battle's city: start and end are its local date and time"
          searchable
          allowDeselect={false}
          nothingFoundMessage="No such time zone"
          limit={50}
          required
          data={timeZoneChoices(form.values.timeZone)}
          {...form.getInputProps('timeZone')}
        />
        {/* Side by side only where both show the whole date and time. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Start Date"
            required
            {...form.getInputProps('startDate')}
          />
          <TextInput
            type="datetime-local"
            label="End Date"
            required
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <NumberInput
          label="Price ($)"
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          required
          {...form.getInputProps('price')}
        />
        <Group align="flex-end">
          <NumberInput
            label="Votes per shop"
            description="How many votes one pass may give one shop"
            min={1}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={form.values.unlimitedVotes}
            style={{ flexGrow: 1 }}
            {...form.getInputProps('votesPerShop')}
          />
          <Checkbox
            label="Unlimited"
            mb={8}
            {...form.getInputProps('unlimitedVotes', { type: 'checkbox' })}
          />
        </Group>
        <NumberInput
          label="Standings freeze (hours)"
          description="The public sees the counts of this many hours before the end; 0 = off"
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('standingsFreezeHours')}
        />
        <NumberInput
          label="Reminder (hours before the end)"
          description="Pass holders with coupons or votes left get one email this long before the end; 0 turns it off"
          min={0}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('reminderHoursBeforeEnd')}
        />
        <NumberInput
          label="Passes per order"
          description="The most passes one checkout buys, for the buyer and people they give them to (1-10)"
          min={1}
          max={10}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxPassesPerOrder')}
        />
        <Switch
          label="Voucher passes vote"
          description="Free passes from vouchers vote and enter draws; off, they only redeem coupons"
          {...form.getInputProps('voucherPassesVote', { type: 'checkbox' })}
        />
        <Switch
          label="Active"
          description="Active challenges can be shown on the public site"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {challenge ? 'Update Challenge' : 'Create Challenge'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
