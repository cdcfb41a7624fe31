import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Badge } from './badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

afterEach(cleanup);

describe('Alert', () => {
  it('announces a destructive alert with its title and description', () => {
    render(
      <Alert variant="destructive">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>Invalid email or password</AlertDescription>
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('Invalid email or password');
  });

  it('uses a polite status for success and no live role for a plain hint', () => {
    const { rerender } = render(<Alert variant="success">Saved</Alert>);
    expect(screen.getByRole('status').textContent).toBe('Saved');
    rerender(<Alert>Demo account</Alert>);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Badge and Card', () => {
  it('render their variant and structure', () => {
    render(
      <Card>
        <CardHeader>
          <CardTitle as="h2">Available credits</CardTitle>
          <CardDescription>Each summary costs 1 credit</CardDescription>
        </CardHeader>
        <CardContent>
          <Badge variant="secondary">reviewer</Badge>
        </CardContent>
        <CardFooter>Footer</CardFooter>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Available credits' })).toBeVisible();
    expect(screen.getByText('reviewer').className).toContain('ui-badge--secondary');
  });
});
