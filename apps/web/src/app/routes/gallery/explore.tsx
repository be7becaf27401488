// Explore (/, /home, /gallery): the public gallery.
import { GalleryRoute } from './gallery-route.tsx';

export function Component() {
  return <GalleryRoute type="public_gallery" />;
}
