// Texts of the gallery screens (spec sections 2 and 8). The spec's are kept exactly.
import type { GalleryType } from '@velvet/contracts/options';

export const GALLERY_TITLES: Record<GalleryType, string> = {
  public_gallery: 'Explore',
  collection_gallery: 'My Collections',
  likes_gallery: 'Liked Contents',
};

export const GALLERY_DESCRIPTIONS: Record<GalleryType, string> = {
  public_gallery: 'Discover what the community is creating.',
  collection_gallery: 'Everything you have generated, in one place.',
  likes_gallery: 'Images you liked across the gallery.',
};

export const GALLERY_TEXTS = {
  loginRequiredTitle: 'Login Required',
  /** The same text for My Collections and Liked Contents. */
  loginRequiredMessage: 'Please log in to view your collections',
  loginButton: 'Login',
  mobileControls: 'filter • sort',
  imageFailed: 'Failed to load image',
  guestMore: 'Log in to keep exploring. Guests can browse the first three pages.',
  loading: 'Loading images',
  published: 'Published',
  claimed: 'Claimed',
} as const;

export const EMPTY_TEXTS: Record<GalleryType, { title: string; body: string }> = {
  public_gallery: { title: 'Nothing here yet', body: 'No published images match this filter.' },
  collection_gallery: { title: 'No images yet', body: 'The images you generate will appear here.' },
  likes_gallery: { title: 'No liked images yet', body: 'Tap the heart on any image in Explore to keep it here.' },
};
