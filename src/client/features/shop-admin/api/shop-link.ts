import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { AdminBusiness } from '#shared/businesses.ts';
import type { z } from 'zod';
import type { shopLinkSchema } from '#shared/shop-side.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { api, errorText } from '#client/lib/api.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { endpointPath, endpoints } from '#shared/endpoints.ts';

/** The new private link, answered once at issue. */
export type ShopLink = z.infer<typeof shopLinkSchema>;

export function issueShopLink(businessId: number): Promise<ShopLink> {
  return api.post<ShopLink>(endpointPath(endpoints.issueShopLink, { id: businessId }));
}

export async function revokeShopLink(businessId: number): Promise<void> {
  await api.delete(endpointPath(endpoints.revokeShopLink, { id: businessId }));
}

/**
 * Issues (or re-issues) a shop's private link; the server answers with it once, so the caller
 * shows it from the mutation's data. The list refreshes to show the link as issued.
 */
export function useIssueShopLink() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (business: AdminBusiness) => issueShopLink(business.id),
    onSuccess: (_link, business) =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.admin.challengeBusinesses(business.challengeId),
      }),
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'shopLink.issueFailed',
          defaultMessage: 'Could not issue the shop link',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'shopLink.issueFailedText',
            defaultMessage: 'Failed to issue the shop link',
          }),
        ),
      });
    },
  });
}

/** Revokes a shop's private link: it stops working at once. */
export function useRevokeShopLink() {
  const queryClient = useQueryClient();
  const intl = useMessages();
  return useMutation({
    mutationFn: (business: AdminBusiness) => revokeShopLink(business.id),
    onSuccess: async (_result, business) => {
      notifications.show({
        title: intl.formatMessage({ id: 'shopLink.revoked', defaultMessage: 'Shop Link Revoked' }),
        message: intl.formatMessage(
          { id: 'shopLink.revokedText', defaultMessage: 'The link of {shop} no longer works.' },
          { shop: business.name },
        ),
      });
      await queryClient.invalidateQueries({
        queryKey: queryKeys.admin.challengeBusinesses(business.challengeId),
      });
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: intl.formatMessage({
          id: 'shopLink.revokeFailed',
          defaultMessage: 'Could not revoke the shop link',
        }),
        message: errorText(
          error,
          intl.formatMessage({
            id: 'shopLink.revokeFailedText',
            defaultMessage: 'Failed to revoke the shop link',
          }),
        ),
      });
    },
  });
}
