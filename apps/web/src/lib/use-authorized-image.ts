// A picture that needs the bearer token, as a blob object URL for an <img>. Nothing is fetched until
// `enabled` (e.g. the card scrolled near the viewport); the URL is revoked when the picture changes or
// the component unmounts.
import { useEffect, useState } from 'react';
import { fetchImageBlob } from './image-fetch.ts';

export interface AuthorizedImage {
  src: string | null;
  /** Why the picture could not be fetched (the server's message or the HTTP status). */
  error: string | null;
  loading: boolean;
}

interface Loaded {
  key: string;
  src: string | null;
  error: string | null;
}

export function useAuthorizedImage(url: string | null, token: string | null, enabled = true): AuthorizedImage {
  const key = url && enabled ? `${token ?? ''}\n${url}` : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!url || key === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchImageBlob(url, token, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ key, src: objectUrl, error: null });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({ key, src: null, error: error instanceof Error ? error.message : 'Unknown error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key, url, token]);

  if (key === null) return { src: null, error: null, loading: false };
  if (loaded?.key !== key) return { src: null, error: null, loading: true };
  return { src: loaded.src, error: loaded.error, loading: false };
}
