// One image of the grid (spec section 2, Cards): the picture, its type, a like button with the count
// and, in My Collections, the Published and Claimed badges. Public pictures are plain <img>; the
// collection's and likes' are fetched with the bearer token once the card nears the viewport. A picture
// that fails shows 'Failed to load image'. The pictures on screen at first paint (the first two rows)
// are the page's largest paint: they load eagerly at high fetch priority and show at once; the others
// load lazily and fade in. A held image (withheld by the picture safety check; the galleries do not
// list them, this is a safeguard) shows 'Held for review' and is never fetched.
import { memo, useRef, useState } from 'react';
import { formatLikeCount } from '@velvet/contracts/format';
import { HELD_IMAGE_TEXTS } from '@velvet/contracts/images/get-status';
import type { TImage } from '@velvet/contracts/images/image';
import { RATIOS } from '@velvet/contracts/options';
import { GlobeIcon, HeartIcon, ImageOffIcon, ReceiptIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuthorizedImage } from '../../../lib/use-authorized-image.ts';
import { GALLERY_TEXTS } from '../gallery-texts.ts';
import { useInView } from '../hooks/use-in-view.ts';
import styles from './gallery-card.module.css';

export interface GalleryCardProps {
  image: TImage;
  position: number;
  /** On screen at first paint: eager, high-priority picture, no fade-in. */
  priority?: boolean;
  /** Fetch the picture with the bearer token (collection and likes cards). */
  withAuth: boolean;
  token: string | null;
  showBadges: boolean;
  likeBusy: boolean;
  onOpen: (image: TImage) => void;
  onLike: (image: TImage) => void;
}

/** Where a card's picture comes from, and whether it can be shown (held, failed or fine). */
function useCardPicture(image: TImage, withAuth: boolean, token: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref);
  const held = image.status === 'held';
  const url = held ? null : (image.imageUrl ?? null);
  const authorized = useAuthorizedImage(withAuth ? url : null, token, near);
  const [broken, setBroken] = useState(false);
  const src = withAuth ? authorized.src : url;
  const failed = !held && (broken || (withAuth && authorized.error !== null) || !url);
  // The text the card shows instead of the picture: part of the open button's name, since it shows
  // inside it (WCAG 2.5.3, label in name). After a dash, not in brackets: a name's bracketed words
  // do not count as its label.
  const notice = held ? HELD_IMAGE_TEXTS.label : failed ? GALLERY_TEXTS.imageFailed : null;
  return { ref, near, src, held, failed, notice, setBroken };
}

type CardPicture = ReturnType<typeof useCardPicture>;

function Picture({
  image,
  picture,
  withAuth,
  priority = false,
}: Pick<GalleryCardProps, 'image' | 'withAuth' | 'priority'> & { picture: CardPicture }) {
  const { ref, near, src, held, failed, setBroken } = picture;
  const [loaded, setLoaded] = useState(false);

  return (
    <div ref={ref} className={styles.picture}>
      {held ? (
        <div className={styles.failed} data-testid="card-image-held">
          <ShieldIcon size={22} />
          <span>{HELD_IMAGE_TEXTS.label}</span>
        </div>
      ) : failed ? (
        <div className={styles.failed} data-testid="card-image-error">
          <ImageOffIcon size={22} />
          <span>{GALLERY_TEXTS.imageFailed}</span>
        </div>
      ) : src ? (
        <img
          className={[styles.img, priority ? styles.instant : undefined, loaded ? styles.loaded : undefined]
            .filter(Boolean)
            .join(' ')}
          src={src}
          alt={image.prompt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding={priority ? 'auto' : 'async'}
          draggable={false}
          onLoad={() => setLoaded(true)}
          onError={() => setBroken(true)}
        />
      ) : withAuth && near ? (
        <span className={styles.pending}>
          <Spinner size={20} />
        </span>
      ) : null}
    </div>
  );
}

function GalleryCardView({
  image,
  position,
  priority = false,
  withAuth,
  token,
  showBadges,
  likeBusy,
  onOpen,
  onLike,
}: GalleryCardProps) {
  const { width, height } = RATIOS[image.run_ratio];
  const liked = image.is_liked === 'Y';
  const picture = useCardPicture(image, withAuth, token);
  return (
    <article
      className={styles.card}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-testid="gallery-card"
      data-image-id={image.image_id}
      data-slot={position}
    >
      <button
        type="button"
        className={styles.open}
        onClick={() => onOpen(image)}
        // The whole prompt: it shows on hover and focus, and a name must hold the visible text.
        aria-label={`Open image: ${image.prompt}${picture.notice ? ` — ${picture.notice}` : ''}`}
      >
        <Picture image={image} picture={picture} withAuth={withAuth} priority={priority} />
        <span className={styles.shade} aria-hidden="true" />
        <span className={styles.prompt} aria-hidden="true">
          {image.prompt}
        </span>
      </button>
      <span className={styles.type} data-testid="card-type">
        {image.run_type}
      </span>
      {showBadges && (image.is_open === 'Y' || image.is_claim === 'Y') ? (
        <span className={styles.badges}>
          {image.is_open === 'Y' ? (
            <span className={`${styles.badge} ${styles.published}`} data-testid="badge-published">
              <GlobeIcon size={13} />
              {GALLERY_TEXTS.published}
            </span>
          ) : null}
          {image.is_claim === 'Y' ? (
            <span className={`${styles.badge} ${styles.claimed}`} data-testid="badge-claimed">
              <ReceiptIcon size={13} />
              {GALLERY_TEXTS.claimed}
            </span>
          ) : null}
        </span>
      ) : null}
      <button
        type="button"
        className={[styles.like, liked ? styles.liked : undefined].filter(Boolean).join(' ')}
        aria-label={`Like ${formatLikeCount(image.like_cnt)}`}
        aria-pressed={liked}
        disabled={likeBusy}
        onClick={() => onLike(image)}
        data-testid="card-like"
      >
        <HeartIcon size={16} fill={liked ? 'currentColor' : 'none'} />
        <span data-testid="card-like-count">{formatLikeCount(image.like_cnt)}</span>
      </button>
    </article>
  );
}

export const GalleryCard = memo(GalleryCardView);
