// The top bar of the server-built pages (/rules, /learn): their "Sign in" link becomes the signed-in
// player's name, linking to /account (the page is one for everybody; who you are is asked here).
(function () {
  var a = document.getElementById("who");
  if (!a) return;
  fetch("/api/me").then(function (r) { return r.json(); }).then(function (d) {
    if (d && d.user) { a.textContent = d.user.name; a.href = "/account"; a.className = "signed-in"; }
    a.hidden = false;
  }).catch(function () { a.hidden = false; });
})();
