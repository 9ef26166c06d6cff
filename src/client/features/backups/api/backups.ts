import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { Backup, BackupStatus } from '#shared/backups.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpoints } from '#shared/endpoints.ts';

const BACKUPS_URL = endpoints.backups.path;

export function getBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return api.get<BackupStatus>(BACKUPS_URL, { signal });
}

export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.backups,
    queryFn: ({ signal }) => getBackupStatus(signal),
    // The schedule or another organizer may take one meanwhile: show this visit's state.
    staleTime: 0,
  });

export function useBackupStatus() {
  return useQuery(backupStatusQueryOptions());
}

/** 'Back up now': the server snapshots its database; the card then shows the new one. */
export function useTakeBackup() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: () => api.post<Backup>(BACKUPS_URL),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'backups.taken', defaultMessage: 'Backup Taken' }),
        message: intl.formatMessage({ id: 'backups.saved', defaultMessage: 'The backup is saved.' }),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.backups });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'backups.failed', defaultMessage: 'Backup Failed' }),
        message: errorText(
          error,
          intl.formatMessage({ id: 'backups.failedText', defaultMessage: 'The backup failed' }),
        ),
      });
    },
  });
}
