import type { ReactNode } from 'react';
import { Page } from 'common/ui/page-header';
import type { PageProps } from 'common/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'common/ui/tabs';
import './staff-page.css';

/** One tab of a staff page: its trigger and its panel. */
export interface StaffTab<Tab extends string> {
  value: Tab;
  /** What the trigger shows. */
  label: ReactNode;
  /** The trigger's accessible name, where what it shows says it differently (a count). */
  name?: string;
  content: ReactNode;
}

export interface StaffPageProps<Tab extends string> extends Omit<PageProps, 'children'> {
  /** The stat cards above the tabs. */
  stats: ReactNode;
  /** Names the tab list, e.g. "Admin sections". */
  tabsLabel: string;
  tabs: readonly StaffTab<Tab>[];
  /** The tab shown (from the URL). */
  tab: Tab;
  onTabChange: (tab: Tab) => void;
}

/**
 * The shape of every staff page (SPEC.md §4): the heading, a row of stat cards, then tabs that
 * each hold one list. Wrap it in AreaGuard so only its staff reach it.
 */
export function StaffPage<Tab extends string>({
  stats,
  tabsLabel,
  tabs,
  tab,
  onTabChange,
  ...page
}: StaffPageProps<Tab>) {
  return (
    <Page {...page}>
      <div className="ui-stat-grid">{stats}</div>
      <Tabs
        value={tab}
        onValueChange={(next) => {
          const chosen = tabs.find((candidate) => candidate.value === next);
          if (chosen) onTabChange(chosen.value);
        }}
        className="ui-staff-page__tabs"
      >
        <TabsList aria-label={tabsLabel}>
          {tabs.map((item) => (
            <TabsTrigger key={item.value} value={item.value} aria-label={item.name}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((item) => (
          <TabsContent key={item.value} value={item.value}>
            {item.content}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
