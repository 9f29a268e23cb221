import { useState } from 'react';
import { SearchBox } from '../../search';
import { SettingsModal } from '../../settings';
import { FeedPage } from '../components/feed-page';

/**
 * The home feed (/feed). Composes the header search box (features/search) and the settings modal
 * (features/settings) into the feed page, which takes them as slots so the features stay apart.
 */
export function FeedRoute() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <>
      <FeedPage searchBox={<SearchBox />} onOpenSettings={() => setSettingsOpen(true)} />
      <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
