import type { ComponentType } from 'react';
import {
  BookIcon,
  CompassIcon,
  CpuIcon,
  FileTextIcon,
  FilmIcon,
  FolderIcon,
  HeadsetIcon,
  HeartIcon,
  ShieldIcon,
  SparklesIcon,
  UserIcon,
  type IconProps,
} from '../../../components/ui/icons.tsx';
import type { MenuIconName } from '../menu.ts';

const ICONS: Record<MenuIconName, ComponentType<IconProps>> = {
  explore: CompassIcon,
  image: SparklesIcon,
  video: FilmIcon,
  train: CpuIcon,
  webtoon: BookIcon,
  collections: FolderIcon,
  likes: HeartIcon,
  support: HeadsetIcon,
  account: UserIcon,
  terms: FileTextIcon,
  console: ShieldIcon,
};

export function MenuIcon({ name, ...props }: IconProps & { name: MenuIconName }) {
  const Icon = ICONS[name];
  return <Icon {...props} />;
}
