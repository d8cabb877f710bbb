// The service worker (served at /sw.js, scope /): shows a pushed notice (yezi/server/accounts/deliver.py
// sends {title, body, url, tag}: a table's id, game and title, never a card) and, when the notice is
// clicked, opens its table in a window of the site already open, or a new one.
self.addEventListener("push", (event) => {
  let data = {};
  try { data = event.data ? event.data.json() : {}; } catch { data = { body: event.data ? event.data.text() : "" }; }
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/";
  event.waitUntil(self.registration.showNotification(data.title || "yezi", {
    body: data.body || "", tag: data.tag || undefined, icon: "/static/favicon.svg", data: { url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((list) => {
    for (const c of list) if (c.url === url && "focus" in c) return c.focus();
    return self.clients.openWindow(url);
  }));
});
