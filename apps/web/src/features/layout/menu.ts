// The navigation menus of spec section 2, from the contract's menu items (icon, label, path,
// comingSoon), grouped into the Service and Manage sections.
import { COMING_SOON_TEXT, MANAGE_MENU_ITEMS, SERVICE_MENU_ITEMS } from '@velvet/contracts/menu';
import { paths } from '../../config/paths.ts';

export type MenuItem = (typeof SERVICE_MENU_ITEMS)[number] | (typeof MANAGE_MENU_ITEMS)[number];
export type MenuIconName = MenuItem['icon'];

export const SERVICE_MENU: readonly MenuItem[] = SERVICE_MENU_ITEMS;
export const MANAGE_MENU: readonly MenuItem[] = MANAGE_MENU_ITEMS;

export type MenuSectionId = 'service' | 'manage';

export interface MenuSection {
  id: MenuSectionId;
  title: string;
  items: readonly MenuItem[];
}

export const MENU_SECTIONS: readonly MenuSection[] = [
  { id: 'service', title: 'Service', items: SERVICE_MENU },
  { id: 'manage', title: 'Manage', items: MANAGE_MENU },
];

export const COMING_SOON_LABEL = COMING_SOON_TEXT;

/** Explore is the screen of /, /home and /gallery alike. */
const EXPLORE_PATHS: readonly string[] = [paths.root, paths.home, paths.gallery];

export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (item.comingSoon) return false;
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.path === paths.gallery) return EXPLORE_PATHS.includes(current);
  return current === item.path || current.startsWith(`${item.path}/`);
}
