import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('is a non-submitting button with its variant and size classes', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="destructive" size="sm" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveProperty('type', 'button');
    expect(button.className).toContain('ui-button--destructive');
    expect(button.className).toContain('ui-button--sm');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('marks a secondary destructive action with the danger tone, not the solid red variant', () => {
    render(
      <Button variant="outline" danger>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('ui-button--outline');
    expect(button.className).toContain('ui-button--danger');
    expect(button.className).not.toContain('ui-button--destructive');
  });

  it('is busy and disabled while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('ButtonLink', () => {
  it('navigates like a router link and looks like a button', async () => {
    render(
      <MemoryRouter>
        <Routes>
          <Route
            path="/"
            element={
              <ButtonLink to="/register" variant="outline" size="lg">
                Get Started Free
              </ButtonLink>
            }
          />
          <Route path="/register" element={<h1>Register</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Get Started Free' });
    expect(link.getAttribute('href')).toBe('/register');
    expect(link.className).toContain('ui-button--outline');
    await userEvent.click(link);
    expect(screen.getByRole('heading', { name: 'Register' })).toBeVisible();
  });
});
