import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type {
  AudienceCounts,
  MailPreferences,
  MessageInput,
  MessageSummary,
  MessageTestInput,
} from '#shared/messages.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

const messagesUrl = (challengeId: number) => endpointPath(endpoints.messages, { id: challengeId });

export const messageHistoryQueryOptions = (challengeId: number) =>
  queryOptions({
    queryKey: queryKeys.admin.messages(challengeId),
    queryFn: ({ signal }) => api.get<MessageSummary[]>(messagesUrl(challengeId), { signal }),
    // Delivered counts move while the worker sends: refresh while the page is open.
    refetchInterval: 5000,
    staleTime: 0,
  });

/** The challenge's messages, newest first; idle without a challenge. */
export function useMessageHistory(challengeId: number | null) {
  return useQuery({
    ...messageHistoryQueryOptions(challengeId ?? 0),
    enabled: challengeId !== null,
  });
}

/** How many members each audience reaches now, shown before sending. */
export function useAudienceCounts(challengeId: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.audiences(challengeId ?? 0),
    queryFn: ({ signal }) =>
      api.get<AudienceCounts>(`${messagesUrl(challengeId ?? 0)}/audiences`, { signal }),
    enabled: challengeId !== null,
    staleTime: 0,
  });
}

/** Queues the message; the history (and the counts) refresh. */
export function useSendMessage(challengeId: number) {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (body: MessageInput) =>
      api.post<{ id: number; recipients: number }>(messagesUrl(challengeId), { body }),
    onSuccess: async ({ recipients }) => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'messages.sent', defaultMessage: 'Message Sent' }),
        message: intl.formatMessage(
          {
            id: 'messages.queued',
            defaultMessage: 'Queued for {count, plural, one {# member} other {# members}}.',
          },
          { count: recipients },
        ),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.messages(challengeId) });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'messages.notSent', defaultMessage: 'Message Not Sent' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'messages.sendFailed',
            defaultMessage: 'Failed to send the message',
          }),
        ),
      });
    },
  });
}

/** 'Send a test to me': the server mails the signed-in organizer only, and names the address. */
export function useSendTestMessage(challengeId: number) {
  const intl = useMessages();
  return useMutation({
    mutationFn: (body: MessageTestInput) =>
      api.post<{ to: string }>(`${messagesUrl(challengeId)}/test`, { body }),
    onSuccess: ({ to }) => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'messages.testSent', defaultMessage: 'Test Sent' }),
        message: intl.formatMessage(
          { id: 'messages.testOnItsWay', defaultMessage: 'A test copy is on its way to {to}.' },
          { to },
        ),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'messages.testNotSent', defaultMessage: 'Test Not Sent' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'messages.testFailed',
            defaultMessage: 'Failed to send the test',
          }),
        ),
      });
    },
  });
}

const preferencesUrl = endpoints.mailPreferences.path;

export const mailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.member.mailPreferences,
    queryFn: ({ signal }) => api.get<MailPreferences>(preferencesUrl, { signal }),
  });

export function useMailPreferences() {
  return useQuery(mailPreferencesQueryOptions());
}

export function useSetMailPreferences() {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferences) => api.put<MailPreferences>(preferencesUrl, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.member.mailPreferences, answer);
      notifications.show({
        color: 'teal',
        title: answer.organizerMail
          ? intl.formatMessage({
              id: 'organizerMail.onTitle',
              defaultMessage: 'Organizer Emails On',
            })
          : intl.formatMessage({
              id: 'organizerMail.offTitle',
              defaultMessage: 'Organizer Emails Off',
            }),
        message: answer.organizerMail
          ? intl.formatMessage({
              id: 'organizerMail.onText',
              defaultMessage: 'You will get messages and reminders from the organizers.',
            })
          : intl.formatMessage({
              id: 'organizerMail.offText',
              defaultMessage:
                'No more messages or reminders. Receipts and account emails still come.',
            }),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'organizerMail.failedTitle', defaultMessage: 'Not Saved' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'organizerMail.failedText',
            defaultMessage: 'Failed to save your email choice',
          }),
        ),
      });
    },
  });
}

/** 'Tell me when passes go on sale': answers the server's confirmation. */
export function useSaleAlert(challengeId: number) {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ message: string }>(endpointPath(endpoints.saleAlert, { id: challengeId }), {
        body: { email },
      }),
  });
}
