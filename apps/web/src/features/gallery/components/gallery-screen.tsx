// A gallery screen (spec sections 2 and 4): header, Filter and Sort, the masonry grid with its ad slots,
// a spinner while fetching, and the infinite scroll. My Collections and Liked Contents show the
// 'Login Required' screen to guests and fetch nothing. Opening an image needs a member (otherwise
// `onLoginRequired`); the route mounts the detail view and the ads, which are other features.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { GALLERY } from '@velvet/contracts/catalog';
import type { TImage } from '@velvet/contracts/images/image';
import type { GalleryType } from '@velvet/contracts/options';
import { ContentLayout } from '../../../components/layouts/content-layout.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LogInIcon, SparkIcon } from '../../../components/ui/icons.tsx';
import { LoginPrompt } from '../../../components/ui/login-prompt.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { selectBearerToken } from '../../../lib/api.ts';
import { useLikeImageMutation } from '../../../lib/image-api.ts';
import { EMPTY_TEXTS, GALLERY_DESCRIPTIONS, GALLERY_TEXTS, GALLERY_TITLES } from '../gallery-texts.ts';
import { useGallery, useGalleryDispatch } from '../hooks/use-gallery.ts';
import { buildSlots, onFirstScreen, type AdKind, type GallerySlot } from '../masonry.ts';
import { galleryImageUpdated, type GalleryImagePatch } from '../slice.ts';
import { GalleryCard } from './gallery-card.tsx';
import { GalleryControls } from './gallery-controls.tsx';
import { MasonryGrid } from './masonry-grid.tsx';
import styles from './gallery-screen.module.css';

export interface AdSlotInfo {
  adKind: AdKind;
  adIndex: number;
  position: number;
}

export interface GalleryScreenProps {
  type: GalleryType;
  isMobile: boolean;
  onLoginRequired: () => void;
  /** A member clicked a card: open the detail view. */
  onOpenImage: (image: TImage) => void;
  /** What fills an ad slot (every 19th). */
  renderAd: (slot: AdSlotInfo) => ReactNode;
  /** Told of every change made here (likes), e.g. to keep an open detail view in step. */
  onImageChange?: (imageId: string, patch: GalleryImagePatch) => void;
}

const keyOf = (image: TImage) => image.image_id;

export function GalleryScreen({
  type,
  isMobile,
  onLoginRequired,
  onOpenImage,
  renderAd,
  onImageChange,
}: GalleryScreenProps) {
  const token = useSelector(selectBearerToken);
  const isLoggedIn = token !== null;
  const needsMember = type !== 'public_gallery';
  const title = GALLERY_TITLES[type];
  const description = GALLERY_DESCRIPTIONS[type];

  if (needsMember && !isLoggedIn) {
    return (
      <ContentLayout title={title} description={description}>
        <div className={styles.loginRequired}>
          <LoginPrompt
            title={GALLERY_TEXTS.loginRequiredTitle}
            message={GALLERY_TEXTS.loginRequiredMessage}
            buttonLabel={GALLERY_TEXTS.loginButton}
            onLogin={onLoginRequired}
          />
        </div>
      </ContentLayout>
    );
  }

  return (
    <ContentLayout title={title} description={description}>
      <GalleryBody
        type={type}
        token={token}
        isMobile={isMobile}
        onLoginRequired={onLoginRequired}
        onOpenImage={onOpenImage}
        renderAd={renderAd}
        {...(onImageChange ? { onImageChange } : {})}
      />
    </ContentLayout>
  );
}

function GalleryBody({
  type,
  token,
  isMobile,
  onLoginRequired,
  onOpenImage,
  renderAd,
  onImageChange,
}: GalleryScreenProps & { token: string | null }) {
  const dispatch = useGalleryDispatch();
  const isLoggedIn = token !== null;
  const { state, setFilter, setSort } = useGallery({
    type,
    sessionKey: token,
    enabled: type === 'public_gallery' || isLoggedIn,
    onLoginRequired,
  });
  const [toggleLike] = useLikeImageMutation();
  const [likeBusy, setLikeBusy] = useState<ReadonlySet<string>>(new Set());

  const latest = useRef({ isLoggedIn, onLoginRequired, onOpenImage, onImageChange });
  useEffect(() => {
    latest.current = { isLoggedIn, onLoginRequired, onOpenImage, onImageChange };
  });

  const openImage = useCallback((image: TImage) => {
    const { isLoggedIn: member, onLoginRequired: login, onOpenImage: open } = latest.current;
    if (!member) return login();
    open(image);
  }, []);

  const likeImage = useCallback(
    async (image: TImage) => {
      if (!latest.current.isLoggedIn) return latest.current.onLoginRequired();
      setLikeBusy((current) => new Set(current).add(image.image_id));
      try {
        const result = await toggleLike(image.image_id).unwrap();
        const patch = { is_liked: result.is_liked, like_cnt: result.like_cnt };
        dispatch(galleryImageUpdated({ imageId: image.image_id, patch }));
        latest.current.onImageChange?.(image.image_id, patch);
      } catch (error) {
        console.warn('Failed to like image', error);
      } finally {
        setLikeBusy((current) => {
          const next = new Set(current);
          next.delete(image.image_id);
          return next;
        });
      }
    },
    [dispatch, toggleLike],
  );
  const likeCard = useCallback((image: TImage) => void likeImage(image), [likeImage]);

  const images = state?.images;
  const slots = useMemo(() => buildSlots(images ?? [], keyOf), [images]);
  const withAuth = type !== 'public_gallery';

  const renderSlot = (slot: GallerySlot<TImage>, { row }: { row: number }) =>
    slot.type === 'image' ? (
      <GalleryCard
        image={slot.image}
        position={slot.position}
        priority={onFirstScreen(row)}
        withAuth={withAuth}
        token={token}
        showBadges={type === 'collection_gallery'}
        likeBusy={likeBusy.has(slot.image.image_id)}
        onOpen={openImage}
        onLike={likeCard}
      />
    ) : (
      <div className={styles.ad} data-testid="ad-slot" data-slot={slot.position} data-ad-kind={slot.adKind}>
        {renderAd({ adKind: slot.adKind, adIndex: slot.adIndex, position: slot.position })}
      </div>
    );

  const loading = state?.loading ?? true;
  const showEmpty = state !== null && !loading && state.images.length === 0 && !state.hasMore;
  const guestStopped =
    state !== null &&
    !isLoggedIn &&
    type === 'public_gallery' &&
    state.hasMore &&
    state.page > GALLERY.guestMaxPage &&
    !loading;

  return (
    <div className={styles.body} data-testid="gallery" data-gallery={type}>
      <div className={styles.toolbar}>
        <GalleryControls
          filter={state?.filter ?? 'ALL'}
          sort={state?.sort_by ?? 'Latest'}
          isMobile={isMobile}
          onFilterChange={setFilter}
          onSortChange={setSort}
        />
      </div>

      {slots.length > 0 ? <MasonryGrid slots={slots} renderSlot={renderSlot} /> : null}

      {loading ? (
        <div className={styles.loading} data-testid="gallery-loading">
          <Spinner size={28} label={GALLERY_TEXTS.loading} />
        </div>
      ) : null}

      {showEmpty ? (
        <div className={styles.empty} data-testid="gallery-empty">
          <span className={styles.emptyIcon} aria-hidden="true">
            <SparkIcon size={26} />
          </span>
          <h2 className={styles.emptyTitle}>{EMPTY_TEXTS[type].title}</h2>
          <p className={styles.emptyBody}>{EMPTY_TEXTS[type].body}</p>
        </div>
      ) : null}

      {guestStopped ? (
        <div className={styles.guestMore} data-testid="guest-more">
          <p>{GALLERY_TEXTS.guestMore}</p>
          <Button variant="primary" onClick={onLoginRequired}>
            <LogInIcon size={18} />
            {GALLERY_TEXTS.loginButton}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
