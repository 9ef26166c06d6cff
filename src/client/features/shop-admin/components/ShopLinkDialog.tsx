import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Alert.css';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AdminBusiness } from '#shared/businesses.ts';
import { useIssueShopLink, useRevokeShopLink } from '../api/shop-link.ts';

export interface ShopLinkDialogProps {
  /** The shop whose link is managed; null: closed. */
  business: AdminBusiness | null;
  onClose: () => void;
}

/** 'Shop Link': issue, re-issue or revoke a shop's private page link (shown once, at issue). */
export function ShopLinkDialog({ business, onClose }: ShopLinkDialogProps) {
  return (
    <Modal opened={business !== null} onClose={onClose} title="Shop Link">
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

  if (issue.data) {
    return (
      <Stack gap="md">
        <Text>
          The private page of <strong>{business.name}</strong>. Send it to the shop; it is shown
          only this once.
        </Text>
        <TextInput
          label="Shop link"
          value={issue.data.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        {hadLink && (
          <Alert color="orange" variant="light">
            The old link stops working now.
          </Alert>
        )}
        <Group justify="flex-end">
          <CopyButton value={issue.data.url}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    );
  }

  if (confirmingRevoke) {
    return (
      <Stack gap="md">
        <Text>
          Revoke the link of <strong>{business.name}</strong>? Its page stops working at once; you
          can issue a new link later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmingRevoke(false)}>
            Cancel
          </Button>
          <Button
            color="red.8"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(business, { onSuccess: onDone })}
          >
            Revoke link
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>
        {business.shopLinkIssued
          ? `${business.name} has a private link. Issuing a new one replaces it: the old link stops working.`
          : `${business.name} has no private link yet. The shop's page shows its code, its redemptions and what it is owed.`}
      </Text>
      <Group justify="flex-end">
        {business.shopLinkIssued && (
          <Button variant="default" color="red.8" onClick={() => setConfirmingRevoke(true)}>
            Revoke link
          </Button>
        )}
        <Button loading={issue.isPending} onClick={() => issue.mutate(business)}>
          {business.shopLinkIssued ? 'Issue new link' : 'Issue link'}
        </Button>
      </Group>
    </Stack>
  );
}
