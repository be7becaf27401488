// Pictures behind the bearer token (own collection, liked images, the owner's full-size WebP) cannot
// be plain <img src>: they are fetched with an Authorization header and shown from blob object URLs.
// Public pictures need no token and are fetched (or shown) without one.

/** A picture request that failed: the HTTP status when the server answered, and a readable message. */
export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  } catch {
    // not JSON: fall through
  }
  return `HTTP ${response.status}`;
}

/** Fetches a picture (with the bearer token when one is given) and answers its bytes. */
export async function fetchImageBlob(
  url: string,
  token: string | null,
  signal?: AbortSignal,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ImageFetchError(error instanceof Error ? error.message : 'Network error', null);
  }
  if (!response.ok) throw new ImageFetchError(await failureMessage(response), response.status);
  return response.blob();
}

/** Saves bytes as a file through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
