import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { AdminBusiness, BusinessCreateInput, BusinessPatchInput } from '#shared/businesses.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

export function createBusiness(body: BusinessCreateInput): Promise<AdminBusiness> {
  return api.post<AdminBusiness>(endpoints.createShop.path, { body });
}

export function updateBusiness(id: number, body: BusinessPatchInput): Promise<AdminBusiness> {
  return api.patch<AdminBusiness>(endpointPath(endpoints.updateShop, { id }), { body });
}

export type SaveBusinessVariables =
  | { id: null; body: BusinessCreateInput }
  | { id: number; challengeId: number; body: BusinessPatchInput };

/** Adds (no id) or updates a shop; the organizer's and the public lists refresh (docs/SPEC.md section 8 toasts). */
export function useSaveBusiness() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (variables: SaveBusinessVariables) =>
      variables.id === null
        ? createBusiness(variables.body)
        : updateBusiness(variables.id, variables.body),
    onSuccess: async (business, { id }) => {
      notifications.show(
        id === null
          ? {
              title: intl.formatMessage({
                id: 'saveBusiness.saved',
                defaultMessage: 'Business Saved',
              }),
              message: intl.formatMessage({
                id: 'saveBusiness.savedText',
                defaultMessage: 'The business has been saved successfully.',
              }),
            }
          : {
              title: intl.formatMessage({
                id: 'saveBusiness.updated',
                defaultMessage: 'Business Updated',
              }),
              message: intl.formatMessage({
                id: 'saveBusiness.updatedText',
                defaultMessage: 'The business has been updated successfully.',
              }),
            },
      );
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.admin.challengeBusinesses(business.challengeId),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.businesses }),
      ]);
    },
    onError: (error, { id }) => {
      notifications.show({
        color: 'red',
        title:
          id === null
            ? intl.formatMessage({
                id: 'saveBusiness.createFailed',
                defaultMessage: 'Error Creating Business',
              })
            : intl.formatMessage({
                id: 'saveBusiness.updateFailed',
                defaultMessage: 'Error Updating Business',
              }),
        message: errorText(
          error,
          id === null
            ? intl.formatMessage({
                id: 'saveBusiness.createFailedText',
                defaultMessage: 'Failed to create business',
              })
            : intl.formatMessage({
                id: 'saveBusiness.updateFailedText',
                defaultMessage: 'Failed to update business',
              }),
        ),
      });
    },
  });
}
