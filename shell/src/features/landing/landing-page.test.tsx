import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from 'common/testing';
import { LandingPage } from './landing-page';

afterEach(cleanup);

function renderLanding() {
  return renderWithProviders({
    routes: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/register', element: <h1>Register page</h1> },
    ],
  });
}

describe('LandingPage', () => {
  beforeEach(() => localStorage.clear());

  it('has a header with the brand, Sign In and Get Started Free', () => {
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Brevity home' }).getAttribute('href')).toBe(
      '/',
    );
    expect(within(header).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(
      within(header).getByRole('link', { name: 'Get Started Free' }).getAttribute('href'),
    ).toBe('/register');
  });

  it('shows the hero, the features, the figures and the three steps', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Read less. Understand more.',
    );
    for (const title of [
      'Up to 50,000 characters',
      'History of summaries',
      'Copy and download',
      'Analytics',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    expect(screen.getByText(/compression rate, word counts and your usage/)).toBeVisible();
    const figures = screen.getByRole('region', { name: 'Brevity in numbers' });
    expect(figures.textContent).toContain('1000+');
    expect(figures.textContent).toContain('50,000+');
    expect(figures.textContent).toContain('85%');
    const how = screen.getByRole('region', { name: 'How It Works' });
    const steps = within(how)
      .getAllByRole('listitem')
      .map((step) => within(step).getByRole('heading').textContent);
    expect(steps).toEqual(['Paste or upload', 'AI analysis', 'Get results']);
    expect(screen.getByRole('contentinfo')).toBeVisible();
  });

  it('names the files the server reads, from the one shared list', () => {
    renderLanding();
    const sentences = [...document.querySelectorAll('p')]
      .map((paragraph) => paragraph.textContent ?? '')
      .filter((text) => text.includes('.docx'));
    expect(sentences).toEqual([
      'Summarize long articles, reports and papers in one go. Paste text or upload a .txt, .docx, .pdf, .png, .jpg, .jpeg or .webp file.',
      'Paste your text, or upload a document, a photo or a scan (.txt, .docx, .pdf, .png, .jpg, .jpeg or .webp) of up to 10MB.',
    ]);
  });

  it('takes a visitor to registration from the closing call to action', async () => {
    const { router } = renderLanding();
    const cta = screen.getByRole('region', { name: 'Ready to read smarter?' });
    await userEvent.click(within(cta).getByRole('link', { name: 'Get Started Free' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Register page');
  });
});
