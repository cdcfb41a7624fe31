import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourceLinkedSummary } from './source-linked-summary';

const ORIGINAL =
  'Cats sleep most of the day. Dogs bark at strangers at night. Birds sing at dawn in spring.';
const CATS = { start: 0, end: 27 };
const DOGS = { start: 28, end: 60 };
const BIRDS = { start: 61, end: ORIGINAL.length };

function renderSummary(
  overrides: Partial<Parameters<typeof SourceLinkedSummary>[0]['summary']> = {},
) {
  return render(
    <SourceLinkedSummary
      showKeywords
      summary={{
        originalContent: ORIGINAL,
        summarizedContent: 'Cats sleep most of the day. Birds sing at dawn in spring.',
        format: 'paragraph',
        sourceMap: [
          { text: 'Cats sleep most of the day.', sources: [CATS] },
          { text: 'Birds sing at dawn in spring.', sources: [BIRDS] },
        ],
        keywords: ['cats', 'dawn'],
        unverified: [],
        ...overrides,
      }}
    />,
  );
}

const original = () => screen.getByRole('region', { name: 'Original content' });
const marks = (selector: string) =>
  Array.from(original().querySelectorAll<HTMLElement>(selector)).map((mark) => mark.textContent);

describe('SourceLinkedSummary', () => {
  it('shows each sentence as a toggle, and marks every used source sentence', () => {
    renderSummary();
    const sentences = screen.getAllByRole('button', { pressed: false });
    expect(sentences.map((sentence) => sentence.textContent)).toEqual([
      'cats',
      'dawn',
      'Cats sleep most of the day.',
      'Birds sing at dawn in spring.',
    ]);
    expect(original().textContent).toBe(ORIGINAL);
    expect(marks('.ru-source--used')).toEqual([
      ORIGINAL.slice(CATS.start, CATS.end),
      ORIGINAL.slice(BIRDS.start, BIRDS.end),
    ]);
    expect(marks('[aria-current="true"]')).toEqual([]);
    expect(original().textContent).toContain(ORIGINAL.slice(DOGS.start, DOGS.end));
  });

  it('a click highlights the chosen sentence and its source, and says so', async () => {
    renderSummary();
    const birds = screen.getByRole('button', { name: 'Birds sing at dawn in spring.' });
    await userEvent.click(birds);
    expect(birds.getAttribute('aria-pressed')).toBe('true');
    expect(marks('[aria-current="true"]')).toEqual(['Birds sing at dawn in spring.']);
    expect(screen.getByRole('status').textContent).toBe(
      'Sentence 2 of 2: 1 source sentence highlighted in the original.',
    );
    // Choosing it again lets it go.
    await userEvent.click(birds);
    expect(birds.getAttribute('aria-pressed')).toBe('false');
    expect(marks('[aria-current="true"]')).toEqual([]);
  });

  it('Enter and Space choose a focused sentence', async () => {
    renderSummary();
    const cats = screen.getByRole('button', { name: 'Cats sleep most of the day.' });
    cats.focus();
    await userEvent.keyboard('{Enter}');
    expect(cats.getAttribute('aria-pressed')).toBe('true');
    expect(marks('[aria-current="true"]')).toEqual(['Cats sleep most of the day.']);
    const birds = screen.getByRole('button', { name: 'Birds sing at dawn in spring.' });
    birds.focus();
    fireEvent.keyDown(birds, { key: ' ' });
    expect(birds.getAttribute('aria-pressed')).toBe('true');
    expect(cats.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows a sentence nothing supports as unsupported, and flags unverified terms', async () => {
    renderSummary({
      summarizedContent: 'Cats sleep most of the day. In 2031 owls moved to Paris.',
      sourceMap: [
        { text: 'Cats sleep most of the day.', sources: [CATS] },
        { text: 'In 2031 owls moved to Paris.', sources: [] },
      ],
      unverified: ['2031', 'Paris'],
    });
    const owls = screen.getByRole('button', { name: /^In 2031/ });
    expect(within(owls).getByText('Unsupported')).toBeVisible();
    expect(owls.textContent).toContain('2031 (Not found in the source)');
    expect(screen.getByRole('note').textContent).toBe('Not found in the source: 2031, Paris');
    await userEvent.click(owls);
    expect(screen.getByRole('status').textContent).toBe(
      'Sentence 2 of 2: nothing in the source supports it.',
    );
    expect(marks('[aria-current="true"]')).toEqual([]);
  });

  it('sets the Unsupported flag apart from the next sentence: read in parentheses (issue 26)', () => {
    renderSummary({
      summarizedContent: 'In 2031 owls moved to Paris. Cats sleep most of the day.',
      sourceMap: [
        { text: 'In 2031 owls moved to Paris.', sources: [] },
        { text: 'Cats sleep most of the day.', sources: [CATS] },
      ],
    });
    const owls = screen.getByRole('button', { name: /^In 2031/ });
    expect(owls.textContent).toBe('In 2031 owls moved to Paris. (Unsupported)');
    expect(screen.getByRole('button', { name: 'Cats sleep most of the day.' })).toBeVisible();
  });

  it('a key term chip highlights the term in the original', async () => {
    renderSummary();
    const chips = screen.getByRole('group', { name: 'Key terms' });
    await userEvent.click(within(chips).getByRole('button', { name: 'dawn' }));
    expect(within(chips).getByRole('button', { name: 'dawn' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(marks('.ru-source--keyword')).toEqual(['dawn']);
    expect(screen.getByRole('status').textContent).toBe(
      'Key term “dawn”: 1 match highlighted in the original.',
    );
  });

  it('shows bullets item by item', () => {
    renderSummary({
      format: 'bullets',
      summarizedContent: '- Cats sleep most of the day.\n- Birds sing at dawn in spring.',
      sourceMap: [
        { text: '- Cats sleep most of the day.', sources: [CATS] },
        { text: '- Birds sing at dawn in spring.', sources: [BIRDS] },
      ],
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Cats sleep most of the day.',
      'Birds sing at dawn in spring.',
    ]);
  });

  it('shows a list item by item whatever its format says (a prompt asked for bullets)', () => {
    renderSummary({
      format: 'paragraph',
      summarizedContent: '- Cats sleep most of the day.\n- Birds sing at dawn in spring.',
    });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Cats sleep most of the day.',
      'Birds sing at dawn in spring.',
    ]);
  });

  it('without a source map shows the summary text only', () => {
    renderSummary({ sourceMap: undefined, summarizedContent: 'Plain\ntext' });
    expect(screen.queryByRole('region', { name: 'Original content' })).toBeNull();
    expect(document.querySelector('.ru-summary-text p')?.textContent).toBe('Plain\ntext');
  });

  describe('brings the highlight into view (issue 26)', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    function sideBySide(matches: boolean) {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches, media: query }));
    }

    it('side by side, a key term chip centres its first occurrence in the original, even after a sentence was chosen', async () => {
      sideBySide(true);
      const scrollTo = vi.fn();
      Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
        configurable: true,
        value: scrollTo,
      });
      renderSummary();
      await userEvent.click(screen.getByRole('button', { name: 'Birds sing at dawn in spring.' }));
      expect(scrollTo).toHaveBeenCalledTimes(1);
      await userEvent.click(screen.getByRole('button', { name: 'cats' }));
      expect(scrollTo).toHaveBeenCalledTimes(2);
      expect(scrollTo.mock.contexts[1]).toBe(original());
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
    });

    it('on a phone, the chosen sentence’s source and a key term go to the middle of the screen', async () => {
      sideBySide(false);
      const scrolled: { text: string | null; options: unknown }[] = [];
      // jsdom does not scroll: record what would be brought into view, and how.
      Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
        configurable: true,
        value(this: HTMLElement, options?: boolean | ScrollIntoViewOptions) {
          scrolled.push({ text: this.textContent, options });
        },
      });
      renderSummary();
      await userEvent.click(screen.getByRole('button', { name: 'Birds sing at dawn in spring.' }));
      await userEvent.click(screen.getByRole('button', { name: 'cats' }));
      expect(scrolled).toEqual([
        {
          text: ORIGINAL.slice(BIRDS.start, BIRDS.end),
          options: { block: 'center', behavior: 'smooth' },
        },
        { text: 'Cats', options: { block: 'center', behavior: 'smooth' } },
      ]);
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
    });
  });
});

describe('SourceLinkedSummary: a PDF’s pages (issue 27)', () => {
  it('marks where page 2, 3, … begin in the original, marks and all', async () => {
    // Page 2 starts inside the used Cats sentence's span's end, page 3 at the Birds sentence.
    renderSummary({ pageBreaks: [28, 61] });
    const markers = Array.from(original().querySelectorAll('.ru-page-marker'));
    expect(markers.map((marker) => marker.textContent)).toEqual(['Page 2', 'Page 3']);
    // Each marker stands right before the text of its page.
    expect(markers[0]?.nextSibling?.textContent).toBe(ORIGINAL.slice(28, 60) + ' ');
    expect(markers[1]?.nextSibling?.textContent).toBe(ORIGINAL.slice(61));
    expect(marks('.ru-source--used')).toEqual([
      ORIGINAL.slice(CATS.start, CATS.end),
      ORIGINAL.slice(BIRDS.start, BIRDS.end),
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Birds sing at dawn in spring. p. 3' }),
    );
    expect(marks('[aria-current="true"]')).toEqual([ORIGINAL.slice(BIRDS.start, BIRDS.end)]);
  });

  it('names the page of each cited sentence (issue 28), and says it when the sentence is chosen', async () => {
    renderSummary({
      pageBreaks: [28, 61],
      sourceMap: [
        { text: 'Cats sleep most of the day.', sources: [CATS] },
        { text: 'Birds sing at dawn in spring.', sources: [DOGS, BIRDS] },
      ],
    });
    const labels = Array.from(document.querySelectorAll('.ru-sentence__page')).map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(['p. 1', 'pp. 2–3']);
    await userEvent.click(
      screen.getByRole('button', { name: 'Birds sing at dawn in spring. pp. 2–3' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sentence 2 of 2: 2 source sentences highlighted in the original, pages 2–3.',
    );
  });

  it('names no page without page breaks, nor for a sentence nothing supports', () => {
    renderSummary({
      sourceMap: [
        { text: 'Cats sleep most of the day.', sources: [CATS] },
        { text: 'Birds sing at dawn in spring.', sources: [] },
      ],
    });
    expect(document.querySelector('.ru-sentence__page')).toBeNull();
  });

  it('shows no page marker without page breaks, nor for offsets outside the text', () => {
    renderSummary({ pageBreaks: [0, -4, 10_000] });
    expect(original().querySelector('.ru-page-marker')).toBeNull();
    expect(original().textContent).toBe(ORIGINAL);
  });
});
