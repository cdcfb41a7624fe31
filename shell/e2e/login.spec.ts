import {
  DEMO_PASSWORD,
  demoAccounts,
  expect,
  navbar,
  signInThroughForm,
  test,
} from './support/portal.fixture';

interface ConfigBody {
  data: { demo: { email: string; password: string } | null };
}

test.describe('/login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  });

  test('the hint box shows the demo credentials of /api/config and fills them in', async ({
    page,
    request,
  }) => {
    const config = (await (await request.get('/api/config')).json()) as ConfigBody;
    const demo = config.data.demo;
    expect(demo).not.toBeNull();
    if (!demo) return;

    const hint = page.getByText('Try the demo account').locator('..');
    await expect(hint.getByText(demo.email, { exact: true })).toBeVisible();
    await expect(hint.getByText(demo.password, { exact: true })).toBeVisible();

    await hint.getByRole('button', { name: 'Fill in the demo account' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(demo.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(demo.password);
  });

  test('validates the fields before calling the server', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/login') loginCalls += 1;
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('the password field has a show/hide toggle', async ({ page }) => {
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('hunter22');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('hunter22');
  });

  test('a wrong password shows the alert, which clears when a field is edited', async ({
    page,
  }) => {
    await signInThroughForm(page, demoAccounts.user.email, 'wrong-password');

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid email or password');
    await expect(alert).toHaveClass(/ui-alert--destructive/);
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill('wrong-passwor');
    await expect(alert).toBeHidden();

    // The same holds for the other field.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(alert).toHaveText('Invalid email or password');
    await page.getByLabel('Email').fill(`x${demoAccounts.user.email}`);
    await expect(alert).toBeHidden();
  });

  test('the link to /register works', async ({ page }) => {
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the demo account signs in and lands on /dashboard', async ({ page }) => {
    await signInThroughForm(page, demoAccounts.user.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      navbar(page).getByText(demoAccounts.user.name, { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('brevity.token'));
    expect(stored).toBeTruthy();
  });
});
