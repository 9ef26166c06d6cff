// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import QRCode from 'qrcode';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CashierCard, QR_OPTIONS, type CashierCardProps } from './CashierCard.tsx';
import { reactRootPerTest } from '#tests/helpers/client-root.ts';

const view = reactRootPerTest();

const card: CashierCardProps = {
  shopName: 'Honest Bean',
  challengeTitle: 'Huntsville Coffee Battles',
  code: '4821',
  rotation: 'off',
  redeemUrl: 'https://battles.example/business/7?redeem=1',
};

function show(props: CashierCardProps) {
  act(() => {
    view.root.render(
      <MantineProvider>
        <CashierCard {...props} />
      </MantineProvider>,
    );
  });
}

function qrImage(): Promise<HTMLImageElement> {
  // The encoder loads and draws asynchronously; each look lets React apply, inside act(), what
  // arrived since the last.
  return vi.waitFor(
    async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      const img = view.container.querySelector('img');
      if (!img) throw new Error('no QR code drawn');
      return img;
    },
    { timeout: 5_000, interval: 0 },
  );
}

describe('CashierCard', () => {
  it('shows the shop, the challenge, three steps and the static code', () => {
    show(card);
    expect(view.container.querySelector('h1')?.textContent).toBe('Honest Bean');
    expect(view.container.textContent).toContain('Huntsville Coffee Battles');
    expect(view.container.querySelectorAll('ol li')).toHaveLength(3);
    expect(view.container.textContent).toContain('4821');
  });

  it('encodes the redeem link in the QR code, never the code', async () => {
    show(card);
    const img = await qrImage();
    expect(img.alt).toBe('QR code: redeem a coupon at Honest Bean');
    expect(img.src).toBe(await QRCode.toDataURL(card.redeemUrl, QR_OPTIONS));
  });

  it('points to the shop page instead of printing a code that rotates, never to a code below', async () => {
    show(card);
    expect(view.container.querySelectorAll('ol li')[1]?.textContent).toBe(
      'Give them the code below.',
    );
    show({ ...card, rotation: 'daily' });
    expect(view.container.textContent).toContain("Today's code is on your shop page");
    expect(view.container.textContent).toContain(
      'Keep your shop page bookmarked on the till: the code changes every day.',
    );
    expect(view.container.querySelectorAll('ol li')[1]?.textContent).toBe(
      "Give them today's code from your shop page.",
    );
    expect(view.container.textContent).not.toContain('below');
    expect(view.container.textContent).not.toContain('4821');
    show({ ...card, rotation: 'hourly' });
    expect(view.container.textContent).toContain("This hour's code is on your shop page");
    expect(view.container.textContent).toContain('the code changes every hour.');
    expect(view.container.querySelectorAll('ol li')[1]?.textContent).toBe(
      "Give them this hour's code from your shop page.",
    );
    await qrImage();
  });

  it('prints with the chosen paper size', () => {
    // happy-dom has no print dialog to open.
    const print = vi.fn();
    window.print = print;
    show(card);
    const pageRule = () =>
      [...view.container.querySelectorAll('style')].find((style) =>
        style.textContent.includes('@page'),
      )?.textContent;
    expect(pageRule()).toContain('size: A6');
    const letter = [...view.container.querySelectorAll('label')].find(
      (label) => label.textContent === 'Letter',
    );
    act(() => letter?.click());
    expect(pageRule()).toContain('size: letter');
    const printButton = [...view.container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Print',
    );
    act(() => printButton?.click());
    expect(print).toHaveBeenCalledOnce();
  });
});
