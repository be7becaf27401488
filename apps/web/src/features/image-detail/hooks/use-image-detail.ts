// Which image's detail view is open, for a screen that mounts <ImageDetail>:
//   const detail = useImageDetail();
//   <Card onClick={() => detail.open(image)} />
//   {detail.image ? <ImageDetail image={detail.image} variant="collection" onClose={detail.close} ... /> : null}
import { useCallback, useState } from 'react';
import type { DetailImage } from '../detail-rules.ts';

export function useImageDetail<T extends DetailImage = DetailImage>() {
  const [image, setImage] = useState<T | null>(null);
  const open = useCallback((next: T) => setImage(next), []);
  const close = useCallback(() => setImage(null), []);
  return { image, open, close };
}
