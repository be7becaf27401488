// Puts a gallery screen together (spec sections 2 and 4): the gallery feature's grid, the ads
// feature's slots and the image-detail feature's detail view, wired to the login modal, the toasts and
// the layout's mobile breakpoint. Features stay unaware of one another.
import { lazy, Suspense, useCallback } from 'react';
import type { GalleryType } from '@velvet/contracts/options';
import { AdSlot } from '../../../features/ads/components/ad-slot.tsx';
import { GalleryScreen, type AdSlotInfo } from '../../../features/gallery/components/gallery-screen.tsx';
import { galleryImageUpdated, type GalleryImagePatch } from '../../../features/gallery/slice.ts';
import type { DetailVariant } from '../../../features/image-detail/detail-rules.ts';
import { useImageDetail } from '../../../features/image-detail/hooks/use-image-detail.ts';
import { useIsMobile } from '../../../features/layout/hooks/use-media-query.ts';
import { openModal } from '../../../features/modals/slice.ts';
import { useToast } from '../../../features/toast/use-toast.ts';
import { useAppDispatch } from '../../hooks.ts';

const DETAIL_VARIANTS: Record<GalleryType, DetailVariant> = {
  public_gallery: 'public',
  collection_gallery: 'collection',
  likes_gallery: 'likes',
};

// The detail view is not part of the first paint: it loads when an image is first opened.
const ImageDetail = lazy(() =>
  import('../../../features/image-detail/components/image-detail.tsx').then((m) => ({ default: m.ImageDetail })),
);

const renderAd = ({ adKind }: AdSlotInfo) => <AdSlot kind={adKind} />;

export function GalleryRoute({ type }: { type: GalleryType }) {
  const dispatch = useAppDispatch();
  const isMobile = useIsMobile();
  const toast = useToast();
  const detail = useImageDetail();

  const openLogin = useCallback(() => dispatch(openModal('login')), [dispatch]);
  const updateImage = useCallback(
    (imageId: string, patch: GalleryImagePatch) => dispatch(galleryImageUpdated({ imageId, patch })),
    [dispatch],
  );

  return (
    <>
      <GalleryScreen
        type={type}
        isMobile={isMobile}
        onLoginRequired={openLogin}
        onOpenImage={detail.open}
        renderAd={renderAd}
      />
      {detail.image ? (
        <Suspense fallback={null}>
          <ImageDetail
            key={detail.image.image_id}
            image={detail.image}
            variant={DETAIL_VARIANTS[type]}
            onClose={detail.close}
            onImageChange={updateImage}
            onLoginRequired={openLogin}
            notify={toast}
          />
        </Suspense>
      ) : null}
    </>
  );
}
