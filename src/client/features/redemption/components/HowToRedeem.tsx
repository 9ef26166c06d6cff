import { Button, List, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelpCircle } from '@tabler/icons-react';

const steps = [
  'Visit any participating coffee shop during the challenge.',
  'Order anything you like.',
  'Tell the cashier you have a battle pass and ask for the 4-digit redemption code.',
  "Tap 'Redeem Coupon' on that shop's card under 'Your Pass'.",
  'Enter the code and confirm: your $5 credit is applied to your order.',
  "Each redeemed coupon earns you one vote: cast it under 'Your Votes'.",
];

/** The 'How to Redeem Coupons' help: a button and a modal with the six steps. */
export function HowToRedeem() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        leftSection={<IconHelpCircle size={18} aria-hidden />}
        onClick={open}
      >
        How to Redeem Coupons
      </Button>
      <Modal opened={opened} onClose={close} title="How to Redeem Coupons" centered>
        <List type="ordered" spacing="sm">
          {steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Modal>
    </>
  );
}
