// Liked Contents (/likes): the images the member likes.
import { GalleryRoute } from './gallery-route.tsx';

export function Component() {
  return <GalleryRoute type="likes_gallery" />;
}
