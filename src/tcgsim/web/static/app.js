// tcgsim browser client: plain JavaScript, no build step. It speaks the session's JSON protocol
// (docs/protocol.md) over one WebSocket per seat and draws only what the server sends this seat.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {ws: null, game: null, token: null, seat: null, view: null, request: null, over: null,
               selected: null, cards: {}, closing: false, retry: 0, queue: Promise.resolve()};

// ------------------------------------------------------------------ small DOM helpers
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

// ------------------------------------------------------------------ card data (printed text, image URL)
function cardInfo(number) {
  return state.cards[number] || null;
}

// Fetch the data of every card a view names before drawing it: a board redrawn under the mouse loses clicks.
function loadCards(numbers) {
  const wanted = [...new Set(numbers)].filter((n) => n && !(n in state.cards));
  return Promise.all(wanted.map((n) => fetch("/api/cards/" + encodeURIComponent(n))
    .then((r) => r.ok ? r.json() : null).catch(() => null)
    .then((info) => { state.cards[n] = info || {number: n, name: n}; })));
}

function viewNumbers(v) {
  const out = [...v.me.hand];
  if (isBleach(v)) {  // Bleach: souls, supports, discard piles, Zanpakutô
    for (const side of [v.me, v.opponent]) {
      out.push(...side.souls.map((s) => s.card).filter((n) => n), ...side.supports.map((s) => s.card),
               ...side.discard, side.zanpakuto.card);
    }
    return out;
  }
  for (const side of [v.me, v.opponent]) {
    out.push(side.leader.card, ...side.characters.map((c) => c.card), ...side.trash,
             ...side.life_face_up.map((f) => f.card));
    if (side.stage) out.push(side.stage.card);
  }
  return out;
}

// ------------------------------------------------------------------ setup
async function setup() {
  const params = new URLSearchParams(location.search);
  if (params.get("game") && params.get("token")) {
    connect(params.get("game"), params.get("token"));
    return;
  }
  $("setup").hidden = false;
  const info = await (await fetch("/api/setup")).json();
  for (const id of ["deck", "opponent-deck"]) {
    info.decks.forEach((name, i) => {
      const o = el("option", null, name); o.value = name;
      if (id === "opponent-deck" && i === 1) o.selected = true;
      $(id).append(o);
    });
  }
  for (const a of info.agents) {
    const o = el("option", null, a.name === "friend" ? "a friend (invitation link)" :
                  a.budget ? `${a.name} (search)` : a.name);
    o.value = a.name; $("opponent").append(o);
  }
  const budget = () => { $("budget-box").hidden = $("opponent").value !== "mcts"; };
  $("opponent").addEventListener("change", budget); budget();
  $("setup-form").addEventListener("submit", startGame);
}

function deckChoice(select, text) {
  const t = $(text).value.trim();
  return t ? {text: t} : {name: $(select).value};
}

async function startGame(ev) {
  ev.preventDefault();
  let opponent = $("opponent").value;
  if (opponent === "mcts") opponent += ":" + $("budget").value + $("budget-unit").value;
  const body = {deck: deckChoice("deck", "deck-text"), opponent_deck: deckChoice("opponent-deck", "opponent-deck-text"),
                opponent};
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  $("start").disabled = true;
  const r = await fetch("/api/games", {method: "POST", headers: {"Content-Type": "application/json"},
                                       body: JSON.stringify(body)});
  $("start").disabled = false;
  const out = await r.json();
  if (!r.ok) {
    const e = $("setup-error");
    e.textContent = out.error || (out.detail ? JSON.stringify(out.detail) : "the server refused the game");
    e.hidden = false;
    return;
  }
  if (out.invite) localStorage.setItem("invite-" + out.game, out.invite);
  if (out.unsupported && out.unsupported.length) {
    $("note").textContent = "Cards with text the engine does not support yet: " + out.unsupported.join(", ");
    $("note").hidden = false;
  }
  history.replaceState(null, "", `/?game=${out.game}&token=${encodeURIComponent(out.token)}`);
  $("setup").hidden = true;
  connect(out.game, out.token);
}

// ------------------------------------------------------------------ the connection
function connect(game, token) {
  state.game = game; state.token = token;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(game)}?token=${encodeURIComponent(token)}`);
  state.ws = ws;
  ws.onopen = () => { state.retry = 0; $("status").classList.remove("offline"); };
  // messages are handled in order; a view waits for its cards' data
  ws.onmessage = (ev) => { const m = JSON.parse(ev.data); state.queue = state.queue.then(() => receive(m)); };
  ws.onclose = (ev) => {
    if (ev.code === 4403 || state.closing) return;
    // the server went away (a restart): keep trying; the game is kept in its database
    $("status").textContent = "connection lost: reconnecting…";
    $("status").classList.add("offline");
    state.retry = Math.min(state.retry + 1, 10);
    setTimeout(() => connect(state.game, state.token), 300 * state.retry);
  };
}

function send(message) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
}

function answer(index) {
  if (!state.request) return;
  closeMenu();
  if (state.sent) return;  // one answer per request: the next request comes with the new view
  send({type: "answer", decision: state.request.decision, index});
  state.sent = true;
  renderActions();
}

async function receive(m) {
  if (m.type === "hello") {
    state.seat = m.seat;
    $("log").replaceChildren();  // the server sends the whole log again on every (re)connection
    $("game").hidden = false; $("setup").hidden = true; $("concede").hidden = false;
    const invite = localStorage.getItem("invite-" + m.game);
    if (invite && m.seat === "p1" && m.opponent === "friend") {
      $("invite").hidden = false;
      $("invite-link").value = `${location.origin}/?game=${m.game}&token=${encodeURIComponent(invite)}`;
    }
    state.decks = m.decks;
  } else if (m.type === "events") {
    m.lines.forEach((line, i) => {
      const rules = (m.rules || [])[i] || [];
      if (!rules.length) { $("log").append(el("li", null, line)); return; }
      // a log entry the engine knows the rules of: expanded on a click to show them (issue 12 §3)
      const d = el("details", "ruled"); d.append(el("summary", null, line), el("div", "rules", "rules " + rules.join(", ")));
      const li = el("li"); li.append(d); $("log").append(li);
    });
    $("log").scrollTop = $("log").scrollHeight;
  } else if (m.type === "view") {
    await loadCards(viewNumbers(m.view));
    state.view = m.view;
    state.request = null; state.sent = false;  // a request, if any, follows its view
    hideError();
    render();
  } else if (m.type === "request") {
    state.request = m;
    renderActions();
  } else if (m.type === "over") {
    state.over = m; state.request = null;
    render();
  } else if (m.type === "error") {
    state.sent = false;  // refused: nothing changed, the request still stands
    showError(`${m.code}: ${m.message}`);
    if (m.code === "unknown-token") { state.closing = true; $("game").hidden = true; $("setup").hidden = true; }
  }
}

function showError(text) { const e = $("error"); e.textContent = text; e.hidden = false;
  if ($("game").hidden) { $("setup-error").textContent = text; $("setup-error").hidden = false; } }
function hideError() { $("error").hidden = true; }

function isBleach(v) { return !!(v && v.me && v.me.souls); }

// ------------------------------------------------------------------ option labels (action notation)
// "attack ST01-013 -> opp leader": verb, source reference, target reference (SCENARIOS.md)
function parseOption(label) {
  let m;
  if ((m = label.match(/^give (\d+) don -> (.+)$/))) return {verb: "give", source: "don", target: m[2]};
  if ((m = label.match(/^(attack|counter|spirit) (.+) -> (.+)$/))) return {verb: m[1], source: m[2], target: m[3]};
  // Bleach (src/tcgsim/bleach/rules/notation.py): "enter BLX-003", "event BLX-020 by BLX-001", "unleash X with A+B"
  if ((m = label.match(/^(enter|attack|defend|combat|target|take|discard|effect|ability|unleash) (.+?)(?::\d+)?(?: (?:by|with) .+)?$/)))
    return {verb: m[1], source: m[2]};
  if ((m = label.match(/^zanpakuto -> (.+)$/))) return {verb: "zanpakuto", source: m[1]};
  if ((m = label.match(/^(play|activate|block|event|trash|choose effect) (.+)$/))) return {verb: m[1], source: m[2]};
  if ((m = label.match(/^choose (?!option |none$|1 |opp 1 )(.+)$/)) && !m[1].includes(", ")) return {verb: "choose", source: m[1]};
  return {verb: label};
}

function options() {
  return state.request ? state.request.options.map((label, index) => ({label, index, ...parseOption(label)})) : [];
}

// ------------------------------------------------------------------ drawing the board
function copies(list, number, upto) {  // 1-based copy number of list[upto] among cards with its number
  let k = 0; for (let i = 0; i <= upto; i++) if (list[i] === number) k++; return k;
}

function refsFor(prefix, number, k, bare) {
  const refs = [`${prefix}${number}#${k}`];
  if (k === 1 || bare) refs.push(prefix + number);
  return refs;
}

function cardEl(number, refs, extra = {}) {
  const info = cardInfo(number) || {number, name: number};
  const c = el("div", "card" + (extra.rested ? " rested" : "") + (extra.back ? " back" : ""));
  c.dataset.refs = refs.join("|");
  if (extra.back) {
    c.append(el("div", "name", extra.back));
  } else {
    c.dataset.number = number;
    const top = el("div", "top");
    if (info.cost !== null && info.cost !== undefined) top.append(el("span", "cost", info.cost));
    top.append(el("span", "name", info.name));
    c.append(top, el("div", "number", number));
    if (info.keywords && info.keywords.length) c.append(el("div", "keywords", info.keywords.join(" · ")));
    const bottom = el("div", "bottom");
    const power = extra.power !== undefined ? extra.power : info.power;
    if (power !== null && power !== undefined) bottom.append(el("span", "power", power));
    if (info.counter) bottom.append(el("span", "counter", "+" + info.counter));
    c.append(bottom);
    if (extra.don) c.append(el("span", "don-badge", `+${extra.don} DON!!`));
    if (extra.rested) c.append(el("span", "rested-badge", "rested"));
    const i = el("button", "inspect", "i"); i.title = "inspect this card";
    i.addEventListener("click", (ev) => { ev.stopPropagation(); inspect(number); });
    c.append(i);
  }
  c.addEventListener("click", (ev) => clickCard(c, ev));
  return c;
}

function sideEl(side, mine) {
  const p = mine ? "" : "opp ";
  const box = el("div", "side-inner");
  const who = mine ? "You" : "Opponent";
  const deck = state.decks ? state.decks[mine === (state.seat === "p1") ? "p1" : "p2"] : "";
  box.append(el("h3", null, `${who} (${deck})`));
  const row = el("div", "row");
  const leader = el("div", "zone leader-zone"); leader.append(el("h4", null, "Leader"));
  leader.append(cardEl(side.leader.card, [p + "leader"], {rested: side.leader.rested, don: side.leader.don,
                                                         power: side.leader.power}));
  const stage = el("div", "zone stage-zone"); stage.append(el("h4", null, "Stage"));
  if (side.stage) stage.append(cardEl(side.stage.card, [p + "stage"], {rested: side.stage.rested}));
  const chars = el("div", "zone characters"); chars.append(el("h4", null, `Characters (${side.characters.length})`));
  const numbers = side.characters.map((c) => c.card);
  side.characters.forEach((c, i) => chars.append(cardEl(c.card, refsFor(p, c.card, copies(numbers, c.card, i)),
                                                         {rested: c.rested, don: c.don, power: c.power})));
  row.append(leader, chars, stage);
  const info = el("div", "counts");
  const life = el("div", "life zone"); life.append(el("h4", null, `Life ${side.life_count}`));
  const faceUp = {}; for (const f of side.life_face_up) faceUp[f.position] = f.card;
  for (let pos = 1; pos <= side.life_count; pos++) {
    if (faceUp[pos]) life.append(cardEl(faceUp[pos], [`${p}life ${pos}`, p + faceUp[pos]]));
    else life.append(cardEl("", [`${p}life ${pos}`], {back: "Life"}));
  }
  const don = el("div", "don zone"); don.dataset.refs = mine ? "don" : "opp don";
  don.append(el("h4", null, "DON!!"));
  don.append(el("div", "don-counts", `${side.don.active} active · ${side.don.rested} rested · ${side.don.deck} in DON!! deck`));
  don.addEventListener("click", (ev) => clickCard(don, ev));
  const piles = el("div", "piles");
  piles.append(el("div", "pile", `Deck ${side.deck_count}`), el("div", "pile", `Hand ${side.hand_count}`));
  const trash = el("button", "trash-button", `Trash ${side.trash.length}`);
  trash.addEventListener("click", () => showTrash(side.trash, mine));
  piles.append(trash);
  info.append(life, don, piles);
  box.append(row, oppHand(info, side, mine));
  return box;
}

// the backs of the opponent's hand cards ("opp hand N"), after the piles in ``info``
function oppHand(info, side, mine) {
  if (!mine && side.hand_count) {
    const hand = el("div", "zone opp-hand");
    for (let i = 1; i <= side.hand_count; i++) hand.append(cardEl("", [`opp hand ${i}`], {back: "hand"}));
    info.append(hand);
  }
  return info;
}

// Bleach: the souls (Ames) with their PC and exhausted state, the supports, the Zanpakutô, the piles.
function bleachSideEl(side, mine) {
  const box = el("div", "side-inner");
  const deck = state.decks ? state.decks[mine === (state.seat === "p1") ? "p1" : "p2"] : "";
  box.append(el("h3", null, `${mine ? "You" : "Opponent"} (${deck})`));
  const row = el("div", "row");
  const souls = el("div", "zone characters"); souls.append(el("h4", null, `Souls (${side.souls.length})`));
  side.souls.forEach((s, i) => {
    const refs = s.label ? [s.label] : [`${mine ? "" : "opp "}soul ${i + 1}`];
    const e = cardEl(s.card || "", refs, {rested: s.exhausted, power: s.pc === null ? undefined : s.pc,
                                          back: s.card ? undefined : "soul"});
    if (s.zanpakuto) e.append(el("span", "don-badge", "Zanpakutô"));
    if (s.reserve_count) e.append(el("span", "counter", `${s.reserve_count} in reserve`));
    souls.append(e);
  });
  const supports = el("div", "zone stage-zone"); supports.append(el("h4", null, `Supports (${side.supports.length})`));
  side.supports.forEach((s) => supports.append(cardEl(s.card, [s.label])));
  row.append(souls, supports);
  const piles = el("div", "piles");
  piles.append(el("div", "pile", `Deck ${side.deck_count}`), el("div", "pile", `Hand ${side.hand_count}`),
               el("div", "pile", `Soul points ${side.soul_points}`),
               el("div", "pile", `Zanpakutô ${side.zanpakuto.card} (${side.zanpakuto.where})`));
  const discard = el("button", "trash-button", `Discard ${side.discard.length}`);
  discard.addEventListener("click", () => showTrash(side.discard, mine));
  piles.append(discard);
  const info = el("div", "counts"); info.append(piles);
  box.append(row, oppHand(info, side, mine));
  return box;
}

function render() {
  const v = state.view;
  if (!v) return;
  const you = v.you;
  let status = `Turn ${v.turn} · ${v.active === you ? "your" : "the opponent's"} ${v.extra_turn ? "extra turn" : "turn"} · ${v.phase}`;
  if (v.pending && !state.over) status += v.pending.player === you ? " · your decision" : " · the opponent decides…";
  if (state.over) status = "Game over";
  $("status").textContent = status;
  const side = isBleach(v) ? bleachSideEl : sideEl;
  $("opp").replaceChildren(side(v.opponent, false));
  $("me").replaceChildren(side(v.me, true));
  const hand = $("hand"); hand.replaceChildren();
  v.me.hand.forEach((n, i) => hand.append(cardEl(n, refsFor("", n, copies(v.me.hand, n, i), true).concat([`hand ${i + 1}`]))));
  const b = v.battle, c = v.combat;
  $("battle").textContent = b ? `Battle: ${b.attacker} (${b.attacker_power}) attacks ${b.target} (${b.target_power})` :
    c ? `Combat: ${c.attacker} (${c.attacker_pc} PC) against ${c.defender || "no defender"}` +
        (c.defender ? ` (${c.defender_pc} PC)` : "") : "";
  if (state.over) {
    const o = state.over, won = o.winner === you;
    $("over").textContent = o.winner === "draw" ? `Draw (${o.reason}).` :
      `${won ? "You win" : "You lose"} (${o.reason}, turn ${o.turn}).`;
    $("over").className = won ? "won" : "lost";
    $("over").hidden = false; $("concede").hidden = true;
  }
  renderActions();
}

function renderActions() {
  const box = $("actions"); box.replaceChildren();
  box.dataset.decision = state.request && !state.sent ? state.request.decision : "";
  document.querySelectorAll(".playable, .target, .selected").forEach((e) => e.classList.remove("playable", "target", "selected"));
  const opts = state.sent ? [] : options();
  $("prompt").textContent = state.request ? promptText(state.request.kind) : (state.over ? "" : "Waiting for the opponent…");
  for (const o of opts) {
    const b = el("button", "action", o.label);
    b.dataset.index = o.index; b.disabled = !!state.sent;
    b.addEventListener("click", () => answer(o.index));
    box.append(b);
  }
  for (const e of document.querySelectorAll("[data-refs]")) {
    const refs = e.dataset.refs.split("|");
    if (opts.some((o) => o.source && refs.includes(o.source))) e.classList.add("playable");
  }
  if (state.selected) highlightTargets(state.selected);
}

function promptText(kind) {
  return {first: "Go first or second?", keep: "Keep this hand or mulligan?", main: "Your Main Phase: click a card or choose an action.",
          block: "Block Step: block with a Blocker?", counter: "Counter Step: use a Counter?",
          trigger: "Activate the [Trigger]?", choose: "Choose:", order: "Choose the order:"}[kind] || `Decide (${kind}):`;
}

// ------------------------------------------------------------------ clicking cards
function optionsOf(refs) { return options().filter((o) => o.source && refs.includes(o.source)); }

function clickCard(e, ev) {
  const refs = e.dataset.refs.split("|");
  if (state.selected) {  // choosing a target for the selected card
    const targets = state.selected.opts.filter((o) => o.target && refs.includes(o.target));
    if (targets.length) {
      state.selected = null;
      if (targets.length === 1) answer(targets[0].index); else openMenu(e, targets);
      return;
    }
  }
  const mine = optionsOf(refs);
  state.selected = null;
  if (!mine.length) {
    closeMenu(); renderActions();
    if (e.dataset.number) inspect(e.dataset.number);
    return;
  }
  if (mine.some((o) => o.target)) {
    state.selected = {refs, opts: mine};
    renderActions();
    e.classList.add("selected");
    openMenu(e, mine);
  } else if (mine.length === 1) {
    answer(mine[0].index);
  } else {
    openMenu(e, mine);
  }
}

function highlightTargets(sel) {
  for (const e of document.querySelectorAll("[data-refs]")) {
    const refs = e.dataset.refs.split("|");
    if (sel.opts.some((o) => o.target && refs.includes(o.target))) e.classList.add("target");
    if (refs.some((r) => sel.refs.includes(r))) e.classList.add("selected");
  }
}

function openMenu(anchor, opts) {
  const menu = $("menu"); menu.replaceChildren();
  for (const o of opts) {
    const b = el("button", "action", o.label); b.dataset.index = o.index;
    b.addEventListener("click", () => answer(o.index));
    menu.append(b);
  }
  const cancel = el("button", "cancel", "cancel");
  cancel.addEventListener("click", () => { state.selected = null; closeMenu(); renderActions(); });
  menu.append(cancel);
  const r = anchor.getBoundingClientRect();
  menu.style.left = `${Math.min(r.left + window.scrollX, window.innerWidth - 260)}px`;
  menu.style.top = `${r.bottom + window.scrollY + 4}px`;
  menu.hidden = false;
}
function closeMenu() { $("menu").hidden = true; }

// ------------------------------------------------------------------ inspecting cards and the trash
async function inspect(number) {
  await loadCards([number]);
  const body = $("inspector-body"); body.replaceChildren();
  const info = cardInfo(number) || {number, name: number};
  const text = el("div", "card-text");
  text.append(el("h3", null, `${info.name} (${info.number})`));
  const facts = [["category", info.category], ["colors", (info.colors || []).join("/")], ["cost", info.cost],
                 ["power", info.power], ["counter", info.counter], ["life", info.life],
                 ["attributes", (info.attributes || []).join("/")], ["types", (info.types || []).join("/")],
                 ["keywords", (info.keywords || []).join(", ")]];
  const dl = el("dl");
  for (const [k, v] of facts) if (v !== null && v !== undefined && v !== "") { dl.append(el("dt", null, k), el("dd", null, v)); }
  text.append(dl);
  if (info.text) text.append(el("p", "effect", info.text));
  if (info.trigger) text.append(el("p", "trigger", "[Trigger] " + info.trigger));
  if (info.unsupported && info.unsupported.length)
    text.append(el("p", "unsupported", "Not supported by the engine: " + info.unsupported.join(" | ")));
  if (info.image) {
    const img = el("img", "card-image"); img.alt = info.name; img.src = info.image;
    img.onerror = () => img.remove();  // no image: the text card stands alone
    body.append(img);
  }
  body.append(text);
  $("inspector").hidden = false;
}

function showTrash(trash, mine) {
  $("trash-title").textContent = `${mine ? "Your" : "The opponent's"} trash (${trash.length}), newest first`;
  const box = $("trash-cards"); box.replaceChildren();
  const zoneOrder = trash.slice().reverse();
  trash.forEach((n, i) => {
    const k = copies(zoneOrder, n, trash.length - 1 - i);
    box.append(cardEl(n, refsFor((mine ? "" : "opp ") + "trash ", n, k)));
  });
  if (!trash.length) box.append(el("p", null, "empty"));
  $("trash-view").hidden = false;
}

// ------------------------------------------------------------------ start
document.addEventListener("DOMContentLoaded", () => {
  for (const m of document.querySelectorAll(".modal")) {
    m.addEventListener("click", (ev) => { if (ev.target === m || ev.target.classList.contains("close")) m.hidden = true; });
  }
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { document.querySelectorAll(".modal").forEach((m) => m.hidden = true);
      state.selected = null; closeMenu(); renderActions(); }
  });
  $("concede").addEventListener("click", () => { if (confirm("Concede this game?")) send({type: "concede"}); });
  $("notation-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("notation").value.trim();
    if (text && state.request) { send({type: "answer", decision: state.request.decision, option: text}); $("notation").value = ""; }
  });
  setup();
});
