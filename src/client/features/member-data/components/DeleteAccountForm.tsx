import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { deleteAccountBodySchema, type DeleteAccountBody } from '#shared/member-data.ts';
import { errorText } from '#client/lib/api.ts';
import { zodResolver } from '#client/lib/schema-resolver.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';

/** Deleting the account after the password (MemberDataCard), checked by the shared schema. */
export default function DeleteAccountForm({ onKeep }: { onKeep: () => void }) {
  const intl = useMessages();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountBody>({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: zodResolver(deleteAccountBodySchema),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        remove.mutate(values);
      })}
    >
      <Stack gap="sm" maw={420}>
        <Alert
          color="red"
          title={intl.formatMessage({
            id: 'memberData.deleteTitle',
            defaultMessage: 'Delete your account?',
          })}
          role="note"
        >
          {intl.formatMessage({
            id: 'memberData.deleteText',
            defaultMessage:
              'Your name, email address and password are erased and you are signed out. Your passes, coupons, votes and payments stay without your name, so results and shop settlements do not change. This cannot be undone.',
          })}
        </Alert>
        {remove.isError && (
          <Alert
            color="red"
            title={intl.formatMessage({
              id: 'memberData.deleteFailedTitle',
              defaultMessage: 'Account not deleted',
            })}
            role="alert"
          >
            {errorText(
              remove.error,
              intl.formatMessage({
                id: 'memberData.tryAgain',
                defaultMessage: 'Please try again.',
              }),
            )}
          </Alert>
        )}
        <PasswordInput
          label={intl.formatMessage({
            id: 'memberData.password',
            defaultMessage: 'Password',
          })}
          autoComplete="current-password"
          required
          withAsterisk={false}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group gap="sm">
          <Button type="submit" color="red.9" loading={remove.isPending}>
            {intl.formatMessage({
              id: 'memberData.deleteConfirm',
              defaultMessage: 'Delete My Account Forever',
            })}
          </Button>
          <Button variant="default" onClick={onKeep}>
            {intl.formatMessage({
              id: 'memberData.keep',
              defaultMessage: 'Keep My Account',
            })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
