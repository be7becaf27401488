// The side-panel and mobile menus of spec section 2. Coming-soon entries are greyed, read
// 'Coming Soon!' and do not navigate. `icon` is a key the web maps to its icon component.
import type { TMenuItem } from './entities.ts';

export const COMING_SOON_TEXT = 'Coming Soon!';

export const SERVICE_MENU_ITEMS = [
  { icon: 'explore', label: 'Explore', path: '/gallery', comingSoon: false },
  { icon: 'image', label: 'Generate Images', path: '/generate', comingSoon: false },
  { icon: 'video', label: 'Generate Videos', path: '/videos', comingSoon: true },
  { icon: 'train', label: 'Train a Models', path: '/train', comingSoon: true },
  { icon: 'webtoon', label: 'AI Creative Webtoons', path: '/webtoons', comingSoon: true },
] as const satisfies readonly TMenuItem[];

export const MANAGE_MENU_ITEMS = [
  { icon: 'collections', label: 'My Collections', path: '/collections', comingSoon: false },
  { icon: 'likes', label: 'Liked Contents', path: '/likes', comingSoon: false },
  { icon: 'support', label: 'Customer Support', path: '/support', comingSoon: false },
  { icon: 'account', label: 'Manage Account', path: '/account', comingSoon: false },
  { icon: 'terms', label: 'Terms and Policies', path: '/terms', comingSoon: false },
] as const satisfies readonly TMenuItem[];
