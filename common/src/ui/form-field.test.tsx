import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';
import { PasswordInput } from './password-input';
import { Textarea } from './textarea';

afterEach(cleanup);

describe('FormField', () => {
  it('labels the control and ties hint and error to it', () => {
    render(
      <FormField label="Email" hint="We never share it" error="Email is required">
        {(control) => <Input type="email" {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it', 'Email is required']);
  });

  it('leaves a valid control unmarked', () => {
    render(<FormField label="Content">{(control) => <Textarea {...control} />}</FormField>);
    const textarea = screen.getByLabelText('Content');
    expect(textarea.hasAttribute('aria-invalid')).toBe(false);
    expect(textarea.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('PasswordInput', () => {
  it('shows and hides the password with a pressed toggle', async () => {
    render(
      <FormField label="Password">
        {(control) => <PasswordInput {...control} defaultValue="secret" />}
      </FormField>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(show);
    expect(input.getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(hide);
    expect(input.getAttribute('type')).toBe('password');
  });
});
