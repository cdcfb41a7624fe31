import { useListView } from 'common/list-params';
import type { ListViewOptions } from 'common/list-params';
import { REVIEW_STATUS_VALUES, USER_ID_PATTERN } from 'common/review-status-filter';
import { ROLES } from 'common/roles';

/** The tabs of /admin, the first the default. */
export const ADMIN_TABS = ['users', 'summaries', 'credit-requests', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The filters a URL of /admin may hold: the users' role, the summaries' status and author. */
export type AdminFilter = 'role' | 'status' | 'userId';

const adminViewOptions: ListViewOptions<AdminTab, AdminFilter> = {
  tabs: ADMIN_TABS,
  filters: { role: ROLES, status: REVIEW_STATUS_VALUES, userId: USER_ID_PATTERN },
};

/** /admin's view in its URL: ?tab=summaries&status=pending&q=words&page=3 and the like. */
export function useAdminView() {
  return useListView(adminViewOptions);
}
