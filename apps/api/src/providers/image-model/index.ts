import type { Model, Style } from '@velvet/contracts/options';

/** What the worker asks of an image model; built from a generation run by the worker. */
export interface GenerateParams {
  prompt: string;
  model: Model;
  style: Style;
  /** Exact pixel size of the ratio (before any upscale). */
  width: number;
  height: number;
  /** 0..1: the weight of the style preset. */
  strength: number;
  /** Images in the batch, 1..4. */
  count: number;
  /** Run a 2x upscale pass after generation. */
  upscale4k: boolean;
  /** Identifies the run, for providers that tag or cache requests. */
  runId: string;
}

export interface GeneratedImage {
  /** WebP bytes. */
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageModelProvider {
  readonly name: string;
  /** True for the built-in demo provider; the UI says so to the member. */
  readonly isDemo: boolean;
  generate(params: GenerateParams, signal?: AbortSignal): Promise<GeneratedImage[]>;
}
