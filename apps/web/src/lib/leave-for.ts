// Leaving the app for a payment processor's own page (issue 16: Verotel's checkout and its
// cancel-subscription page). The address comes from our server; only a web address is followed, so a
// bad answer can never run a script in the page.

/** The address when it is an absolute http(s) URL, else null. */
export function webUrlOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** Sends the browser to `url` (a full navigation: the processor's page is another site). */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
