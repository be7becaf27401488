// My Collections (/collections): the member's own images.
import { GalleryRoute } from './gallery-route.tsx';

export function Component() {
  return <GalleryRoute type="collection_gallery" />;
}
