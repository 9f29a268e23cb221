import { SearchBox } from '../../search';
import { FeedPage } from '../components/feed-page';

/**
 * The home feed (/feed). Composes the header search box (features/search) into the feed page, which
 * takes it as a slot so the features stay apart. The settings dialog comes with every member page
 * (app/member-shell.tsx).
 */
export function FeedRoute() {
  return <FeedPage searchBox={<SearchBox />} />;
}
