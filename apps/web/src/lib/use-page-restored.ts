// Back from another site, the browser may show this page exactly as it was left (the back/forward
// cache): no reload, no refetch. A screen that left for a processor's page resets and rereads here.
import { useEffect, useRef } from 'react';

export function usePageRestored(onRestored: () => void): void {
  const onRestoredRef = useRef(onRestored);
  useEffect(() => {
    onRestoredRef.current = onRestored;
  });
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onRestoredRef.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
