import type { Page } from '@playwright/test';
import { expect, navbar, test, uniqueEmail } from './support/portal.fixture';

function registerForm(page: Page) {
  return {
    name: page.getByLabel('Full name'),
    email: page.getByLabel('Email'),
    password: page.getByLabel('Password', { exact: true }),
    confirm: page.getByLabel('Confirm password'),
    submit: page.getByRole('button', { name: 'Create account' }),
  };
}

test.describe('/register', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('shows every required-field message and keeps the visitor on the page', async ({ page }) => {
    const form = registerForm(page);
    await form.submit.click();

    await expect(page.getByText('Name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please confirm your password', { exact: true })).toBeVisible();
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.name).toBeFocused();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('shows the length, format and match messages', async ({ page }) => {
    const form = registerForm(page);
    // The name is judged after trimming: one letter between spaces is too short.
    await form.name.fill('  A  ');
    await form.email.fill('someone@example');
    await form.password.fill('12345');
    await form.confirm.fill('1234567');
    await form.submit.click();

    await expect(
      page.getByText('Name must be at least 2 characters', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Password must be at least 6 characters', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();
  });

  test('editing a field clears only that field’s error', async ({ page }) => {
    const form = registerForm(page);
    await form.submit.click();
    const nameError = page.getByText('Name is required', { exact: true });
    const emailError = page.getByText('Email is required', { exact: true });
    const passwordError = page.getByText('Password is required', { exact: true });
    const confirmError = page.getByText('Please confirm your password', { exact: true });
    await expect(nameError).toBeVisible();

    await form.name.fill('A');
    await expect(nameError).toBeHidden();
    await expect(form.name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(emailError).toBeVisible();
    await expect(passwordError).toBeVisible();
    await expect(confirmError).toBeVisible();

    await form.email.fill('x');
    await expect(emailError).toBeHidden();
    await expect(passwordError).toBeVisible();

    await form.password.fill('x');
    await expect(passwordError).toBeHidden();
    await expect(confirmError).toBeVisible();

    await form.confirm.fill('x');
    await expect(confirmError).toBeHidden();
  });

  test('both password fields have a show/hide toggle', async ({ page }) => {
    const form = registerForm(page);
    await form.password.fill('secret-one');
    await form.confirm.fill('secret-two');
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.confirm).toHaveAttribute('type', 'password');

    const toggles = page.getByRole('button', { name: 'Show password' });
    await expect(toggles).toHaveCount(2);

    await toggles.first().click();
    await expect(form.password).toHaveAttribute('type', 'text');
    await expect(form.confirm).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Hide password' })).toHaveCount(1);

    // With the first one shown, the only "Show password" left is the confirmation's.
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(form.confirm).toHaveAttribute('type', 'text');
    await expect(form.confirm).toHaveValue('secret-two');

    const hideButtons = page.getByRole('button', { name: 'Hide password' });
    await expect(hideButtons).toHaveCount(2);
    await hideButtons.first().click();
    await expect(form.password).toHaveAttribute('type', 'password');
    await expect(form.password).toHaveValue('secret-one');
  });

  test('a duplicate email (other case, with spaces) shows the server’s message in the alert', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('duplicate');
    const first = await request.post('/api/auth/register', {
      data: { name: 'First Owner', email, password: 'secret123' },
    });
    expect(first.status()).toBe(201);
    // What the server says about this email now: the text the alert must show.
    const again = await request.post('/api/auth/register', {
      data: { name: 'First Owner', email, password: 'secret123' },
    });
    expect(again.status()).toBe(409);
    const { message } = (await again.json()) as { message: string };
    expect(message).not.toBe('');

    const form = registerForm(page);
    await form.name.fill('Second Owner');
    await form.email.fill(`  ${email.toUpperCase()}  `);
    await form.password.fill('secret123');
    await form.confirm.fill('secret123');
    const registerResponse = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/auth/register' &&
        response.request().method() === 'POST',
    );
    await form.submit.click();
    expect((await registerResponse).status()).toBe(409);

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(message);
    await expect(alert).toHaveClass(/ui-alert--destructive/);
    await expect(page).toHaveURL(/\/register$/);

    // Editing a field clears the auth error (SPEC.md §4 "Forms").
    await form.email.fill(uniqueEmail('other'));
    await expect(alert).toBeHidden();
  });

  test('a new account lands on /dashboard with 5 credits, the name and the User badge', async ({
    page,
  }) => {
    const name = `Ada ${Date.now().toString(36)}`;
    const form = registerForm(page);
    await form.name.fill(`  ${name}  `);
    await form.email.fill(uniqueEmail('register'));
    await form.password.fill('secret123');
    await form.confirm.fill('secret123');
    await form.submit.click();

    await expect(page).toHaveURL(/\/dashboard$/);
    const bar = navbar(page);
    await expect(
      bar.getByText('5 credits', { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(bar.getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(bar.getByText('User', { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
