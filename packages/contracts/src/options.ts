// Option sets of spec section 3 and the generation defaults of section 9. The server validates every
// generation request against these; the web renders its controls from them.

export const MODELS = ['Realistic', 'Manga', 'Animation', 'Hyper Anime'] as const;
export type Model = (typeof MODELS)[number];

/** Real CG appears only in the style-preview table of the spec, not as a selectable model. */
export const STYLE_PREVIEW_MODELS = [...MODELS, 'Real CG'] as const;
export type StylePreviewModel = (typeof STYLE_PREVIEW_MODELS)[number];

export const STYLES = [
  'Free',
  'Blowjob',
  'Cowgirl Anal',
  'Cowgirl Pussy',
  'Doggying Anal',
  'Doggying Pussy',
  'Handjob',
  'Missionary Anal',
  'Missionary Pussy',
  'Titjob',
] as const;
export type Style = (typeof STYLES)[number];

export const RATIOS = {
  Square: { width: 1024, height: 1024 },
  Landscape: { width: 1216, height: 832 },
  Portrait: { width: 832, height: 1216 },
} as const;
export type Ratio = keyof typeof RATIOS;
export const RATIO_NAMES = Object.keys(RATIOS) as Ratio[];

export const IMAGE_COUNTS = [1, 2, 3, 4] as const;
export type ImageCount = (typeof IMAGE_COUNTS)[number];

export const FOURK_VALUES = ['yes', 'no'] as const;
export type FourK = (typeof FOURK_VALUES)[number];

export const STRENGTH = { min: 0, max: 1, step: 0.1, default: 0.5 } as const;

export const GENERATION_DEFAULTS = {
  model: 'Realistic',
  style: 'Free',
  ratio: 'Portrait',
  count: 1,
  strength: STRENGTH.default,
  fourk: 'no',
} as const satisfies {
  model: Model;
  style: Style;
  ratio: Ratio;
  count: ImageCount;
  strength: number;
  fourk: FourK;
};

export const RUN_ID_LENGTH = 32;
export const MAX_IMAGES_PER_REQUEST = 4;

/** Gallery filter values; 'ALL' is never sent to the server. */
export const FILTERS = ['ALL', ...MODELS] as const;
export type Filter = (typeof FILTERS)[number];

export const SORTS = ['Latest', 'Oldest', 'Popular', 'MostViewed', 'Randomize'] as const;
export type Sort = (typeof SORTS)[number];
export const DEFAULT_SORT: Sort = 'Latest';

export const GALLERY_TYPES = ['public_gallery', 'collection_gallery', 'likes_gallery'] as const;
export type GalleryType = (typeof GALLERY_TYPES)[number];

/** 'held': withheld by the picture safety check for review (refunded; never served). */
export const IMAGE_STATUSES = ['processing', 'complete', 'failed', 'held'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

/** Member kinds and the tier names the account page shows (anything else is Free). */
export const MEMBER_KINDS = {
  level1: 'Premium',
  level2: 'Ultimate',
  level3: 'AI Master',
} as const;
export type PaidMemberKind = keyof typeof MEMBER_KINDS;
export function tierName(memberKind: string | null | undefined): string {
  return (memberKind && MEMBER_KINDS[memberKind as PaidMemberKind]) || 'Free';
}

export const SUPPORT_OPTIONS = [
  { value: 'general', label: 'General Inquiries' },
  { value: 'technical', label: 'Technical Support' },
  { value: 'billing', label: 'Billing Issues' },
  { value: 'other', label: 'Other Inquiries' },
] as const;
export type SupportOption = (typeof SUPPORT_OPTIONS)[number]['value'];

export const CRYPTO_COINS = ['BTC', 'ETH', 'XRP'] as const;
export type CryptoCoin = (typeof CRYPTO_COINS)[number];

/** The member_kind of a member without a paid plan; any value outside MEMBER_KINDS displays as Free. */
export const FREE_MEMBER_KIND = 'free';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
