import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryText, toBlocks } from './summary-text';

describe('SummaryText', () => {
  it('keeps paragraphs and their line breaks', () => {
    expect(toBlocks('First line\nsecond line\n\nNext paragraph')).toEqual([
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'paragraph', text: 'Next paragraph' },
    ]);
  });

  it('turns bullet and numbered lines into lists', () => {
    render(<SummaryText text={'Key points:\n- one\n* two\n• three\n\n1. first\n2) second'} />);
    const lists = screen.getAllByRole('list');
    expect(lists.map((list) => list.tagName)).toEqual(['UL', 'OL']);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'one',
      'two',
      'three',
      'first',
      'second',
    ]);
    expect(screen.getByText('Key points:').tagName).toBe('P');
  });
});
