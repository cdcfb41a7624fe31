import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  NO_PREVIEW,
  countCharacters,
  countWords,
  formatFileSize,
  formatInteger,
  formatRelativeDate,
  formatShortDate,
  firstWordsOf,
  plainTextOfMarkdown,
  preview,
  validateLogin,
  validateRegister,
} from './text';

describe('countCharacters', () => {
  it('counts Unicode code points after trimming, as the server does', () => {
    expect(countCharacters('hello')).toBe(5);
    expect(countCharacters('  hello \n')).toBe(5);
    expect(countCharacters('😀😀')).toBe(2);
    expect(countCharacters('é')).toBe(1);
    expect(countCharacters('')).toBe(0);
  });
});

describe('countWords', () => {
  it('splits on any whitespace and ignores blanks', () => {
    expect(countWords('one two  three\nfour\tfive')).toBe(5);
    expect(countWords('   ')).toBe(0);
    expect(countWords('')).toBe(0);
    expect(countWords(' single ')).toBe(1);
  });
});

describe('formatRelativeDate', () => {
  const now = new Date(2026, 10, 10, 9, 30);

  it('says Today for the same calendar day', () => {
    expect(formatRelativeDate(new Date(2026, 10, 10, 0, 5), now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, even less than 24 hours ago', () => {
    expect(formatRelativeDate(new Date(2026, 10, 9, 23, 59), now)).toBe('Yesterday');
  });

  it('counts days under a week', () => {
    expect(formatRelativeDate(new Date(2026, 10, 8, 12), now)).toBe('2 days ago');
    expect(formatRelativeDate(new Date(2026, 10, 4, 12), now)).toBe('6 days ago');
  });

  it('shows a short date from 7 days on', () => {
    expect(formatRelativeDate(new Date(2026, 10, 3, 12), now)).toBe('Nov 3, 2026');
    expect(formatRelativeDate(new Date(2025, 0, 15).toISOString(), now)).toBe('Jan 15, 2025');
  });

  it('treats a date slightly in the future as today, and a bad date as empty', () => {
    expect(formatRelativeDate(new Date(2026, 10, 10, 11), now)).toBe('Today');
    expect(formatRelativeDate('not a date', now)).toBe('');
  });
});

describe('preview', () => {
  it('keeps short text and cuts long text at 150 characters', () => {
    expect(preview('short text')).toBe('short text');
    const long = 'a'.repeat(200);
    expect(preview(long)).toBe(`${'a'.repeat(150)}...`);
    expect(preview('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it('never splits an emoji', () => {
    expect(preview('😀'.repeat(10), 3)).toBe('😀😀😀...');
  });

  it('says No preview available for empty text', () => {
    expect(preview('')).toBe(NO_PREVIEW);
    expect(preview('   ')).toBe('No preview available');
    expect(preview(null)).toBe('No preview available');
  });
});

describe('formatFileSize', () => {
  it('shows KB with 2 decimals', () => {
    expect(formatFileSize(12636)).toBe('12.34 KB');
    expect(formatFileSize(0)).toBe('0.00 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10240.00 KB');
  });
});

describe('EMAIL_PATTERN', () => {
  it('accepts text@text.text only', () => {
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
    expect(EMAIL_PATTERN.test('first.last@sub.example.org')).toBe(true);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
    expect(EMAIL_PATTERN.test('@b.co')).toBe(false);
    expect(EMAIL_PATTERN.test('a b@c.de')).toBe(false);
  });
});

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('rejects a malformed email', () => {
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('passes good input, judging the email trimmed', () => {
    expect(validateLogin({ email: ' ada@example.com ', password: 'secret' })).toEqual({});
  });
});

describe('validateRegister', () => {
  const valid = {
    name: 'Ada',
    email: 'ada@example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('passes good input', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(validateRegister({ name: '', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('judges the name after trimming', () => {
    expect(validateRegister({ ...valid, name: '   ' }).name).toBe('Name is required');
    expect(validateRegister({ ...valid, name: ' A ' }).name).toBe(
      'Name must be at least 2 characters',
    );
    expect(validateRegister({ ...valid, name: ' Al ' }).name).toBeUndefined();
  });

  it('wants a password of at least 6 characters, confirmed', () => {
    expect(validateRegister({ ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(validateRegister({ ...valid, confirmPassword: 'other1' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('checks the email as login does', () => {
    expect(validateRegister({ ...valid, email: 'a@b' }).email).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('formatting without ICU', () => {
  it('writes whole numbers as en-US does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [0, 7, 999, 1000, 12345, 1234567, 98765432.4, 2.5, 1999.6, -1234]) {
      expect(formatInteger(value)).toBe(intl.format(value));
    }
  });

  it('writes short dates as en-US does', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, month + 9, 15, 30);
      expect(formatShortDate(date)).toBe(intl.format(date));
    }
  });
});

describe('plainTextOfMarkdown', () => {
  it('drops list, heading and quote markers and keeps the line breaks', () => {
    expect(plainTextOfMarkdown('- First point\n* Second point\n1. Third\n2) Fourth')).toBe(
      'First point\nSecond point\nThird\nFourth',
    );
    expect(plainTextOfMarkdown('# Title\n### Part\n> - quoted item')).toBe(
      'Title\nPart\nquoted item',
    );
  });

  it('drops emphasis, code, strike-through and link markers but keeps their words', () => {
    expect(plainTextOfMarkdown('A **bold** and __strong__ claim, *really* and _truly_.')).toBe(
      'A bold and strong claim, really and truly.',
    );
    expect(plainTextOfMarkdown('Run `npm test`, ~~never~~ [see docs](https://x.test/a).')).toBe(
      'Run npm test, never see docs.',
    );
  });

  it('keeps what only looks like a marker: snake_case, 5 * 3, a dash inside a line, #tags', () => {
    expect(plainTextOfMarkdown('user_id is 5 * 3 - 1 and #hashtag')).toBe(
      'user_id is 5 * 3 - 1 and #hashtag',
    );
  });

  it('drops rules and code fences, and is empty for nothing', () => {
    expect(plainTextOfMarkdown('One\n\n---\n\n```ts\ncode\n```\nTwo')).toBe('One\n\ncode\n\nTwo');
    expect(plainTextOfMarkdown(null)).toBe('');
    expect(plainTextOfMarkdown('  ')).toBe('');
  });
});

describe('firstWordsOf', () => {
  it('takes the first words of the plain text, with an ellipsis when cut', () => {
    expect(firstWordsOf('- **Revenue** grew\n- Costs fell', 3)).toBe('Revenue grew Costs…');
    expect(firstWordsOf('  one two  ', 3)).toBe('one two');
  });

  it('reads only the start of a long text, and still says when it was cut', () => {
    const long = `Quarterly results for the northern region ${'and more words '.repeat(40_000)}`;
    expect(firstWordsOf(long, 4)).toBe('Quarterly results for the…');
    // A text whose start holds fewer words than asked, but which goes on, is cut all the same.
    expect(firstWordsOf(`Summary ${'x'.repeat(5_000)}`, 8)).toMatch(/^Summary x+…$/);
  });
});

describe('preview of Markdown', () => {
  it('shows the text without its markers', () => {
    expect(preview('- **Revenue** grew 12%\n- Costs fell')).toBe('Revenue grew 12%\nCosts fell');
  });
});
