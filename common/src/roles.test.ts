import { describe, expect, it } from 'vitest';
import { canAccess, isRole, navItemsFor, roleBadgeVariant, roleLabel } from './roles';

describe('canAccess', () => {
  it('lets admins in everywhere and others only into their own area', () => {
    expect(canAccess('admin', 'admin')).toBe(true);
    expect(canAccess('admin', 'editor')).toBe(true);
    expect(canAccess('admin', 'reviewer')).toBe(true);
    expect(canAccess('editor', 'editor')).toBe(true);
    expect(canAccess('editor', 'admin')).toBe(false);
    expect(canAccess('editor', 'reviewer')).toBe(false);
    expect(canAccess('reviewer', 'reviewer')).toBe(true);
    expect(canAccess('reviewer', 'editor')).toBe(false);
    expect(canAccess('user', 'admin')).toBe(false);
    expect(canAccess('superuser', 'admin')).toBe(false);
  });
});

describe('roleBadgeVariant', () => {
  it('styles each role as SPEC.md says', () => {
    expect(roleBadgeVariant('admin')).toBe('destructive');
    expect(roleBadgeVariant('editor')).toBe('default');
    expect(roleBadgeVariant('reviewer')).toBe('secondary');
    expect(roleBadgeVariant('user')).toBe('outline');
    expect(roleBadgeVariant('anything')).toBe('outline');
  });
});

describe('navItemsFor', () => {
  const labels = (role: string) => navItemsFor(role).map((item) => item.label);

  it('gives every role the three base pages, and a user Credits too', () => {
    expect(labels('user')).toEqual(['Dashboard', 'Create Summary', 'History', 'Credits']);
  });

  it('adds the staff areas a role may open', () => {
    expect(labels('editor')).toEqual(['Dashboard', 'Create Summary', 'History', 'Manage Content']);
    expect(labels('reviewer')).toEqual([
      'Dashboard',
      'Create Summary',
      'History',
      'Review Content',
    ]);
    expect(labels('admin')).toEqual([
      'Dashboard',
      'Create Summary',
      'History',
      'Admin Panel',
      'Manage Content',
      'Review Content',
    ]);
    expect(navItemsFor('admin').map((item) => item.to)).toEqual([
      '/dashboard',
      '/summarize',
      '/history',
      '/admin',
      '/editor',
      '/reviewer',
    ]);
  });
});

describe('isRole and roleLabel', () => {
  it('knows the four roles and capitalises them', () => {
    expect(isRole('reviewer')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(roleLabel('admin')).toBe('Admin');
  });
});
