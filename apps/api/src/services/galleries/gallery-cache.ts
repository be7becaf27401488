// The shared cache of guest Explore pages (docs/performance.md).
//
// - Shared: the pages live in Redis, so every API instance serves and fills the same entries.
// - Invalidated, not timed out: every key holds the current value of the version key `gallery:v`.
//   Anything that changes which images Explore lists (publish, unpublish, delete, claim, a report
//   that hides an image, a support decision, a released safety hold) bumps it with one INCR after its
//   transaction commits, and from then on every instance reads new keys: a published image is in the
//   next guest page. A page computed while the version moved is written under the old version, which
//   nobody reads any more.
// - Like and view counts are not invalidations: a cached page may show them up to PAGE_TTL_MS old.
//   The same TTL bounds any change made outside the services (a hand-edited row).
// - Pages are stored as the JSON the route sends, so a hit is never parsed or serialised again.
//   A read from Redis is one round trip (a Lua script reads the version and the page together).
// - Pages are handed out as their UTF-8 bytes (a Buffer), read from Redis as bytes, and sent as they
//   are. As a string, node's HTTP response joined each page (~20 KB) to its headers and wrote a flat
//   copy of both into V8's heap, half of what a guest request allocated; and a page read from Redis
//   as text was one more copy. Those copies, still held while the reply was written, were most of
//   what the requests promoted to the old generation, whose growth sets the API's memory under load
//   (docs/performance.md, "What the API's requests allocate").
// - Each process also keeps the pages it read for LOCAL_TTL_MS, valid only while the version it
//   knows is current. It learns the version from every Redis read and re-reads it at least every
//   VERSION_FRESH_MS, so another instance's invalidation reaches it within VERSION_FRESH_MS (< 1 s);
//   its own invalidations reach it at once. Most guest requests then touch neither Redis nor Postgres.
// - Concurrent misses of one key in one process share one database query.
// - Signed-in pages (Explore as a member, My Collections, Liked Contents) are cached per member
//   (`memberPage`), under both `gallery:v` and the member's own version key `gallery:v:m:<id>`, which
//   everything that changes only that member's galleries bumps: a like or unlike (Liked Contents and
//   every `is_liked`), a finished generation (My Collections). Each request is one Redis round trip
//   that reads both versions, so an invalidation from any instance applies at once. A process keeps
//   the member pages it read from Redis for LOCAL_TTL_MS and tells the script which versions it
//   holds: while they are current, Redis answers without the page (a few bytes instead of ~20 KB),
//   and the page goes out from the process's own copy. (Every page read from Redis was a new buffer
//   per request, tens of MiB a second at a member's load: docs/performance.md, "Member pages the
//   process holds".)
import type { TListImagesRequestParsed } from '@velvet/contracts/galleries/list-images';
import type { ChainableCommander, Redis } from 'ioredis';
import { createExpiringMap } from '../../lib/expiring-map.ts';

export const GALLERY_VERSION_KEY = 'gallery:v';
const PAGE_PREFIX = 'gallery:page:';
/** How long a page stays in Redis: how long a like or view count on a guest page may lag (plus LOCAL_TTL_MS). */
export const PAGE_TTL_MS = 5_000;
/** How long a process reuses a page it read, while the version it knows is current. */
export const LOCAL_TTL_MS = 1_000;
/** How old the version a process knows may be: the bound on another instance's invalidation. */
export const VERSION_FRESH_MS = 200;
/** Pages a process keeps at most (emptied when full: more one-off Randomize seeds in LOCAL_TTL_MS than this). */
const LOCAL_MAX_PAGES = 2_000;
/**
 * Members' pages a process keeps at most (~20 KB each): pages read from Redis (asked for at least twice)
 * in the last LOCAL_TTL_MS.
 */
const LOCAL_MAX_MEMBER_PAGES = 200;
/** The third element of the member script's answer when the versions the caller holds are current. */
const HELD_PAGE_CURRENT = 1;

/** KEYS[1] = version key, ARGV[1] = page key prefix, ARGV[2] = the query part: returns { version, page|false }. */
const READ_SCRIPT = `
local v = redis.call('GET', KEYS[1]) or '0'
return { v, redis.call('GET', ARGV[1] .. v .. ':' .. ARGV[2]) }
`;

/**
 * KEYS[1] = global version key, KEYS[2] = member version key, ARGV[1..2] as above, ARGV[3] = the
 * versions 'v:m' of the page the caller holds ('' for none): { version, member version, 1 } while
 * those are current, else { version, member version, page|false }.
 */
const MEMBER_READ_SCRIPT = `
local v = redis.call('GET', KEYS[1]) or '0'
local m = redis.call('GET', KEYS[2]) or '0'
if ARGV[3] ~= '' and ARGV[3] == v .. ':' .. m then return { v, m, ${HELD_PAGE_CURRENT} } end
return { v, m, redis.call('GET', ARGV[1] .. v .. ':' .. m .. ':' .. ARGV[2]) }
`;

/**
 * A page read from Redis, in memory of its own, for a page the process keeps. ioredis hands out a
 * reply that arrived in one socket read as a view of that read's chunk (up to 64 KiB, shared with the
 * replies around it): a page kept LOCAL_TTL_MS would hold the whole chunk until a full collection.
 */
function ownBytes(view: Buffer): Buffer {
  return Buffer.from(view);
}

/** ioredis defines a `...Buffer` twin of every script command: the same reply, as bytes. */
type RedisWithRead = Redis & {
  galleryCacheReadBuffer(versionKey: string, prefix: string, query: string): Promise<[Buffer, Buffer | null]>;
  galleryCacheReadMemberBuffer(
    versionKey: string,
    memberKey: string,
    prefix: string,
    query: string,
    heldVersions: string,
  ): Promise<[Buffer, Buffer, Buffer | typeof HELD_PAGE_CURRENT | null]>;
};

/** The signed-in galleries, as cached per member. */
export type MemberGallery = 'public' | 'collection' | 'likes';

/** A member's version key. */
export const memberVersionKey = (memberId: string) => `gallery:v:m:${memberId}`;
/**
 * How long a member's version key lives after its last bump. Its pages live PAGE_TTL_MS, so once the
 * key is gone (and counts from 0 again) no page written under an old value can still be read.
 */
const MEMBER_VERSION_LIFETIME_MS = 86_400_000;

function defineScripts(redis: Redis) {
  const client = redis as RedisWithRead;
  if (typeof client.galleryCacheReadBuffer !== 'function') {
    redis.defineCommand('galleryCacheRead', { numberOfKeys: 1, lua: READ_SCRIPT });
  }
  if (typeof client.galleryCacheReadMemberBuffer !== 'function') {
    redis.defineCommand('galleryCacheReadMember', { numberOfKeys: 2, lua: MEMBER_READ_SCRIPT });
  }
  return client;
}

export interface GalleryCache {
  /**
   * The cached JSON of a guest Explore page (its UTF-8 bytes), or `load()`'s result, stored for the
   * other requests and instances. A failing Redis only costs the cache: the page is loaded as if
   * nothing were cached.
   */
  page(query: TListImagesRequestParsed, load: () => Promise<string>): Promise<Buffer>;
  /**
   * The cached JSON of one member's page of a signed-in gallery (its UTF-8 bytes), or `load()`'s
   * result, stored for the member's next requests on any instance. A failing Redis only costs the cache.
   */
  memberPage(
    gallery: MemberGallery,
    memberId: string,
    query: TListImagesRequestParsed,
    load: () => Promise<string>,
  ): Promise<Buffer>;
}

/** The query part of a key: every parameter the page depends on, after parsing (defaults filled in). */
export function guestPageKey(query: TListImagesRequestParsed): string {
  return [
    `p=${query.page}`,
    `l=${query.limit}`,
    `s=${query.sort_by}`,
    `t=${query.run_type ?? ''}`,
    `m=${query.member_id ?? ''}`,
    `r=${query.seed ?? ''}`,
    `c=${query.cursor ?? ''}`,
  ].join('&');
}

/** The version each process-local cache knows, told at once about this process's own invalidations. */
const localCaches = new Set<{ learn(version: number): void; forget(): void }>();

export function createGalleryCache(
  redis: Redis,
  opts: {
    ttlMs?: number;
    localTtlMs?: number;
    versionFreshMs?: number;
    onError?: (err: unknown) => void;
  } = {},
): GalleryCache & {
  close(): void;
  /** Guest pages this process holds now (tests, diagnostics). */
  heldPages(): number;
  /** Members' pages this process holds now (tests, diagnostics). */
  heldMemberPages(): number;
} {
  const ttlMs = opts.ttlMs ?? PAGE_TTL_MS;
  const localTtlMs = opts.localTtlMs ?? LOCAL_TTL_MS;
  const versionFreshMs = opts.versionFreshMs ?? VERSION_FRESH_MS;
  const client = defineScripts(redis);
  const loading = new Map<string, Promise<Buffer>>();
  // Guest pages by `${version}:${query}`, and members' pages by `${gallery}:${member}:${query}` with
  // the versions 'v:m' they were read under. Both are swept as they fill (lib/expiring-map.ts): what a
  // process holds is the pages of the last localTtlMs (with one-off Randomize seeds, an unswept map
  // held up to LOCAL_MAX_PAGES pages, ~40 MB, until the next publish).
  const local = createExpiringMap<string, Buffer>({ ttlMs: localTtlMs, max: LOCAL_MAX_PAGES });
  const memberHeld = createExpiringMap<string, { versions: string; page: Buffer }>({
    ttlMs: localTtlMs,
    max: LOCAL_MAX_MEMBER_PAGES,
  });
  let known: { version: number; at: number } | null = null;

  const self = {
    /**
     * Versions only grow: an answer that left Redis before an invalidation must not bring it back. (A
     * smaller version once the known one is stale means Redis lost its data: start from it.)
     */
    learn(version: number) {
      if (known && version < known.version && Date.now() - known.at < versionFreshMs) return;
      if (known?.version !== version) local.clear();
      known = { version, at: Date.now() };
    },
    forget() {
      known = null;
      local.clear();
    },
  };
  localCaches.add(self);

  /** Loads a page nobody had cached under `key`, and stores it; concurrent misses share one load. */
  const loadOnce = (key: string, load: () => Promise<string>, stored?: (page: Buffer) => void) => {
    const pending = loading.get(key);
    if (pending) return pending;
    const promise = (async () => {
      try {
        const page = Buffer.from(await load());
        await redis.set(`${PAGE_PREFIX}${key}`, page, 'PX', ttlMs).catch((err: unknown) => opts.onError?.(err));
        stored?.(page);
        return page;
      } finally {
        loading.delete(key);
      }
    })();
    loading.set(key, promise);
    return promise;
  };

  return {
    async page(query, load) {
      const suffix = guestPageKey(query);
      const now = Date.now();
      if (known && now - known.at < versionFreshMs) {
        const hit = local.get(`${known.version}:${suffix}`, now);
        if (hit) return hit;
      }
      let version: number;
      try {
        const [text, cached] = await client.galleryCacheReadBuffer(GALLERY_VERSION_KEY, PAGE_PREFIX, suffix);
        const v = Number(text.toString());
        self.learn(v);
        if (cached !== null) {
          const page = ownBytes(cached);
          local.set(`${v}:${suffix}`, page);
          return page;
        }
        version = v;
      } catch (err) {
        opts.onError?.(err);
        return Buffer.from(await load());
      }
      const key = `${version}:${suffix}`;
      return loadOnce(key, load, (page) => {
        if (known?.version === version) local.set(key, page);
      });
    },
    async memberPage(gallery, memberId, query, load) {
      const suffix = `${gallery}:${memberId}:${guestPageKey(query)}`;
      const held = memberHeld.get(suffix);
      let versions: string;
      try {
        const [v, m, cached] = await client.galleryCacheReadMemberBuffer(
          GALLERY_VERSION_KEY,
          memberVersionKey(memberId),
          PAGE_PREFIX,
          suffix,
          held?.versions ?? '',
        );
        if (cached === HELD_PAGE_CURRENT && held) return held.page;
        versions = `${v.toString()}:${m.toString()}`;
        if (cached !== null && cached !== HELD_PAGE_CURRENT) {
          const page = ownBytes(cached);
          memberHeld.set(suffix, { versions, page });
          return page;
        }
      } catch (err) {
        opts.onError?.(err);
        return Buffer.from(await load());
      }
      // Not held: a page asked for once (a one-off seed, a deep cursor) would only fill the process.
      // The member's next request reads it from Redis, and from then on the process holds it.
      return loadOnce(`${versions}:${suffix}`, load);
    },
    heldPages: () => local.size,
    heldMemberPages: () => memberHeld.size,
    close() {
      localCaches.delete(self);
      local.clear();
      memberHeld.clear();
    },
  };
}

// The services that change Explore run in a process that may or may not serve guest pages; the app
// registers its Redis here (app.ts), and the services call invalidateGalleryCache().
const registered = new Set<Redis>();

export function registerGalleryCacheRedis(redis: Redis): () => void {
  registered.add(redis);
  return () => registered.delete(redis);
}

/**
 * Makes every cached guest page stale on every instance (one INCR): this process's caches at once,
 * the others' within VERSION_FRESH_MS. Call it after the change has committed. Never throws: a failed
 * bump leaves pages at most PAGE_TTL_MS + LOCAL_TTL_MS old.
 */
export async function invalidateGalleryCache(): Promise<void> {
  const versions = await Promise.all([...registered].map((redis) => redis.incr(GALLERY_VERSION_KEY).catch(() => null)));
  // Local pages go whatever the answer: a failed INCR must not leave this process serving them.
  const bumped = versions.filter((v): v is number => v !== null);
  for (const cache of localCaches) {
    if (bumped.length > 0) cache.learn(Math.max(...bumped));
    else cache.forget();
  }
}

/**
 * Makes one member's cached signed-in pages stale on every instance (their likes changed, a
 * generation finished): after the change has committed, before the member is told of it. `redis`
 * is the process's own client where it has no app (the worker); else the registered ones. Never throws.
 */
export async function invalidateMemberGalleries(memberId: string, redis?: Redis): Promise<void> {
  const clients = redis ? [redis] : [...registered];
  await Promise.all(
    clients.map((client) =>
      staleMemberGalleries(client.multi(), memberId)
        .exec()
        .catch(() => null),
    ),
  );
}

/**
 * Adds to a caller's MULTI what makes one member's cached signed-in pages stale, so the caller can send
 * it with what follows in one round trip (the worker: the image's `complete` event right after, which
 * Redis then runs after the bump, never before). Plain commands, no script: a script Redis has
 * forgotten (a restart) is re-sent by the client after the commands behind it, out of order.
 */
export function staleMemberGalleries(multi: ChainableCommander, memberId: string): ChainableCommander {
  const key = memberVersionKey(memberId);
  return multi.incr(key).pexpire(key, MEMBER_VERSION_LIFETIME_MS);
}
