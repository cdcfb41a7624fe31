import { describe, expect, it } from 'vitest';
import { UNTITLED_SUMMARY, summaryTitle } from './summary-title';

describe('summaryTitle', () => {
  it('names an upload by its file name', () => {
    expect(
      summaryTitle({ fileName: 'trial.pdf', originalContent: 'The trial enrolled 120 people.' }),
    ).toBe('trial.pdf');
  });

  it('names a web page by its title (API.md sourceTitle)', () => {
    expect(
      summaryTitle({ fileName: null, sourceTitle: ' Rust 2024 ', originalContent: 'Text' }),
    ).toBe('Rust 2024');
  });

  it('names pasted text by its first eight words, as plain text', () => {
    expect(
      summaryTitle({
        fileName: null,
        originalContent:
          '# Quarterly report\n- **Revenue** grew by twelve percent over the last year.',
      }),
    ).toBe('Quarterly report Revenue grew by twelve percent over…');
  });

  it('falls back to the summary, then to Untitled summary', () => {
    expect(summaryTitle({ originalContent: ' ', summarizedContent: 'Short one.' })).toBe(
      'Short one.',
    );
    expect(summaryTitle({})).toBe(UNTITLED_SUMMARY);
  });
});
