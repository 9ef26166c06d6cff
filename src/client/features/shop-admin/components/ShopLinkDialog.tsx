import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { defineMessage } from 'react-intl';
import type { AdminBusiness } from '#shared/businesses.ts';
import { useMessages } from '#client/i18n/language.tsx';
import { useIssueShopLink, useRevokeShopLink } from '../api/shop-link.ts';

/** The dialog's title, and the menu item that opens it. */
export const shopLinkTitle = defineMessage({ id: 'shopLink.title', defaultMessage: 'Shop Link' });
const revokeLink = defineMessage({ id: 'shopLink.revoke', defaultMessage: 'Revoke link' });
const strong = (words: ReactNode[]) => <strong>{words}</strong>;

export interface ShopLinkDialogProps {
  /** The shop whose link is managed; null: closed. */
  business: AdminBusiness | null;
  onClose: () => void;
}

/** 'Shop Link': issue, re-issue or revoke a shop's private page link (shown once, at issue). */
export function ShopLinkDialog({ business, onClose }: ShopLinkDialogProps) {
  const intl = useMessages();
  return (
    <Modal opened={business !== null} onClose={onClose} title={intl.formatMessage(shopLinkTitle)}>
      {business && <ShopLinkPanel key={business.id} business={business} onDone={onClose} />}
    </Modal>
  );
}

function ShopLinkPanel({ business, onDone }: { business: AdminBusiness; onDone: () => void }) {
  const issue = useIssueShopLink();
  const revoke = useRevokeShopLink();
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  // Whether a link existed when the dialog opened: re-issuing replaces it.
  const [hadLink] = useState(business.shopLinkIssued);
  const intl = useMessages();
  const shop = { shop: business.name, strong };

  if (issue.data) {
    return (
      <Stack gap="md">
        <Text>
          {intl.formatMessage(
            {
              id: 'shopLink.issued',
              defaultMessage:
                'The private page of <strong>{shop}</strong>. Send it to the shop; it is shown only this once.',
            },
            shop,
          )}
        </Text>
        <TextInput
          label={intl.formatMessage({ id: 'shopLink.link', defaultMessage: 'Shop link' })}
          value={issue.data.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        {hadLink && (
          <Alert color="orange" variant="light">
            {intl.formatMessage({
              id: 'shopLink.oldStops',
              defaultMessage: 'The old link stops working now.',
            })}
          </Alert>
        )}
        <Group justify="flex-end">
          <CopyButton value={issue.data.url}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied
                  ? intl.formatMessage({ id: 'shopLink.copied', defaultMessage: 'Copied' })
                  : intl.formatMessage({ id: 'shopLink.copy', defaultMessage: 'Copy' })}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            {intl.formatMessage({ id: 'shopLink.done', defaultMessage: 'Done' })}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (confirmingRevoke) {
    return (
      <Stack gap="md">
        <Text>
          {intl.formatMessage(
            {
              id: 'shopLink.confirmRevoke',
              defaultMessage:
                'Revoke the link of <strong>{shop}</strong>? Its page stops working at once; you can issue a new link later.',
            },
            shop,
          )}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmingRevoke(false)}>
            {intl.formatMessage({ id: 'shopLink.cancel', defaultMessage: 'Cancel' })}
          </Button>
          <Button
            color="red.8"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(business, { onSuccess: onDone })}
          >
            {intl.formatMessage(revokeLink)}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>
        {intl.formatMessage(
          {
            id: 'shopLink.state',
            defaultMessage:
              "{issued, select, yes {{shop} has a private link. Issuing a new one replaces it: the old link stops working.} other {{shop} has no private link yet. The shop's page shows its code, its redemptions and what it is owed.}}",
          },
          { issued: business.shopLinkIssued ? 'yes' : 'no', shop: business.name },
        )}
      </Text>
      <Group justify="flex-end">
        {business.shopLinkIssued && (
          <Button variant="default" color="red.8" onClick={() => setConfirmingRevoke(true)}>
            {intl.formatMessage(revokeLink)}
          </Button>
        )}
        <Button loading={issue.isPending} onClick={() => issue.mutate(business)}>
          {business.shopLinkIssued
            ? intl.formatMessage({ id: 'shopLink.issueNew', defaultMessage: 'Issue new link' })
            : intl.formatMessage({ id: 'shopLink.issue', defaultMessage: 'Issue link' })}
        </Button>
      </Group>
    </Stack>
  );
}
