import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { CONSOLE_MENU_ITEM, isMenuItemActive, MANAGE_MENU, MENU_SECTIONS, menuSections, SERVICE_MENU } from './menu.ts';

describe('menus', () => {
  it('Service lists the spec entries in order, three of them coming soon', () => {
    expect(SERVICE_MENU.map(({ label, path, comingSoon }) => [label, path, comingSoon])).toEqual([
      ['Explore', '/gallery', false],
      ['Generate Images', '/generate', false],
      ['Generate Videos', '/videos', true],
      ['Train a Models', '/train', true],
      ['AI Creative Webtoons', '/webtoons', true],
    ]);
  });

  it('Manage lists the spec entries in order, none coming soon', () => {
    expect(MANAGE_MENU.map(({ label, path, comingSoon }) => [label, path, comingSoon])).toEqual([
      ['My Collections', '/collections', false],
      ['Liked Contents', '/likes', false],
      ['Customer Support', '/support', false],
      ['Manage Account', '/account', false],
      ['Terms and Policies', '/terms', false],
    ]);
  });

  it('Manage gains the Support console entry, last, only when the session may use the console', () => {
    const manage = (show: boolean) =>
      menuSections(show)
        .find((s) => s.id === 'manage')!
        .items.map((i) => i.label);
    expect(manage(false)).not.toContain('Support console');
    expect(manage(true)).toEqual([...MANAGE_MENU.map((i) => i.label), 'Support console']);
    expect(CONSOLE_MENU_ITEM.path).toBe(paths.admin);
    expect(isMenuItemActive(CONSOLE_MENU_ITEM, paths.adminMembers)).toBe(true);
  });

  it('has a Service and a Manage section', () => {
    expect(MENU_SECTIONS.map((s) => s.title)).toEqual(['Service', 'Manage']);
  });

  it('every navigable entry points at a routed path; coming-soon ones at unrouted paths', () => {
    const routed = new Set<string>(Object.values(paths));
    for (const item of [...SERVICE_MENU, ...MANAGE_MENU]) expect(routed.has(item.path)).toBe(true);
    expect(SERVICE_MENU.filter((i) => i.comingSoon).map((i) => i.path)).toEqual([
      paths.videos,
      paths.train,
      paths.webtoons,
    ]);
  });

  it('marks Explore active on /, /home and /gallery', () => {
    const explore = SERVICE_MENU[0]!;
    for (const p of ['/', '/home', '/gallery', '/gallery/']) expect(isMenuItemActive(explore, p)).toBe(true);
    expect(isMenuItemActive(explore, '/generate')).toBe(false);
  });

  it('marks other entries active on their path only, and coming-soon entries never', () => {
    const likes = MANAGE_MENU[1]!;
    expect(isMenuItemActive(likes, '/likes')).toBe(true);
    expect(isMenuItemActive(likes, '/likes-archive')).toBe(false);
    expect(isMenuItemActive(likes, '/')).toBe(false);
    const videos = SERVICE_MENU[2]!;
    expect(isMenuItemActive(videos, '/videos')).toBe(false);
  });
});
