import { FeedPage } from '../components/feed-page';

/**
 * The home feed (/feed).
 *
 * Hook points for composing other features here (features do not import each other, so whoever
 * wires them does it in this file or in src/app):
 * - `searchBox`: the header search box from features/search;
 * - `onOpenSettings`: opens `SettingsModal` from features/settings, e.g.
 *     const [settingsOpen, setSettingsOpen] = useState(false);
 *     <FeedPage searchBox={<SearchBox />} onOpenSettings={() => setSettingsOpen(true)} />
 *     <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
 *   Until it is given, the menus show Settings as unavailable.
 */
export function FeedRoute() {
  return <FeedPage />;
}
