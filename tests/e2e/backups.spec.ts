import { E2E_ADMIN } from './credentials.ts';
import { expect, signIn, test } from './fixtures.ts';

interface BackupStatus {
  count: number;
  last: { createdAt: string } | null;
  stale: boolean;
}

/**
 * docs/decisions/0038: the organizer sees the last backup on /admin and takes one with 'Back up
 * now'; the embedded database's server takes its first scheduled one when it starts.
 */
test('the admin backup card shows the last backup and takes one on demand', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Backups' });
  const lastLine = card.getByText(/^Last backup: .+ \(\d+(\.\d)? (B|KB|MB)\)$|^No backup yet\.$/);
  await expect(lastLine).toBeVisible();
  const shownBefore = await lastLine.textContent();
  const before = (await (await page.request.get('/api/admin/backups')).json()) as BackupStatus;

  await card.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText('Backup Taken')).toBeVisible();
  await expect(lastLine).not.toHaveText(shownBefore ?? '');
  await expect(lastLine).toHaveText(/^Last backup: /);
  const after = (await (await page.request.get('/api/admin/backups')).json()) as BackupStatus;
  expect(after.last?.createdAt).not.toBe(before.last?.createdAt);
  expect(after.stale).toBe(false);
  await expect(card.getByRole('alert')).toHaveCount(0);
});
