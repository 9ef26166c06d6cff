import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { ChallengeDto, ChallengeInput, ChallengePatchInput } from '#shared/challenges.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function createChallenge(body: ChallengeInput): Promise<ChallengeDto> {
  return api.post<ChallengeDto>(endpoints.createChallenge.path, { body });
}

export function updateChallenge(id: number, body: ChallengePatchInput): Promise<ChallengeDto> {
  return api.patch<ChallengeDto>(endpointPath(endpoints.updateChallenge, { id }), { body });
}

/**
 * Creates (no id) or updates a challenge (only the fields in the body); the lists and the public challenge refresh and the
 * toasts of docs/SPEC.md section 8 show.
 */
export function useSaveChallenge() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (
      save: { id: null; body: ChallengeInput } | { id: number; body: ChallengePatchInput },
    ) => (save.id === null ? createChallenge(save.body) : updateChallenge(save.id, save.body)),
    onSuccess: async (_challenge, { id }) => {
      notifications.show(
        id === null
          ? {
              title: intl.formatMessage({
                id: 'saveChallenge.created',
                defaultMessage: 'Challenge Created',
              }),
              message: intl.formatMessage({
                id: 'saveChallenge.createdText',
                defaultMessage: 'The challenge has been created successfully.',
              }),
            }
          : {
              title: intl.formatMessage({
                id: 'saveChallenge.updated',
                defaultMessage: 'Challenge Updated',
              }),
              message: intl.formatMessage({
                id: 'saveChallenge.updatedText',
                defaultMessage: 'The challenge has been updated successfully.',
              }),
            },
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.challenges }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentBattle }),
      ]);
    },
    onError: (error, { id }) => {
      notifications.show({
        color: 'red',
        title:
          id === null
            ? intl.formatMessage({
                id: 'saveChallenge.createFailed',
                defaultMessage: 'Error Creating Challenge',
              })
            : intl.formatMessage({
                id: 'saveChallenge.updateFailed',
                defaultMessage: 'Error Updating Challenge',
              }),
        message: errorText(
          error,
          id === null
            ? intl.formatMessage({
                id: 'saveChallenge.createFailedText',
                defaultMessage: 'Failed to create challenge',
              })
            : intl.formatMessage({
                id: 'saveChallenge.updateFailedText',
                defaultMessage: 'Failed to update challenge',
              }),
        ),
      });
    },
  });
}
