import { LineIcon } from '../ui/line-icon';

/** Line icons for the member menus; always decorative (the text next to them names the item). */

export const HomeIcon = () => (
  <LineIcon>
    <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />
  </LineIcon>
);

export const ProfileIcon = () => (
  <LineIcon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </LineIcon>
);

export const DiscoverIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </LineIcon>
);

export const MatchesIcon = () => (
  <LineIcon>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </LineIcon>
);

export const CommunitiesIcon = () => (
  <LineIcon>
    <circle cx="8" cy="9" r="3" />
    <circle cx="16" cy="9" r="3" />
    <path d="M2 20a6 6 0 0 1 12 0M10 20a6 6 0 0 1 12 0" />
  </LineIcon>
);

export const LiveIcon = () => (
  <LineIcon>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="M16 10l5-3v10l-5-3" />
  </LineIcon>
);

export const BellIcon = () => (
  <LineIcon>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0" />
  </LineIcon>
);

export const ShieldIcon = () => (
  <LineIcon>
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
  </LineIcon>
);

export const SettingsIcon = () => (
  <LineIcon>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </LineIcon>
);

export const MenuIcon = () => (
  <LineIcon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </LineIcon>
);

export const MoreIcon = () => (
  <LineIcon>
    <circle cx="5" cy="12" r="1.5" />
    <circle cx="12" cy="12" r="1.5" />
    <circle cx="19" cy="12" r="1.5" />
  </LineIcon>
);

export const MessagesIcon = () => (
  <LineIcon>
    <path d="M4 5h16v11H9l-5 4z" />
  </LineIcon>
);
