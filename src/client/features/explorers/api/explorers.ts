import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { PUBLIC_DATA_STALE_MS } from '#shared/constants.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';
import type { Explorer, ExplorerInput, ExplorerSetting } from '#shared/explorers.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/** A battle's explorer board (public, docs/decisions/0047). */
export function useExplorerBoard(challengeId: number) {
  return useQuery({
    queryKey: queryKeys.explorers(challengeId),
    queryFn: ({ signal }) =>
      api.get<Explorer[]>(endpointPath(endpoints.explorers, { id: challengeId }), { signal }),
    staleTime: PUBLIC_DATA_STALE_MS,
  });
}

/** The member's own switch and display name. */
export const explorerSettingQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.member.explorer,
    queryFn: ({ signal }) => api.get<ExplorerSetting>(endpoints.explorerSetting.path, { signal }),
  });

export function useExplorerSetting() {
  return useQuery(explorerSettingQueryOptions());
}

/** PUT /api/user/explorer; the boards are asked again, so the member sees where they stand. */
export function useSetExplorerSetting() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (body: ExplorerInput) =>
      api.put<ExplorerSetting>(endpoints.saveExplorerSetting.path, { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.member.explorer, answer);
      notifications.show({
        color: 'teal',
        title: answer.optIn
          ? intl.formatMessage({
              id: 'explorerSwitch.onTitle',
              defaultMessage: "You're on the Explorer Board",
            })
          : intl.formatMessage({
              id: 'explorerSwitch.offTitle',
              defaultMessage: "You're off the Explorer Board",
            }),
        message: answer.optIn
          ? intl.formatMessage({
              id: 'explorerSwitch.onText',
              defaultMessage: 'Every shop you visit counts on the board of your battle.',
            })
          : intl.formatMessage({
              id: 'explorerSwitch.offText',
              defaultMessage: 'Your name no longer shows on any explorer board.',
            }),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.explorers(0).slice(0, 1) });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({ id: 'explorerSwitch.notSaved', defaultMessage: 'Not Saved' }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'explorerSwitch.notSavedText',
            defaultMessage: 'Your explorer board setting could not be saved',
          }),
        ),
      });
    },
  });
}
