// Federation boundary: the shell renders this module's default export with React.lazy.
import { HistoryPage } from '../features/history/history-page';
import { withRelease } from '../lib/release/with-release';

export default withRelease(HistoryPage);
