// The navigation menus of spec section 2, from the contract's menu items (icon, label, path,
// comingSoon), grouped into the Service and Manage sections.
import { COMING_SOON_TEXT, MANAGE_MENU_ITEMS, SERVICE_MENU_ITEMS } from '@velvet/contracts/menu';
import { paths } from '../../config/paths.ts';

/**
 * Not in the spec: the support console's entry (issue 15), last in Manage, only for support and admin
 * sessions (the app decides; the console and its API refuse anyone else).
 */
export const CONSOLE_MENU_ITEM = {
  icon: 'console',
  label: 'Support console',
  path: paths.admin,
  comingSoon: false,
} as const;

export type MenuItem =
  (typeof SERVICE_MENU_ITEMS)[number] | (typeof MANAGE_MENU_ITEMS)[number] | typeof CONSOLE_MENU_ITEM;
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

/** The menu sections of a session: Manage gains the console entry when `showConsole`. */
export function menuSections(showConsole: boolean): readonly MenuSection[] {
  if (!showConsole) return MENU_SECTIONS;
  return MENU_SECTIONS.map((section) =>
    section.id === 'manage' ? { ...section, items: [...section.items, CONSOLE_MENU_ITEM] } : section,
  );
}

/** Explore is the screen of /, /home and /gallery alike. */
const EXPLORE_PATHS: readonly string[] = [paths.root, paths.home, paths.gallery];

export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (item.comingSoon) return false;
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (item.path === paths.gallery) return EXPLORE_PATHS.includes(current);
  return current === item.path || current.startsWith(`${item.path}/`);
}
