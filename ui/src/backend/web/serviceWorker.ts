// The web app's service worker (ui/web/sw.js, written by the build) is registered once the
// page has loaded, so that the app works offline from the second visit on. Not in `vite dev`,
// where the files change under it.

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch((error: unknown) => {
      console.error('ultima: the service worker could not be registered', error);
    });
  });
}
