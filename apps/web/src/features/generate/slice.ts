// The generation screen's results for this browser session (spec section 3, Image group): groups of
// images sharing one prompt, newest first, each image processing until the status stream or the
// status poll says otherwise. Nothing here is stored in local storage; logout clears it, and the
// groups belong to the member who made them (another member starts with none).
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TYN } from '@velvet/contracts/common';
import type { ImageStatus } from '@velvet/contracts/options';
import type { GenerationSettings } from './generation-request.ts';

export interface GeneratedImage {
  image_id: string;
  status: ImageStatus;
  /** Full-size picture (owner, bearer); known once the status call answered complete. */
  image_url: string | null;
  is_open: TYN;
  is_claim: TYN;
  is_delete: TYN;
}

export interface GenerationGroup {
  run_id: string;
  /** The prompt as sent (sanitised). */
  prompt: string;
  settings: GenerationSettings;
  /** When the group was made, ISO 8601. */
  created_at: string;
  images: GeneratedImage[];
}

export interface GenerateState {
  /** Whose groups these are. */
  memberId: string | null;
  groups: GenerationGroup[];
}

export const initialGenerateState: GenerateState = { memberId: null, groups: [] };

export interface ImageStatusUpdate {
  image_id: string;
  status: ImageStatus;
  image_url?: string | null;
  is_open?: TYN;
  is_claim?: TYN;
  is_delete?: TYN;
}

/** A group fresh from a make call: every image processing. */
export function newGroup(
  input: { run_id: string; prompt: string; settings: GenerationSettings; imageIds: readonly string[] },
  now: Date = new Date(),
): GenerationGroup {
  return {
    run_id: input.run_id,
    prompt: input.prompt,
    settings: { ...input.settings },
    created_at: now.toISOString(),
    images: input.imageIds.map((image_id) => ({
      image_id,
      status: 'processing',
      image_url: null,
      is_open: 'N',
      is_claim: 'N',
      is_delete: 'N',
    })),
  };
}

type ImageFlags = Pick<GeneratedImage, 'is_open' | 'is_claim' | 'is_delete'>;

/** The flags an answer carries; the ones it leaves out stay as they are. */
function applyFlags(image: ImageFlags, flags: Partial<ImageFlags>): void {
  if (flags.is_open) image.is_open = flags.is_open;
  if (flags.is_claim) image.is_claim = flags.is_claim;
  if (flags.is_delete) image.is_delete = flags.is_delete;
}

export const generateSlice = createSlice({
  name: 'generate',
  initialState: initialGenerateState,
  reducers: {
    /** A new group goes to the front; a group of another member's session starts the list afresh. */
    groupAdded(state, action: PayloadAction<{ memberId: string; group: GenerationGroup }>) {
      const { memberId, group } = action.payload;
      if (state.memberId !== memberId) {
        state.memberId = memberId;
        state.groups = [];
      }
      if (state.groups.some((existing) => existing.run_id === group.run_id)) return;
      state.groups.unshift(group);
    },
    /**
     * What the event stream or a status call said about an image. An image never goes back to
     * processing once it is complete or failed (a late answer must not undo a newer one).
     */
    imageStatusReceived(state, action: PayloadAction<ImageStatusUpdate>) {
      const update = action.payload;
      for (const group of state.groups) {
        const image = group.images.find((candidate) => candidate.image_id === update.image_id);
        if (!image) continue;
        if (!(update.status === 'processing' && image.status !== 'processing')) image.status = update.status;
        if (update.image_url !== undefined && update.image_url !== null) image.image_url = update.image_url;
        applyFlags(image, update);
        return;
      }
    },
    /** The detail view published, claimed or deleted an image (its status stays as it is). */
    imageFlagsChanged(
      state,
      action: PayloadAction<{ image_id: string; is_open?: TYN; is_claim?: TYN; is_delete?: TYN }>,
    ) {
      const { image_id, ...flags } = action.payload;
      for (const group of state.groups) {
        const image = group.images.find((candidate) => candidate.image_id === image_id);
        if (!image) continue;
        applyFlags(image, flags);
        return;
      }
    },
    /** Logout: nothing of one member stays for the next. */
    generationsCleared() {
      return initialGenerateState;
    },
  },
});

export const { groupAdded, imageStatusReceived, imageFlagsChanged, generationsCleared } = generateSlice.actions;
export const generateReducer = generateSlice.reducer;

type WithGenerate = { generate: GenerateState };

const EMPTY: GenerationGroup[] = [];

const selectGenerate = (state: WithGenerate) => state.generate;

/** The groups of `memberId` (none for a guest or another member). */
export const selectGroupsOf = (state: WithGenerate, memberId: string | null): GenerationGroup[] => {
  const { memberId: owner, groups } = selectGenerate(state);
  return memberId !== null && owner === memberId ? groups : EMPTY;
};

/** Ids of the images still processing, in the order shown. */
export function processingImageIds(groups: readonly GenerationGroup[]): string[] {
  return groups.flatMap((group) =>
    group.images.filter((image) => image.status === 'processing').map((image) => image.image_id),
  );
}

export const selectProcessingIdsOf = createSelector(
  [(state: WithGenerate, memberId: string | null) => selectGroupsOf(state, memberId)],
  (groups) => processingImageIds(groups),
);
