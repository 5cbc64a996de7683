/* global self */
// Minimal service worker: it takes control of open pages and caches nothing,
// so API calls and new builds always come from the network.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
