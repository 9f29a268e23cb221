import { LineIcon } from '../../../components/ui/line-icon';

/** Line icons for the feed page; always decorative (the text next to them names the item). */

export const MailIcon = () => (
  <LineIcon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </LineIcon>
);
