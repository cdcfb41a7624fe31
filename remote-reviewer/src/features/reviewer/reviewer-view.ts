import { useListView } from 'common/list-params';
import type { ListViewOptions } from 'common/list-params';
import type { ReviewTab } from './reviewer-slice';

export const REVIEW_TABS = ['pending', 'all', 'mine'] as const satisfies readonly ReviewTab[];

const reviewerViewOptions: ListViewOptions<ReviewTab> = { tabs: REVIEW_TABS };

/** /reviewer's view in its URL: ?tab=all&q=words&page=3 and the like. */
export function useReviewerView() {
  return useListView(reviewerViewOptions);
}
