import { createContext, useContext, useId, useState } from 'react';
import type { ComponentProps, KeyboardEvent, ReactNode } from 'react';
import { cx } from 'common/cx';

interface TabsContextValue {
  value: string;
  select: (value: string) => void;
  idFor: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(component: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`${component} must be inside <Tabs>`);
  return context;
}

export interface TabsProps {
  /** The selected tab (controlled); pair with onValueChange. */
  value?: string;
  /** The tab selected first when uncontrolled. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and
 * select them; only the selected tab is in the tab order (roving tabindex).
 */
export function Tabs({ value, defaultValue = '', onValueChange, className, children }: TabsProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const baseId = useId();
  const selected = value ?? uncontrolled;
  const context: TabsContextValue = {
    value: selected,
    select: (next) => {
      if (value === undefined) setUncontrolled(next);
      if (next !== selected) onValueChange?.(next);
    },
    idFor: (part, tabValue) => `tabs${baseId}${part}-${tabValue.replace(/[^\w-]/g, '_')}`,
  };
  return (
    <TabsContext.Provider value={context}>
      <div className={cx('ui-tabs', className)}>{children}</div>
    </TabsContext.Provider>
  );
}

const navigationKeys = new Set(['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End']);

/** Arrow keys, Home and End move focus to another tab of the same list and select it. */
function moveBetweenTabs(event: KeyboardEvent<HTMLButtonElement>): void {
  if (!navigationKeys.has(event.key)) return;
  const list = event.currentTarget.closest('[role="tablist"]');
  if (!list) return;
  const tabs = Array.from(list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'));
  const current = tabs.indexOf(event.currentTarget);
  let next: number;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = tabs.length - 1;
  else {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : -1;
    next = (Math.max(current, 0) + step + tabs.length) % tabs.length;
  }
  event.preventDefault();
  const target = tabs[next];
  target?.focus();
  target?.click();
}

export interface TabsListProps extends ComponentProps<'div'> {
  /** Names the tab set for screen readers. */
  'aria-label'?: string;
}

export function TabsList({ className, ...props }: TabsListProps) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cx('ui-tabs__list', className)}
      {...props}
    />
  );
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, onKeyDown, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idFor('tab', value)}
      aria-controls={tabs.idFor('panel', value)}
      aria-selected={selected}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      className={cx('ui-tabs__trigger', className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveBetweenTabs(event);
      }}
      {...props}
    />
  );
}

export interface TabsContentProps extends Omit<ComponentProps<'div'>, 'value'> {
  value: string;
  /** Keeps the panel's content mounted (hidden) while another tab is shown. */
  keepMounted?: boolean;
}

export function TabsContent({
  value,
  keepMounted = false,
  className,
  children,
  ...props
}: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.idFor('panel', value)}
      aria-labelledby={tabs.idFor('tab', value)}
      hidden={!selected}
      tabIndex={0}
      className={cx('ui-tabs__content', className)}
      {...props}
    >
      {selected || keepMounted ? children : null}
    </div>
  );
}
