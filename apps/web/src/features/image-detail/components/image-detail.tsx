// The image detail view (spec sections 2, 4, 5 and 8), shared by the galleries and the generation
// screen. `variant` says where it was opened from:
// - 'collection' (My Collections) and 'generation' (the generation screen): like, download, prompt
//   copy, Publish/Unpublish, Claim and Delete Image;
// - 'public' (Explore) and 'likes' (Liked Contents): like, download and prompt copy, the actions the
//   spec lists; Report waits in a small 'More actions' menu beside them.
// Opening it records a view, then refreshes the image's flags from the status call. A held image
// (withheld by the picture safety check) shows why instead of a picture, allows only the prompt copy
// and counts no view; it is known as held from the opener or from that status call. Every change is
// reported through `onImageChange` so the grid (or the generation screen) stays in step. Every action
// needs a member; without a token `onLoginRequired` is called instead. What each action does lives in
// useImageDetailActions; this file only renders. Layout: the picture and the details scroll (on a
// phone as one column), the action bar sits below them, never over them; toasts show in the dialog's
// own slot (over the picture on desktop, above the bar on a phone), clear of every control.
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { formatLikeCount, formatStrength } from '@velvet/contracts/format';
import { HELD_IMAGE_TEXTS } from '@velvet/contracts/images/get-status';
import { REPORT_REASONS, type ReportReason } from '@velvet/contracts/images/report-image';
import { RATIOS } from '@velvet/contracts/options';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import {
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  FlagIcon,
  GlobeIcon,
  HeartIcon,
  ImageOffIcon,
  ReceiptIcon,
  ShieldIcon,
  TrashIcon,
} from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toastSlotRef } from '../../../lib/toast-slot.ts';
import { useAuthorizedImage } from '../../../lib/use-authorized-image.ts';
import { useDismiss } from '../../../lib/use-dismiss.ts';
import {
  actionsFor,
  DETAIL_MESSAGES,
  disabledActions,
  formatRunDate,
  imageErrorText,
  isHeld,
  type ResolvedDetailImage,
} from '../detail-rules.ts';
import { useImageDetailActions, type ImageDetailActionsOptions } from '../hooks/use-image-detail-actions.ts';
import { DetailShell } from './detail-shell.tsx';
import styles from './image-detail.module.css';

export interface ImageDetailProps extends ImageDetailActionsOptions {
  onClose: () => void;
}

export function ImageDetail({ onClose, ...options }: ImageDetailProps) {
  const { variant } = options;
  const detail = useImageDetailActions(options);
  const { current, busy } = detail;

  const actions = actionsFor(variant);
  const disabled = disabledActions(current);
  const held = isHeld(current);
  const liked = current.is_liked === 'Y';
  const isOpen = current.is_open === 'Y';
  const { width, height } = RATIOS[current.run_ratio];
  const created = formatRunDate(current.run_dt);

  return (
    <DetailShell title="Image details" onClose={onClose} testId="image-detail">
      <div className={styles.layout} data-variant={variant}>
        <div className={styles.scroller}>
          <div className={styles.stage}>
            {held ? (
              <HeldNotice ratio={width / height} />
            ) : (
              <DetailPicture
                path={detail.picturePath}
                token={detail.pictureToken}
                needsAuth={detail.needsAuth}
                alt={current.prompt}
                deleted={current.is_delete === 'Y'}
                ratio={width / height}
              />
            )}
          </div>

          <div className={styles.panel}>
            <header className={styles.head}>
              <div className={styles.tags}>
                {actions.publish ? <StateTag image={current} /> : null}
                {created ? <span className={styles.date}>{created}</span> : null}
              </div>
              <div className={styles.stats}>
                <span className={styles.stat} title="Views">
                  <EyeIcon size={16} />
                  <span data-testid="detail-view-count">{formatLikeCount(current.view_cnt)}</span>
                  <span className="visually-hidden"> views</span>
                </span>
              </div>
            </header>

            <dl className={styles.facts}>
              <div>
                <dt>Type</dt>
                <dd data-testid="detail-type">{current.run_type}</dd>
              </div>
              <div>
                <dt>Ratio</dt>
                <dd data-testid="detail-ratio">{current.run_ratio}</dd>
              </div>
              <div>
                <dt>Strength</dt>
                <dd data-testid="detail-strength">{formatStrength(current.strength)}</dd>
              </div>
            </dl>

            <section className={styles.promptBox} aria-labelledby="detail-prompt-title">
              <div className={styles.promptHead}>
                <h3 id="detail-prompt-title" className={styles.label}>
                  Prompt
                </h3>
                <CopyButton
                  className={[styles.copy, detail.copied ? styles.copied : undefined].filter(Boolean).join(' ')}
                  copied={detail.copied}
                  iconSize={15}
                  onClick={detail.copyPrompt}
                  disabled={disabled.copy}
                  data-testid="detail-copy"
                />
              </div>
              <p className={styles.prompt} data-testid="detail-prompt">
                {current.prompt}
              </p>
            </section>

            {actions.report && detail.reportOpen && !detail.reported ? (
              <ReportForm
                busy={busy.has('report')}
                onCancel={detail.toggleReport}
                onSubmit={(reason) => void detail.report(reason)}
              />
            ) : null}
          </div>
        </div>

        <div className={styles.toastSlot} ref={toastSlotRef} />

        <div className={styles.actions}>
          <div className={styles.primaryRow}>
            <button
              type="button"
              className={[styles.like, liked ? styles.liked : undefined].filter(Boolean).join(' ')}
              aria-label={`Like ${formatLikeCount(current.like_cnt)}`}
              aria-pressed={liked}
              onClick={() => void detail.like()}
              disabled={disabled.like || busy.has('like')}
              data-testid="detail-like"
            >
              <HeartIcon size={18} fill={liked ? 'currentColor' : 'none'} />
              <span data-testid="detail-like-count">{formatLikeCount(current.like_cnt)}</span>
            </button>
            <Button
              variant="primary"
              className={styles.grow}
              onClick={() => void detail.download()}
              disabled={disabled.download || busy.has('download')}
            >
              {busy.has('download') ? <Spinner size={16} /> : <DownloadIcon size={18} />}
              Download Image
            </Button>
            {actions.report ? (
              <MoreActions reported={detail.reported} disabled={disabled.report} onReport={detail.openReport} />
            ) : null}
          </div>

          {actions.publish || actions.claim ? (
            <div className={styles.ownerRow}>
              {actions.publish ? (
                <Button
                  variant="secondary"
                  onClick={() => void detail.publish()}
                  disabled={disabled.publish || busy.has('publish')}
                >
                  {isOpen ? <EyeOffIcon size={17} /> : <GlobeIcon size={17} />}
                  {isOpen ? 'Unpublish' : 'Publish'}
                </Button>
              ) : null}
              {actions.claim ? (
                <Button
                  variant="secondary"
                  onClick={() => void detail.claim()}
                  disabled={disabled.claim || busy.has('claim')}
                  title="Ask for this image's coins back"
                >
                  <ReceiptIcon size={17} />
                  Claim
                </Button>
              ) : null}
            </div>
          ) : null}

          {actions.delete ? (
            <Button
              variant="ghost"
              className={styles.delete}
              onClick={() => void detail.remove()}
              disabled={disabled.delete || busy.has('delete')}
            >
              <TrashIcon size={17} />
              Delete Image
            </Button>
          ) : null}
        </div>
      </div>
    </DetailShell>
  );
}

function StateTag({ image }: { image: ResolvedDetailImage }) {
  const [label, tone] = isHeld(image)
    ? [HELD_IMAGE_TEXTS.label, styles.tagHeld]
    : image.is_delete === 'Y'
      ? ['Deleted', styles.tagDeleted]
      : image.is_claim === 'Y'
        ? ['Claimed', styles.tagClaimed]
        : image.is_open === 'Y'
          ? ['Published', styles.tagPublished]
          : ['Private', styles.tagPrivate];
  return (
    <span className={`${styles.stateTag} ${tone}`} data-testid="detail-state">
      {label}
    </span>
  );
}

/** In place of a held picture (which only reviewers can see): what happened, and that it cost nothing. */
function HeldNotice({ ratio }: { ratio: number }) {
  return (
    <div className={styles.frame} style={{ '--ratio': ratio } as CSSProperties}>
      <div className={styles.box}>
        <div className={`${styles.notice} ${styles.held}`} role="status" data-testid="detail-held">
          <ShieldIcon size={28} />
          <strong className={styles.heldTitle}>{HELD_IMAGE_TEXTS.label}</strong>
          <span>{HELD_IMAGE_TEXTS.explanation}</span>
        </div>
      </div>
    </div>
  );
}

interface DetailPictureProps {
  path: string;
  token: string | null;
  needsAuth: boolean;
  alt: string;
  deleted: boolean;
  /** Width over height, so the frame has the picture's shape before it arrives. */
  ratio: number;
}

function DetailPicture({ path, token, needsAuth, alt, deleted, ratio }: DetailPictureProps) {
  const authorized = useAuthorizedImage(needsAuth ? path : null, token);
  const [broken, setBroken] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const src = needsAuth ? authorized.src : path;

  let notice: string | null = null;
  if (broken) notice = DETAIL_MESSAGES.imageFailed;
  else if (needsAuth && authorized.error) notice = deleted ? DETAIL_MESSAGES.deleted : imageErrorText(authorized.error);

  return (
    <div className={styles.frame} style={{ '--ratio': ratio } as CSSProperties}>
      <div className={styles.box}>
        {notice ? (
          <div className={styles.notice} role="alert" data-testid="detail-image-error">
            <ImageOffIcon size={26} />
            <span>{notice}</span>
          </div>
        ) : (
          <>
            {src ? (
              <img
                className={[styles.picture, loaded ? styles.pictureLoaded : undefined].filter(Boolean).join(' ')}
                src={src}
                alt={alt}
                draggable={false}
                onLoad={() => setLoaded(true)}
                onError={() => setBroken(true)}
                data-testid="detail-image"
              />
            ) : null}
            {!loaded ? (
              <span className={styles.loading}>
                <Spinner size={28} label="Loading image" />
              </span>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

interface MoreActionsProps {
  reported: boolean;
  disabled: boolean;
  onReport: () => void;
}

/**
 * The '...' menu (WAI-ARIA menu button): Enter, Space or a click opens it with focus on its first item;
 * Escape, a click outside or choosing an item closes it, and focus goes back to the button.
 */
function MoreActions({ reported, disabled, onReport }: MoreActionsProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);
  // Keyboard users land on the first item as the menu opens.
  useEffect(() => {
    if (open) itemRef.current?.focus();
  }, [open]);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  useDismiss(open, rootRef, () => close(false));

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Only the menu closes, not the detail view around it.
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className={styles.more} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.moreButton}
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="detail-more"
      >
        <svg width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="19" cy="12" r="1.8" />
        </svg>
      </button>
      {open ? (
        <div className={styles.menu} role="menu" aria-label="More actions" onKeyDown={onMenuKeyDown}>
          <button
            type="button"
            role="menuitem"
            className={styles.menuItem}
            ref={itemRef}
            // aria-disabled, not disabled: the item stays focusable, so the menu keeps the keyboard.
            aria-disabled={disabled || reported}
            onClick={() => {
              if (disabled || reported) return;
              close(false);
              onReport();
            }}
            data-testid="detail-report"
          >
            <FlagIcon size={15} />
            {reported ? 'Reported' : 'Report'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

interface ReportFormProps {
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: ReportReason) => void;
}

function ReportForm({ busy, onCancel, onSubmit }: ReportFormProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from the menu: bring the form into view (the details may be scrolled) and into focus.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'nearest' });
    formRef.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  return (
    <form
      ref={formRef}
      className={styles.reportForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason) onSubmit(reason);
      }}
      data-testid="report-form"
    >
      <fieldset className={styles.reasons}>
        <legend className={styles.label}>Why are you reporting this image?</legend>
        {REPORT_REASONS.map((item) => (
          <label key={item.value} className={styles.reason}>
            <input
              type="radio"
              name="report-reason"
              value={item.value}
              checked={reason === item.value}
              onChange={() => setReason(item.value)}
            />
            <span>{item.label}</span>
          </label>
        ))}
      </fieldset>
      <div className={styles.reportButtons}>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" size="sm" disabled={!reason || busy}>
          {busy ? <Spinner size={14} /> : null}
          Send report
        </Button>
      </div>
    </form>
  );
}
