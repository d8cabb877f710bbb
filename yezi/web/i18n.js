// UI strings in the three languages. Card and action names come from the server (engine notation).
export const STRINGS = {
  "zh-hant": {
    hintBtn: "提示", hintThinking: "諗緊…", hintsAllowed: "准許提示",
    errors: { "invite-only": "呢個座位留咗俾受邀請嘅朋友：要用佢自己嘅邀請連結", "seat-taken": "呢個座位已經有人",
      "bad-token": "呢條座位連結已經唔再有效", expired: "呢張枱太耐冇人玩，已經收咗",
      "too-many-sockets": "同一個地址開咗太多連線：請先關閉其他分頁", "too-many-tables": "同一個地址開咗太多枱：請先玩完或者離開一張",
      "rate-limited": "太密喇，請等一陣再試", full: "伺服器嘅枱已經滿晒，請遲啲再試", "not-host": "只有開枱嘅人可以換邀請連結",
      "token-in-url": "座位密碼唔可以放喺網址入面" },
    botNames: { random: "亂出", heuristic: "經驗", greedy: "貪食", cautious: "穩陣", "search-easy": "搜尋·淺",
      "search-normal": "搜尋·中", "search-strong": "搜尋·深" },
    lobby: "大堂", newTable: "開新枱", game: "遊戲", preset: "規則", options: "規則選項", deals: "局數",
    seats: "座位", you: "你", friend: "朋友（邀請連結）", bot: "電腦", create: "開枱", yourName: "你的名字",
    openTables: "等人入座嘅枱", none: "暫時冇", join: "入座", watch: "旁觀", player: "玩家", free: "空位",
    openSeat: "空位（任何人可入座）", invited: "已邀請", inviteLink: "邀請連結（只交俾嗰位朋友）",
    watchLink: "旁觀連結（唔可以入座）", links: "連結", reissue: "換新連結",
    reissued: "已換新連結：舊連結唔再有效", expired: "呢張枱太耐冇人玩，已經收咗；完咗嘅局仍然可以下載同重播",
    linksHint: "邀請連結會佔住一個座位，只可以交俾嗰位朋友；想人睇就俾旁觀連結。",
    invite: "邀請連結", copy: "複製", copied: "已複製", toLobby: "返大堂", deal: "局", yourTurn: "輪到你",
    waiting: "等候", play: "出牌", discard: "墊牌（蓋住）", clear: "取消", cards: "張", tricks: "墩",
    hu: "糊", bidder: "做", privileged: "包", dummy: "夢家", spectator: "旁觀中", connected: "在線",
    offline: "離線", settlement: "結算", payments: "收付", totals: "總分", nextDeal: "下一局",
    download: "下載記錄", replay: "重播", howToPlay: "規則與玩法", matchOver: "全場完", outcome: "結果", win: "食糊", draw: "和局",
    void: "無人做", tigers: "五虎下山", laosui: "老歲", trick: "今墩", lastTrick: "上一墩", log: "記錄",
    selectHint: "揀牌，再按「出牌」", discardHint: "揀 {n} 張墊牌", bidPrompt: "做唔做？", tigerPrompt: "報唔報五虎？",
    lastPrompt: "牌出晒：食唔食糊？", leadPrompt: "你出頭", followPrompt: "跟牌或者墊牌", step: "步",
    seatView: "視角", everything: "全部（完局後）", upload: "上載記錄檔", first: "最初", prev: "上一步",
    next: "下一步", last: "最後", replayTitle: "重播", winnerHu: "糊數", dummyHu: "夢家糊數", revealed: "亮牌",
    reconnecting: "重新連線中…", error: "錯誤", human: "真人", level: "程度", host: "主人", seat: "座",
    create_failed: "開枱失敗", record: "記錄", won: "贏牌", turnOf: "輪到", hand: "手牌",
    cardsPlain: "純文字牌面", cardsHint: "用簡單文字牌代替傳統牌面（此瀏覽器會記住）",
  },
  "zh-hans": {
    hintBtn: "提示", hintThinking: "思考中…", hintsAllowed: "允许提示",
    errors: { "invite-only": "这个座位留给受邀请的朋友：要用他自己的邀请链接", "seat-taken": "这个座位已经有人",
      "bad-token": "这条座位链接已不再有效", expired: "这张桌太久没人玩，已经关闭",
      "too-many-sockets": "同一地址打开了太多连接：请先关闭其他标签页", "too-many-tables": "同一地址开了太多桌：请先打完或离开一张",
      "rate-limited": "操作太频繁，请稍后再试", full: "服务器的桌已满，请稍后再试", "not-host": "只有开桌的人可以更换邀请链接",
      "token-in-url": "座位密码不能放在网址里" },
    botNames: { random: "乱出", heuristic: "经验", greedy: "贪吃", cautious: "稳健", "search-easy": "搜索·浅",
      "search-normal": "搜索·中", "search-strong": "搜索·深" },
    lobby: "大厅", newTable: "开新桌", game: "游戏", preset: "规则", options: "规则选项", deals: "局数",
    seats: "座位", you: "你", friend: "朋友（邀请链接）", bot: "电脑", create: "开桌", yourName: "你的名字",
    openTables: "等人入座的桌", none: "暂时没有", join: "入座", watch: "旁观", player: "玩家", free: "空位",
    openSeat: "空位（任何人可入座）", invited: "已邀请", inviteLink: "邀请链接（只发给那位朋友）",
    watchLink: "旁观链接（不能入座）", links: "链接", reissue: "换新链接",
    reissued: "已换新链接：旧链接不再有效", expired: "这张桌太久没人玩，已经关闭；打完的局仍可下载和重播",
    linksHint: "邀请链接会占用一个座位，只能发给那位朋友；想让人观看请发旁观链接。",
    invite: "邀请链接", copy: "复制", copied: "已复制", toLobby: "返回大厅", deal: "局", yourTurn: "轮到你",
    waiting: "等候", play: "出牌", discard: "垫牌（盖住）", clear: "取消", cards: "张", tricks: "墩",
    hu: "糊", bidder: "做", privileged: "包", dummy: "梦家", spectator: "旁观中", connected: "在线",
    offline: "离线", settlement: "结算", payments: "收付", totals: "总分", nextDeal: "下一局",
    download: "下载记录", replay: "重播", howToPlay: "规则与玩法", matchOver: "全场结束", outcome: "结果", win: "食糊", draw: "和局",
    void: "无人做", tigers: "五虎下山", laosui: "老岁", trick: "本墩", lastTrick: "上一墩", log: "记录",
    selectHint: "选牌，再按「出牌」", discardHint: "选 {n} 张垫牌", bidPrompt: "做不做？", tigerPrompt: "报不报五虎？",
    lastPrompt: "牌出完了：食不食糊？", leadPrompt: "你出头", followPrompt: "跟牌或者垫牌", step: "步",
    seatView: "视角", everything: "全部（完局后）", upload: "上传记录文件", first: "最初", prev: "上一步",
    next: "下一步", last: "最后", replayTitle: "重播", winnerHu: "糊数", dummyHu: "梦家糊数", revealed: "亮牌",
    reconnecting: "重新连接中…", error: "错误", human: "真人", level: "程度", host: "主人", seat: "座",
    create_failed: "开桌失败", record: "记录", won: "赢牌", turnOf: "轮到", hand: "手牌",
    cardsPlain: "纯文字牌面", cardsHint: "用简单文字牌代替传统牌面（此浏览器会记住）",
  },
  en: {
    hintBtn: "Hint", hintThinking: "Thinking…", hintsAllowed: "Allow hints",
    errors: { "invite-only": "This seat is kept for an invited friend: it opens only with their own link",
      "seat-taken": "This seat is taken", "bad-token": "This seat link no longer works",
      expired: "This table was closed after a long pause", "too-many-sockets": "Too many connections from your address: close another tab first",
      "too-many-tables": "Too many tables from your address: finish or leave one first", "rate-limited": "Too fast: wait a moment",
      full: "The server is full: try again later", "not-host": "Only the table's host can make new invitation links",
      "token-in-url": "A seat's secret never goes in an address" },
    botNames: { random: "random", heuristic: "heuristic", greedy: "greedy", cautious: "cautious",
      "search-easy": "search · easy", "search-normal": "search · normal", "search-strong": "search · strong" },
    lobby: "Lobby", newTable: "New table", game: "Game", preset: "Rules", options: "Rule options", deals: "Deals",
    seats: "Seats", you: "You", friend: "Friend (invite link)", bot: "Bot", create: "Create table",
    yourName: "Your name", openTables: "Tables waiting for players", none: "None yet", join: "Join", watch: "Watch",
    openSeat: "Open seat (anyone may join)", invited: "invited", inviteLink: "Invite link (send to that friend only)",
    watchLink: "Watch link (opens no seat)", links: "Links", reissue: "New link",
    reissued: "New link made: the old one no longer works",
    expired: "This table was closed after a long pause; its finished deals can still be downloaded and replayed",
    linksHint: "An invite link takes a seat: send it only to that friend. To let someone watch, send the watch link.",
    player: "Player", free: "free", invite: "Invite links", copy: "Copy", copied: "Copied", toLobby: "Lobby",
    deal: "Deal", yourTurn: "Your turn", waiting: "Waiting", play: "Play", discard: "Discard (face down)",
    clear: "Clear", cards: "cards", tricks: "tricks", hu: "糊 (hu)", bidder: "bid", privileged: "privileged",
    dummy: "Dummy", spectator: "Watching", connected: "online", offline: "offline", settlement: "Settlement",
    payments: "Payments", totals: "Match totals", nextDeal: "Next deal", download: "Download record",
    replay: "Replay", howToPlay: "How to play", matchOver: "Match over", outcome: "Outcome", win: "declared", draw: "draw",
    void: "nobody bid", tigers: "five tigers", laosui: "老歲 (sure winner)", trick: "This trick",
    lastTrick: "Last trick", log: "Log", selectHint: "Select cards, then press Play",
    discardHint: "Select {n} card(s) to discard", bidPrompt: "Bid (做) or pass?", tigerPrompt: "Declare five tigers?",
    lastPrompt: "All cards are out: declare?", leadPrompt: "Your lead", followPrompt: "Beat it or discard",
    step: "Step", seatView: "View of", everything: "Everything (after the end)", upload: "Open a record file",
    first: "First", prev: "Back", next: "Forward", last: "Last", replayTitle: "Replay", winnerHu: "hu",
    dummyHu: "dummy hu", revealed: "Revealed", reconnecting: "Reconnecting…", error: "Error", human: "Human",
    level: "Level", host: "host", seat: "Seat", create_failed: "Could not create the table", record: "Record",
    won: "won", turnOf: "To act", hand: "Hand",
    cardsPlain: "Plain text cards", cardsHint: "Show the cards as plain text tiles instead of the traditional art (remembered in this browser)",
  },
};

export function botName(lang, bot) {
  const names = (STRINGS[lang] && STRINGS[lang].botNames) || STRINGS.en.botNames;
  return names[bot] || STRINGS.en.botNames[bot] || bot;
}

// A server refusal in the reader's language where its code is known, else the server's own words.
export function errorText(lang, code, fallback) {
  const table = (STRINGS[lang] && STRINGS[lang].errors) || STRINGS.en.errors;
  return (code && table[code]) || fallback || code || "";
}
export function t(lang, key, vars) {
  let s = (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
}
