import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

function SummaryTabs({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="text" {...(onValueChange ? { onValueChange } : {})}>
      <TabsList aria-label="Input method">
        <TabsTrigger value="text">Paste Text</TabsTrigger>
        <TabsTrigger value="file">Upload File</TabsTrigger>
        <TabsTrigger value="other">Other</TabsTrigger>
      </TabsList>
      <TabsContent value="text">Text panel</TabsContent>
      <TabsContent value="file">File panel</TabsContent>
      <TabsContent value="other">Other panel</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('wires tabs to panels and keeps only the selected tab in the tab order', () => {
    render(<SummaryTabs />);
    const text = screen.getByRole('tab', { name: 'Paste Text' });
    const file = screen.getByRole('tab', { name: 'Upload File' });
    expect(text.getAttribute('aria-selected')).toBe('true');
    expect(text.tabIndex).toBe(0);
    expect(file.tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel', { name: 'Paste Text' });
    expect(panel.textContent).toBe('Text panel');
    expect(text.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('File panel')).toBeNull();
  });

  it('moves with arrow keys, Home and End, wrapping around', async () => {
    const onValueChange = vi.fn();
    render(<SummaryTabs onValueChange={onValueChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Paste Text' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Upload File' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('File panel');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Other' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Paste Text' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Other' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Paste Text' }));
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual([
      'file',
      'other',
      'text',
      'other',
      'text',
    ]);
  });

  it('follows a controlled value', async () => {
    function Controlled() {
      const [tab, setTab] = useState('a');
      return (
        <>
          <p>Current: {tab}</p>
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Views">
              <TabsTrigger value="a">A</TabsTrigger>
              <TabsTrigger value="b">B</TabsTrigger>
            </TabsList>
            <TabsContent value="a">Panel A</TabsContent>
            <TabsContent value="b">Panel B</TabsContent>
          </Tabs>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByText('Current: b')).toBeVisible();
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel B');
  });
});
