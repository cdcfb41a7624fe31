import type { BadgeVariant } from 'common/badge-variant';
import type { RemoteName } from 'common/remote-name';

export const ROLES = ['user', 'editor', 'reviewer', 'admin'] as const;

/** A person's role (SPEC.md §6). */
export type Role = (typeof ROLES)[number];

/** The staff areas, each served by its own remote. */
export type StaffArea = Exclude<RemoteName, 'user'>;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

const areaRoles: Record<StaffArea, readonly Role[]> = {
  admin: ['admin'],
  editor: ['editor', 'admin'],
  reviewer: ['reviewer', 'admin'],
};

/** Whether `role` may open a staff area: admin everywhere, editor and reviewer in their own. */
export function canAccess(role: string, area: StaffArea): boolean {
  return isRole(role) && areaRoles[area].includes(role);
}

/** The badge style of a role (SPEC.md /dashboard): admin destructive, editor default, reviewer secondary. */
export function roleBadgeVariant(role: string): BadgeVariant {
  switch (role) {
    case 'admin':
      return 'destructive';
    case 'editor':
      return 'default';
    case 'reviewer':
      return 'secondary';
    default:
      return 'outline';
  }
}

/** A role as a person reads it: "admin" → "Admin". */
export function roleLabel(role: string): string {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : '';
}

export interface NavItem {
  to: string;
  label: string;
}

/** Every signed-in person's pages, in navbar order. */
const baseNavItems: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/summarize', label: 'Create Summary' },
  { to: '/history', label: 'History' },
];

const staffNavItems: ReadonlyArray<NavItem & { area: StaffArea }> = [
  { to: '/admin', label: 'Admin Panel', area: 'admin' },
  { to: '/editor', label: 'Manage Content', area: 'editor' },
  { to: '/reviewer', label: 'Review Content', area: 'reviewer' },
];

/** A user's balance page: staff reach it from the credit chip (their bar is full already). */
const userNavItems: readonly NavItem[] = [{ to: '/credits', label: 'Credits' }];

/** The navbar's links for a role (SPEC.md "Navigation bar"). */
export function navItemsFor(role: string): NavItem[] {
  return [
    ...baseNavItems,
    ...(role === 'user' ? userNavItems : []),
    ...staffNavItems
      .filter((item) => canAccess(role, item.area))
      .map(({ to, label }) => ({ to, label })),
  ];
}
