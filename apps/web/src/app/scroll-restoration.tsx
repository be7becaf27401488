// The scroll behaviour of React Router's <ScrollRestoration> (data routers only) for the declarative
// router the app uses (router.tsx): a new navigation starts at the top (or at its #hash), back and
// forward return to where that entry was left, also after a reload in the same tab.
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'velvet-scroll-positions';
/** Entries kept at most: the oldest go first. */
const MAX_ENTRIES = 100;

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (!Array.isArray(saved)) return new Map();
    return new Map(saved.filter((e): e is [string, number] => typeof e?.[0] === 'string' && typeof e[1] === 'number'));
  } catch {
    return new Map();
  }
}

let positions: Map<string, number> | null = null;

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { key, hash } = location;

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...(positions ?? [])].slice(-MAX_ENTRIES)));
      } catch {
        // Storage full or refused: positions live for this page only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  // Where this entry is, kept as it scrolls (saving when it is left would read a position the next
  // screen's content may already have clamped).
  useEffect(() => {
    const remember = () => {
      positions ??= readPositions();
      positions.delete(key);
      positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    positions ??= readPositions();
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
