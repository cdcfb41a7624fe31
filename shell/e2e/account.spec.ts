import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  navbar,
  pageHeading,
  signInThroughForm,
  test,
  uniqueEmail,
} from './support/portal.fixture';

/*
 * Issue 24 item 9: the account menu's Change password and Sign out of all devices, against the
 * real API. Another "device" is a token from an API login, checked with GET /api/auth/me.
 */

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function meStatus(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  return res.status();
}

test('change the password, sign in with the new one, then sign out of all devices', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('account');
  const registered = await request.post('/api/auth/register', {
    data: { name: 'Casey Account', email, password: 'first-secret' },
  });
  expect(registered.status()).toBe(201);
  const otherDevice = await apiLogin(request, email, 'first-secret');

  await page.goto('/login');
  await signInThroughForm(page, email, 'first-secret');
  await expect(page).toHaveURL(/\/dashboard$/);

  await navbar(page).getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill('first-secret');
  await dialog.getByLabel('New password', { exact: true }).fill('second-secret');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await meStatus(request, otherDevice)).toBe(401);

  // This tab kept working on its fresh token.
  await page.reload();
  await expect(pageHeading(page)).toBeVisible();
  await expect(navbar(page).getByRole('button', { name: 'Logout' })).toBeVisible();

  await navbar(page).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email, 'second-secret');
  await expect(page).toHaveURL(/\/dashboard$/);

  const secondDevice = await apiLogin(request, email, 'second-secret');
  await navbar(page).getByRole('button', { name: 'Sign out of all devices' }).click();
  await page
    .getByRole('alertdialog', { name: 'Sign out of all devices?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await meStatus(request, secondDevice)).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
