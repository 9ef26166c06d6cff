import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_DRAW_SHOPS } from '#shared/draws.ts';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useCreateDraw } from '../api/draws.ts';
import { drawFormSchema, toDrawInput, type DrawFormValues } from './draw-form-schema.ts';

/**
 * 'New prize draw': before the battle ends only (the server answers 409 after). The seed is drawn
 * by the server and stays there until the reveal (docs/RULES.md rule 19).
 */
export function DrawForm({ challengeId }: { challengeId: number }) {
  const create = useCreateDraw(challengeId);
  const form = useForm<DrawFormValues>({
    initialValues: { prize: '', winnerCount: 1, mode: 'passes', minimumShops: 4 },
    // An empty number ('') fails the contract's type check, whose message is the one shown.
    validate: zodResolver(drawFormSchema),
  });
  return (
    <form
      aria-label="New prize draw"
      onSubmit={form.onSubmit((values) =>
        create.mutate(toDrawInput(values), { onSuccess: () => form.reset() }),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Prize" required {...form.getInputProps('prize')} />
        <NumberInput
          label="Number of winners"
          min={1}
          allowDecimal={false}
          required
          {...form.getInputProps('winnerCount')}
        />
        <Radio.Group label="Entries" {...form.getInputProps('mode')}>
          <Group mt="xs">
            <Radio value="passes" label="One per pass that redeemed a coupon" />
            <Radio value="coupons" label="One per redeemed coupon" />
            <Radio value="shops" label="One per pass that visited at least some number of shops" />
          </Group>
        </Radio.Group>
        {form.values.mode === 'shops' && (
          <NumberInput
            label="Shops visited, at least"
            description="Distinct shops whose coupon the pass redeemed by the end"
            min={1}
            max={MAX_DRAW_SHOPS}
            allowDecimal={false}
            required
            {...form.getInputProps('minimumShops')}
          />
        )}
        {create.isError && (
          <Alert color="red" title="Draw not created" role="alert">
            {errorText(create.error, 'Failed to create the draw')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create draw
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
