import { expect, test } from './support/portal.fixture';

test.describe('landing page (signed out)', () => {
  test('shows the hero, the feature cards, How It Works and the closing call to action', async ({
    page,
  }) => {
    await page.goto('/');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Get Started Free' })).toBeVisible();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read less. Understand more.');

    // The feature cards carry the claims of SPEC.md §1.
    const features = page
      .getByRole('region', { name: 'Everything you need to get to the point' })
      .getByRole('listitem');
    await expect(features).toHaveCount(4);
    for (const title of [
      'Up to 50,000 characters',
      'History of summaries',
      'Copy and download',
      'Analytics',
    ]) {
      await expect(features.getByRole('heading', { name: title })).toBeVisible();
    }
    for (const figure of ['1000+', '50,000+', '85%']) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }

    const howItWorks = page.getByRole('region', { name: 'How It Works' });
    await expect(howItWorks.getByRole('listitem')).toHaveCount(3);
    await expect(howItWorks.getByRole('heading', { level: 3 })).toHaveText([
      'Paste or upload',
      'AI analysis',
      'Get results',
    ]);

    const closing = page.getByRole('region', { name: 'Ready to read smarter?' });
    await expect(closing.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  test('header Sign In opens /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('header Get Started Free opens /register', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Get Started Free' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel('Full name')).toBeVisible();
  });

  test('an unknown path shows the landing page', async ({ page }) => {
    const response = await page.goto('/no/such/page?x=1');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read less. Understand more.');
    await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);
  });
});

test('the prerendered landing page names exactly the files the server reads', async ({
  page,
  request,
}) => {
  const body = (await (await request.get('/api/config')).json()) as {
    data: { fileTypes: string[] };
  };
  const { fileTypes } = body.data;
  const listed =
    fileTypes.length < 2
      ? (fileTypes[0] ?? '')
      : `${fileTypes.slice(0, -1).join(', ')} or ${fileTypes[fileTypes.length - 1] ?? ''}`;
  // The copy is in the prerendered HTML itself, before any script runs.
  const html = await (await request.get('/')).text();
  expect(html).toContain(`Paste text or upload a ${listed} file.`);
  await page.goto('/');
  await expect(page.getByText(`Paste text or upload a ${listed} file.`)).toBeVisible();
});
