import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { AdminBusiness, BusinessCreateInput, BusinessPatchInput } from '#shared/businesses.ts';
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
  return useMutation({
    mutationFn: (variables: SaveBusinessVariables) =>
      variables.id === null
        ? createBusiness(variables.body)
        : updateBusiness(variables.id, variables.body),
    onSuccess: async (business, { id }) => {
      notifications.show(
        id === null
          ? { title: 'Business Saved', message: 'The business has been saved successfully.' }
          : { title: 'Business Updated', message: 'The business has been updated successfully.' },
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
        title: id === null ? 'Error Creating Business' : 'Error Updating Business',
        message: errorText(
          error,
          id === null ? 'Failed to create business' : 'Failed to update business',
        ),
      });
    },
  });
}
