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

/**
 * Replays the stream route's events one by one, `delayMs` apart, as the browser reads them:
 * the real server answers (the local summarizer writes the events), and the screen can be
 * watched between two of them. The wrapper is installed before the app's first script. `route`
 * is the stream's path (a file's: `/api/summaries/upload/stream`).
 */
export async function replayStreamSlowly(
  page: Page,
  delayMs: number,
  route = '/api/summaries/stream',
): Promise<void> {
  await page.addInitScript(
    ({ path, delay }) => {
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!new URL(url, location.href).pathname.endsWith(path) || !response.ok) return response;
        const events = (await response.text())
          .split('\n\n')
          .filter((event) => event.trim() !== '')
          .map((event) => `${event}\n\n`);
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = events.shift();
            if (next === undefined) {
              controller.close();
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, delay));
            controller.enqueue(encoder.encode(next));
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      };
    },
    { path: route, delay: delayMs },
  );
}

/**
 * Records every stage the reading progress bar says (its `aria-valuetext`), in order, from the
 * tab's first document on: a stage may show for less time than an assertion's polling takes.
 * Read them with readingStages.
 */
export async function recordReadingStages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__readingStages', { value: seen });
    const note = (element: Element) => {
      const stage = element.getAttribute('aria-valuetext');
      if (element.localName === 'progress' && stage && seen[seen.length - 1] !== stage) {
        seen.push(stage);
      }
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === 'attributes' && mutation.target instanceof Element) {
          note(mutation.target);
        }
        for (const added of mutation.addedNodes) {
          if (!(added instanceof Element)) continue;
          note(added);
          added.querySelectorAll('progress').forEach(note);
        }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuetext'],
    });
  });
}

/** The stages recordReadingStages has seen so far. */
export function readingStages(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __readingStages?: string[] }).__readingStages ?? []),
  ]);
}
