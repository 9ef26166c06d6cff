import { Button, List, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';

const steps = [
  'Redeem a coupon at a coffee shop: each redeemed coupon earns one vote.',
  "Open 'Your Votes' to see how many votes you have available.",
  "Find a shop under 'All Coffee Shops': you may vote for any shop, visited or not.",
  "Tap 'Vote' to give that shop your vote.",
  'Follow the standings: voting closes when the challenge ends.',
];

/** The 'How to Vote' help: a button and a modal with the five steps. */
export function HowToVote() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<IconHelpCircle size={18} aria-hidden />}
        onClick={open}
      >
        How to Vote
      </Button>
      <Modal opened={opened} onClose={close} title="How to Vote" centered>
        <List type="ordered" spacing="sm">
          {steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Modal>
    </>
  );
}
