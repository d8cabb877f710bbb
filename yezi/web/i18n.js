// UI strings in the three languages. Card and action names come from the server (engine notation).
export const STRINGS = {
  "zh-hant": {
    hintBtn: "提示", hintThinking: "諗緊…", hintsAllowed: "准許提示",
    botNames: { random: "亂出", heuristic: "經驗", greedy: "貪食", cautious: "穩陣", "search-easy": "搜尋·淺",
      "search-normal": "搜尋·中", "search-strong": "搜尋·深" },
    lobby: "大堂", newTable: "開新枱", game: "遊戲", preset: "規則", options: "規則選項", deals: "局數",
    seats: "座位", you: "你", friend: "朋友（邀請連結）", bot: "電腦", create: "開枱", yourName: "你的名字",
    openTables: "進行中的枱", none: "暫時冇", join: "入座", watch: "旁觀", player: "玩家", free: "空位",
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
  },
  "zh-hans": {
    hintBtn: "提示", hintThinking: "思考中…", hintsAllowed: "允许提示",
    botNames: { random: "乱出", heuristic: "经验", greedy: "贪吃", cautious: "稳健", "search-easy": "搜索·浅",
      "search-normal": "搜索·中", "search-strong": "搜索·深" },
    lobby: "大厅", newTable: "开新桌", game: "游戏", preset: "规则", options: "规则选项", deals: "局数",
    seats: "座位", you: "你", friend: "朋友（邀请链接）", bot: "电脑", create: "开桌", yourName: "你的名字",
    openTables: "进行中的桌", none: "暂时没有", join: "入座", watch: "旁观", player: "玩家", free: "空位",
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
  },
  en: {
    hintBtn: "Hint", hintThinking: "Thinking…", hintsAllowed: "Allow hints",
    botNames: { random: "random", heuristic: "heuristic", greedy: "greedy", cautious: "cautious",
      "search-easy": "search · easy", "search-normal": "search · normal", "search-strong": "search · strong" },
    lobby: "Lobby", newTable: "New table", game: "Game", preset: "Rules", options: "Rule options", deals: "Deals",
    seats: "Seats", you: "You", friend: "Friend (invite link)", bot: "Bot", create: "Create table",
    yourName: "Your name", openTables: "Open tables", none: "None yet", join: "Join", watch: "Watch",
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
  },
};

export function botName(lang, bot) {
  const names = (STRINGS[lang] && STRINGS[lang].botNames) || STRINGS.en.botNames;
  return names[bot] || STRINGS.en.botNames[bot] || bot;
}

export function t(lang, key, vars) {
  let s = (STRINGS[lang] && STRINGS[lang][key]) || STRINGS.en[key] || key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
  return s;
}
