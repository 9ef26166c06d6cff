import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { z } from 'zod';
import { sendClaimSchema } from '#shared/claims.ts';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useSendClaim } from '../api/claims.ts';

/** The form's own fields: the send date is a local date and time, sent as an instant. */
const sendFormSchema = sendClaimSchema.omit({ sendAt: true }).extend({
  note: z.string().max(500, 'A gift note can be at most 500 characters.'),
  sendOn: z.string(),
});
type SendFormValues = z.infer<typeof sendFormSchema>;

/** Sends a pass to give by email, now or at a chosen time (ClaimsCard). */
export default function SendClaimForm({
  claimId,
  onSent,
}: {
  claimId: number;
  onSent: () => void;
}) {
  const intl = useMessages();
  const send = useSendClaim();
  const form = useForm<SendFormValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', note: '', sendOn: '' },
    validate: zodResolver(sendFormSchema),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        send.mutate(
          {
            claimId,
            request: {
              email: values.email.trim(),
              ...(values.note.trim() ? { note: values.note.trim() } : {}),
              ...(values.sendOn ? { sendAt: new Date(values.sendOn).toISOString() } : {}),
            },
          },
          { onSuccess: onSent },
        );
      })}
    >
      <Stack gap="sm" maw={420}>
        <TextInput
          label={intl.formatMessage({ id: 'claims.theirEmail', defaultMessage: 'Their email' })}
          type="email"
          autoComplete="off"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Textarea
          label={intl.formatMessage({ id: 'claims.note', defaultMessage: 'Gift note (optional)' })}
          autosize
          minRows={2}
          key={form.key('note')}
          {...form.getInputProps('note')}
        />
        <TextInput
          label={intl.formatMessage({ id: 'claims.sendOn', defaultMessage: 'Send on (optional)' })}
          description={intl.formatMessage({
            id: 'claims.sendOnHint',
            defaultMessage: 'Leave empty to send it now',
          })}
          type="datetime-local"
          key={form.key('sendOn')}
          {...form.getInputProps('sendOn')}
        />
        {send.isError && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'claims.sendFailedTitle',
              defaultMessage: 'Pass not sent',
            })}
            role="alert"
          >
            {errorText(
              send.error,
              intl.formatMessage({
                id: 'claims.sendTryAgain',
                defaultMessage: 'Please try again.',
              }),
            )}
          </Alert>
        )}
        <Button type="submit" loading={send.isPending} w="fit-content">
          {intl.formatMessage({ id: 'claims.send', defaultMessage: 'Send Pass' })}
        </Button>
      </Stack>
    </form>
  );
}
