import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { AdminDraw, CreatedDraw, DrawInput } from '#shared/draws.ts';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';
import { useMessages } from '#client/i18n/language.tsx';

const drawsUrl = (challengeId: number) => endpointPath(endpoints.adminDraws, { id: challengeId });

/** A challenge's prize draws as organizers see them (winners' accounts once revealed). */
export function useAdminDraws(challengeId: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.draws(challengeId ?? 0),
    queryFn: ({ signal }) => api.get<AdminDraw[]>(drawsUrl(challengeId ?? 0), { signal }),
    enabled: challengeId !== null,
    staleTime: 0,
  });
}

/** POST /api/admin/challenges/{id}/draws: the server answers with the commitment. */
export function useCreateDraw(challengeId: number) {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DrawInput) => api.post<CreatedDraw>(drawsUrl(challengeId), { body }),
    onSuccess: async (draw) => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'draws.createdTitle', defaultMessage: 'Draw Created' }),
        message: intl.formatMessage(
          {
            id: 'draws.createdText',
            defaultMessage: "The seed of ''{prize}'' is fixed; its commitment is public.",
          },
          { prize: draw.prize },
        ),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.draws(challengeId) });
    },
  });
}

/** POST /api/admin/draws/{id}/reveal, after the end: the same result however often it is asked. */
export function useRevealDraw(challengeId: number) {
  const intl = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drawId: number) =>
      api.post<AdminDraw>(endpointPath(endpoints.revealDraw, { id: drawId })),
    onSuccess: async (draw) => {
      notifications.show({
        color: 'teal',
        title: intl.formatMessage({ id: 'draws.revealedTitle', defaultMessage: 'Draw Revealed' }),
        message: intl.formatMessage(
          {
            id: 'draws.revealedText',
            defaultMessage: "The winners of ''{prize}'' are drawn and mailed.",
          },
          { prize: draw.prize },
        ),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.draws(challengeId) });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'draws.revealFailedTitle',
          defaultMessage: 'Draw Not Revealed',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'draws.revealFailedText',
            defaultMessage: 'Failed to reveal the draw',
          }),
        ),
      });
    },
  });
}
