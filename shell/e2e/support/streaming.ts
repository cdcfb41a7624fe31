import type { Locator, Page } from '@playwright/test';

// The /summarize screen as the streaming journeys (streaming.spec.ts, gemini.spec.ts) watch it.

/** The Paste Text tab's field and its Generate summary button. */
export function textTab(page: Page): { field: Locator; submit: Locator } {
  const panel = page.getByRole('tabpanel', { name: 'Paste Text' });
  return {
    field: panel.getByLabel('Text to summarize'),
    submit: panel.getByRole('button', { name: 'Generate summary' }),
  };
}

/** The card that shows the summary while it is written. */
export function streamCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Writing the summary…' });
}

export { resultCard } from './workbench';
