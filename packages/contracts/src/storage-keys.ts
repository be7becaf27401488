// Browser storage keys of spec sections 2 and 3. They are part of the contract: e2e tests seed and
// read them, and renaming one logs every visitor out or shows the adult gate again.

/** Keys in localStorage. */
export const STORAGE_KEYS = {
  /** Bearer token of the session, stored apart from the user. */
  token: 'token',
  /** The session user as JSON. */
  user: 'user',
  /** 'light' or 'dark'. */
  theme: 'theme',
  serviceMenuItems: 'serviceMenuItems',
  manageMenuItems: 'manageMenuItems',
  /** A JSON list, empty by default; cleared on logout together with the token and user. */
  commonCodes: 'commonCodes',
  /** Adult consent; falls back to sessionStorage, then memory, when localStorage is unavailable. */
  adultConsent: 'adult-consent-given',
  /** Legacy gallery cache, removed at every startup. */
  galleryStore: 'galleryStore',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Keys in sessionStorage. */
export const SESSION_STORAGE_KEYS = {
  /** Where to return after social sign-in. */
  loginRedirect: 'login_redirect',
} as const;
export type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS];

export const TOKEN_KEY = STORAGE_KEYS.token;
export const USER_KEY = STORAGE_KEYS.user;
export const THEME_KEY = STORAGE_KEYS.theme;
export const SERVICE_MENU_ITEMS_KEY = STORAGE_KEYS.serviceMenuItems;
export const MANAGE_MENU_ITEMS_KEY = STORAGE_KEYS.manageMenuItems;
export const COMMON_CODES_KEY = STORAGE_KEYS.commonCodes;
export const ADULT_CONSENT_KEY = STORAGE_KEYS.adultConsent;
export const GALLERY_STORE_KEY = STORAGE_KEYS.galleryStore;
export const LOGIN_REDIRECT_KEY = SESSION_STORAGE_KEYS.loginRedirect;

/** The value stored under ADULT_CONSENT_KEY once 'Enter Site' is chosen. */
export const ADULT_CONSENT_VALUE = 'true';
