// The results area (spec section 2): the empty state with the selected format, or the groups, newest
// first, each with its prompt, Copy and Regenerate, and a grid of its images (a spinner while
// processing, the picture when complete, 'Held for review' when the picture safety check withheld it,
// 'Generation failed' otherwise).
import { formatStrength } from '@velvet/contracts/format';
import { HELD_IMAGE_TEXTS } from '@velvet/contracts/images/get-status';
import { RATIOS, type Ratio } from '@velvet/contracts/options';
import { apiPath, API_PATHS } from '@velvet/contracts/routes';
import {
  AlertIcon,
  GlobeIcon,
  ImageIcon,
  ReceiptIcon,
  RefreshIcon,
  ShieldIcon,
  TrashIcon,
} from '../../../components/ui/icons.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ratioSizeText } from '../generation-request.ts';
import { useAuthorizedImage } from '../../../lib/use-authorized-image.ts';
import { useCopyFeedback } from '../../../lib/use-copy-feedback.ts';
import type { GeneratedImage, GenerationGroup } from '../slice.ts';
import { tileStateOf } from '../status-update.ts';
import styles from './generation-results.module.css';

export function EmptyResults({ ratio }: { ratio: Ratio }) {
  const { width, height } = RATIOS[ratio];
  return (
    <div className={styles.empty} data-testid="empty-state">
      <div className={styles.frame} style={{ aspectRatio: `${width} / ${height}` }} aria-hidden="true">
        <ImageIcon size={30} />
      </div>
      <p className={styles.emptyTitle}>Generated images will appear here</p>
      <p className={styles.emptyFormat}>
        <span>Selected format: {ratio}</span>
        <span className={styles.emptySize}>{ratioSizeText(ratio)}</span>
      </p>
    </div>
  );
}

export interface GenerationGroupCardProps {
  group: GenerationGroup;
  token: string | null;
  regenerateDisabled: boolean;
  onRegenerate: (group: GenerationGroup) => void;
  onOpenImage: (group: GenerationGroup, image: GeneratedImage) => void;
}

export function GenerationGroupCard({
  group,
  token,
  regenerateDisabled,
  onRegenerate,
  onOpenImage,
}: GenerationGroupCardProps) {
  const { copied, copy } = useCopyFeedback();
  const { settings } = group;
  const done = group.images.filter((image) => image.status !== 'processing').length;
  return (
    <article className={styles.group} data-testid="generation-group" data-run-id={group.run_id}>
      <header className={styles.groupHead}>
        <p className={styles.prompt} data-testid="group-prompt">
          {group.prompt}
        </p>
        <div className={styles.groupBar}>
          <ul className={styles.meta} aria-label="Settings">
            <li>{settings.model}</li>
            <li>{settings.style}</li>
            <li>
              {settings.ratio} · {ratioSizeText(settings.ratio)}
            </li>
            <li>Strength {formatStrength(settings.strength)}</li>
            {settings.fourk ? <li className={styles.metaAccent}>4K</li> : null}
            {done < group.images.length ? (
              <li className={styles.metaProgress}>
                {done}/{group.images.length} ready
              </li>
            ) : null}
          </ul>
          <div className={styles.actions}>
            <CopyButton
              className={styles.action}
              copied={copied}
              onClick={() => void copy(group.prompt)}
              data-testid="copy-prompt"
            />
            <button
              type="button"
              className={styles.action}
              onClick={() => onRegenerate(group)}
              disabled={regenerateDisabled}
              data-testid="regenerate"
            >
              <RefreshIcon size={16} />
              <span>Regenerate</span>
            </button>
          </div>
        </div>
      </header>
      <ul className={styles.grid}>
        {group.images.map((image, index) => (
          <li key={image.image_id}>
            <GeneratedImageTile
              image={image}
              index={index}
              ratio={settings.ratio}
              token={token}
              onOpen={() => onOpenImage(group, image)}
            />
          </li>
        ))}
      </ul>
    </article>
  );
}

interface TileProps {
  image: GeneratedImage;
  index: number;
  ratio: Ratio;
  token: string | null;
  onOpen: () => void;
}

function Badges({ image }: { image: GeneratedImage }) {
  const badges = [
    image.is_open === 'Y' ? { key: 'published', label: 'Published', Icon: GlobeIcon } : null,
    image.is_claim === 'Y' ? { key: 'claimed', label: 'Claimed', Icon: ReceiptIcon } : null,
    image.is_delete === 'Y' ? { key: 'deleted', label: 'Deleted', Icon: TrashIcon } : null,
  ].filter((badge) => badge !== null);
  if (badges.length === 0) return null;
  return (
    <span className={styles.badges}>
      {badges.map(({ key, label, Icon }) => (
        <span key={key} className={`${styles.badge} ${styles[key]}`} title={label} data-badge={key}>
          <Icon size={13} />
          <span className="visually-hidden">{label}</span>
        </span>
      ))}
    </span>
  );
}

function GeneratedImageTile({ image, index, ratio, token, onOpen }: TileProps) {
  const { width, height } = RATIOS[ratio];
  const state = tileStateOf(image);
  const complete = state === 'complete';
  const picture = useAuthorizedImage(
    complete && image.is_delete !== 'Y' ? apiPath(API_PATHS.imageThumbnail, { image_id: image.image_id }) : null,
    token,
  );
  const frame = { aspectRatio: `${width} / ${height}` };
  const label = `Image ${index + 1}`;

  if (state === 'processing') {
    return (
      <div
        className={`${styles.tile} ${styles.processing}`}
        style={frame}
        data-testid="image-tile"
        data-status="processing"
      >
        <Spinner size={26} label={`${label} is being generated`} />
        <span className={styles.tileText}>Generating…</span>
      </div>
    );
  }
  if (state === 'held') {
    // Never a picture: it is only in quarantine. Opens the detail view, which says why.
    return (
      <button
        type="button"
        className={`${styles.tile} ${styles.held}`}
        style={frame}
        onClick={onOpen}
        aria-label={`${label}: ${HELD_IMAGE_TEXTS.label.toLowerCase()}`}
        title={HELD_IMAGE_TEXTS.explanation}
        data-testid="image-tile"
        data-status="held"
      >
        <ShieldIcon size={22} />
        <span className={styles.tileText}>{HELD_IMAGE_TEXTS.label}</span>
      </button>
    );
  }
  if (!complete) {
    return (
      <div className={`${styles.tile} ${styles.failed}`} style={frame} data-testid="image-tile" data-status="failed">
        <AlertIcon size={22} />
        <span className={styles.tileText}>Generation failed</span>
      </div>
    );
  }
  // Shown in place of the picture, inside the button: so part of its name too (WCAG 2.5.3).
  const notice = picture.src
    ? null
    : image.is_delete === 'Y'
      ? 'This Image is deleted'
      : picture.error !== null
        ? 'Failed to load image'
        : null;
  return (
    <button
      type="button"
      className={`${styles.tile} ${styles.complete}`}
      style={frame}
      onClick={onOpen}
      aria-label={`Open ${label.toLowerCase()}${notice ? ` — ${notice}` : ''}`}
      data-testid="image-tile"
      data-status="complete"
    >
      {picture.src ? (
        <img className={styles.picture} src={picture.src} alt={`Generated image ${index + 1}`} draggable={false} />
      ) : notice ? (
        <span className={styles.tileText}>{notice}</span>
      ) : (
        <Spinner size={22} />
      )}
      <Badges image={image} />
    </button>
  );
}
