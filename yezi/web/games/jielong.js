// The jielong table: the shared domino renderer (dominoes.js) bound to this game's assets.
import { hintCards, makeRender, onError } from "/static/games/dominoes.js";

export const render = makeRender("jielong");
export { hintCards, onError };
