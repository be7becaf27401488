// Runs before the app's module script (deferred scripts and module scripts run in document order).
// Zod, in the app's bundle, probes for `new Function` when its first object schema is built, to
// compile faster parsers; the Content-Security-Policy forbids eval, and a browser reports even that
// caught probe as a violation. Told this first, zod parses without generated code (docs/security.md).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
