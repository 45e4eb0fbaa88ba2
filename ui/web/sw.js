// The web app's service worker: at install it stores the whole app (the page, the scripts,
// the WebAssembly, the pieces, the sounds, the icons: the list the build writes in place of
// PRECACHE below) in a cache named for this build, so that after the first visit the app
// opens and plays without a network. Requests are answered from that cache first. A new build
// is another cache: its worker waits until no page of the old build is open (a page keeps the
// files it started with, its workers and WebAssembly included), then takes over and the old
// cache goes. The first worker takes over the page at once, so the first visit is offline-ready.
// (Written out by ui/web/vite.config.ts; the placeholders are replaced there.)

const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `ultima-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE)),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('ultima-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // A page address (with its #route or ?query) is the app's one page.
      const key = request.mode === 'navigate' ? new URL('./', self.location.href).href : request;
      const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
      return cached ?? fetch(request);
    }),
  );
});
