// Points as the server sends them (yezi.server.errors.json_num): whole numbers, or exact fractions as "p/q"
// text. Shown as a person writes them (3½, never 3.4999): the match-end bar and the club's ledger.
export function amountValue(x) {
  if (typeof x === "number") return x;
  const [p, q] = String(x).split("/").map(Number);
  return q ? p / q : p;
}
export function amountText(x) {
  if (typeof x === "number") return String(x);
  const [p, q] = String(x).split("/").map(Number);
  if (!q) return String(p);
  const whole = Math.trunc(Math.abs(p) / q), part = Math.abs(p) % q;
  const glyph = { "1/2": "½", "1/4": "¼", "3/4": "¾", "1/3": "⅓", "2/3": "⅔" }[`${part}/${q}`] || `${part}/${q}`;
  return (p < 0 ? "-" : "") + (whole || "") + glyph;
}
export function signedAmount(x) { return (amountValue(x) > 0 ? "+" : "") + amountText(x); }
// "{payer} pays {payee} {amount}" with the amount in bold: the translated sentence (`T("pays")`), its parts as
// nodes (a name from another player stays text: never HTML)
export function paysLine(T, el, payer, payee, amount) {
  const marks = { payer: "\u0001", payee: "\u0002", amount: "\u0003" };
  const parts = { "\u0001": payer, "\u0002": payee, "\u0003": el("strong", {}, amountText(amount)) };
  return T("pays", marks).split(/([\u0001-\u0003])/).filter(Boolean).map((t) => parts[t] ?? t);
}
