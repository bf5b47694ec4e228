// A seat's page at the table: renders the state the host sends (as text, never as HTML), sends each tap as
// one edit request naming the state's version, and polls the state to follow the table (ETag: 304 while
// nothing changed). No framework: the host serves this file and nothing else runs on the page.
"use strict";

(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const words = data.words;
  const base = location.pathname.replace(/\/+$/, "");
  const lang = "lang=" + encodeURIComponent(data.lang);
  const root = document.getElementById("seat");
  const notice = document.getElementById("notice");
  let state = data.state;
  let etag = null;
  let searchText = "";
  let searchTimer = null;
  let sheetWhole = false; // the sheet shows every player's column (else the seat's and the best other's)
  let leaderText = ""; // typed in the leader's search
  let leaderTimer = null;
  let cardsShown = { asked: null, cards: [] }; // the card search's list as shown, and the text it is for
  let typing = false; // a card was just picked: the search box keeps the keyboard for the next one
  let pollTimer = null;
  let polling = false;
  // Coins typed and not yet saved, with the coins the host had when the typing began: a fresh state (another
  // phone's edit, a poll) redraws the page but keeps them, unless the host's coins have changed since.
  let coinsDraft = null;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "on") {
        for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
      } else if (key === "text") {
        node.textContent = value;
      } else if (value !== false && value !== null && value !== undefined) {
        node.setAttribute(key, value === true ? "" : String(value));
      }
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  // The notice stays on screen wherever the player has scrolled (phone.css: sticky), so a refusal or a change
  // made elsewhere is seen beside what was tapped; a tap on it puts it away, news goes by itself.
  let newsTimer = null;
  function say(text, kind) {
    clearTimeout(newsTimer);
    notice.hidden = !text;
    notice.textContent = text || "";
    notice.className = kind || "";
    if (text && kind === "news") newsTimer = setTimeout(() => say(""), NEWS_MS);
  }
  const NEWS_MS = 12000;
  notice.addEventListener("click", () => notice.className !== "unsaved" && notice.className !== "saved" && say(""));

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  // What changed in this seat's entries between two states of one step, in the phone's words ("removed
  // Courthouse", "Wonder stages this age 1 → 2"): said when the laptop (or the seat's other phone) changed
  // them, so the player sees what moved without comparing the page with what they remember.
  function changes(before, after) {
    const said = [];
    const value = (what, old, now) => old !== now && said.push(fill(words.change_value, { what: what, old: old, new: now }));
    const names = (list) => (list || []).map((item) => item.name);
    const compare = (old, now) => {
      const left = names(now).slice();
      for (const name of names(old)) {
        const at = left.indexOf(name);
        if (at >= 0) left.splice(at, 1);
        else said.push(fill(words.change_removed, { name: name }));
      }
      for (const name of left) said.push(fill(words.change_added, { name: name }));
    };
    if (after.step.kind === "age") {
      compare(before.cards, after.cards);
      if (before.stages && after.stages) value(words.stages, before.stages.value, after.stages.value);
      for (const fleet of after.fleets || []) {
        const old = (before.fleets || []).find((f) => f.colour === fleet.colour);
        if (old) value(fleet.label, old.position, fleet.position);
      }
      compare(before.islands, after.islands);
      for (const incursion of after.incursions || []) {
        const old = (before.incursions || []).find((i) => i.index === incursion.index && i.card === incursion.card);
        if (old) value(incursion.card, old.target, incursion.target);
      }
      const chosen = (s) => (s.courtesans && s.courtesans.chosen) || "—";
      if (before.courtesans && after.courtesans) value(words.courtesans, chosen(before), chosen(after));
    } else if (after.step.kind === "recruitment" && before.recruitment && after.recruitment) {
      const leader = (s) => {
        const found = s.recruitment.choices.find((c) => c.id === s.recruitment.leader);
        return found ? found.name : words.no_leader;
      };
      value(words.recruitment, leader(before), leader(after));
      const use = (s) => (s.recruitment.uses.find((u) => u.value === s.recruitment.use) || { label: "—" }).label;
      if (before.recruitment.leader && after.recruitment.leader) value(words.use, use(before), use(after));
    } else if (after.step.kind === "end") {
      value(words.coins, before.coins === null ? "—" : before.coins, after.coins === null ? "—" : after.coins);
    }
    return said;
  }

  let queued = null; // an edit made while the host could not be reached
  async function send(edit) {
    let reply;
    try {
      reply = await fetch(base + "/edit?" + lang, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ version: state.version, edit: edit }),
      });
    } catch (error) {
      queued = edit; // the host is away (a restart): kept, and sent when a poll reaches it again
      say(words.offline_kept, "offline");
      return;
    }
    if (reply.status === 429) return say(words.slow_down, "error");
    const body = await reply.json().catch(() => ({}));
    if (body.state) show(body.state);
    if (body.state && body.state.saved) {
      clearTimeout(pollTimer); // the game is saved: the page keeps its final sheet and stops asking
      return say(words.saved, "saved");
    }
    if (reply.ok) say("");
    else say(body.error || words.refused, body.unsaved ? "unsaved" : "error");
  }

  // The state as the host has it now. A version other than the one shown was made elsewhere (the laptop, or
  // another phone on this seat), maybe while this phone slept: the page says so, in words, as it shows it.
  async function poll() {
    if (polling) return;
    polling = true;
    clearTimeout(pollTimer);
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const reply = await fetch(base + "/state?" + lang, { headers: headers, cache: "no-store" });
      if (reply.status === 200) {
        etag = reply.headers.get("ETag");
        const fresh = await reply.json();
        const shown = state;
        const moved = fresh.step.title !== state.step.title;
        const changed = fresh.version !== state.version;
        show(fresh);
        if (fresh.saved) return say(words.saved, "saved"); // the final sheet: kept, nothing more to ask
        if (moved) say(words.moved_on + " " + fresh.step.title, "news");
        else if (notice.className === "unsaved") {
          // an edit the laptop could not save: said until the next edit is saved, not hidden by this poll
        } else if (changed) {
          const said = changes(shown, fresh);
          say(said.length ? fill(words.changed_list, { changes: said.join("; ") }) : words.changed, "news");
        }
        else if (notice.className === "offline") say("");
      } else if (reply.status === 404) {
        say(words.refused, "error");
        return; // the link ended: stop asking
      }
      if (queued && (reply.status === 200 || reply.status === 304)) {
        const again = queued; // the host is back: what the player entered meanwhile goes now
        queued = null;
        send(again);
      }
    } catch (error) {
      say(words.offline, "offline");
    } finally {
      polling = false;
    }
    pollTimer = setTimeout(poll, data.poll);
  }

  // A phone back from sleep (the screen on again, the tab shown, the page thawed or restored from the
  // back-forward cache) asks at once rather than waiting for its next poll, so it never shows an old state.
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && poll());
  document.addEventListener("resume", () => poll());
  window.addEventListener("pageshow", (e) => e.persisted && poll());

  function section(title, ...children) {
    return el("section", {}, el("h2", { text: title }), ...children);
  }

  function stepper(value, least, most, label, edit, names) {
    const [fewer, more] = names || [words.fewer, words.more];
    const button = (text, name, to, disabled) =>
      el("button", { type: "button", text: text, "aria-label": name, disabled: disabled, on: { click: () => edit(to) } });
    return el(
      "div",
      { class: "stepper", role: "group", "aria-label": label },
      button("−", fewer, value - 1, value <= least),
      el("output", { text: String(value), "aria-label": label }),
      button("+", more, value + 1, value >= most)
    );
  }

  // "Done": the player says they have entered this step (the laptop counts only that: nothing missing is not
  // enough, a card discarded for coins leaves nothing to see), at an age with how many cards they discarded
  // for coins, and what is still missing said beside the button. An edit after it means "not yet" again.
  let discardDraft = null; // the discards counted here and not yet sent, with the version they were counted on
  function done(s) {
    const atAge = s.step.kind === "age";
    if (discardDraft && discardDraft.version !== s.version) discardDraft = null;
    const discarded = discardDraft ? discardDraft.count : s.discarded || 0;
    const parts = [];
    if (atAge) {
      const most = s.turns ? Math.max(0, s.turns.expected - s.turns.played + (s.discarded || 0)) : 0;
      parts.push(
        el("p", { class: "muted", text: words.discarded }),
        stepper(discarded, 0, Math.max(most, discarded), words.discarded, (to) => {
          discardDraft = { version: s.version, count: to };
          show(state);
        }, [words.discard_fewer, words.discard_more])
      );
    }
    if (s.declared) {
      parts.push(
        el("p", { class: "done", id: "declared", text: words.declared }),
        el("button", { type: "button", text: words.not_done, on: { click: () => send({ kind: "done", done: false, discarded: discarded }) } })
      );
    } else {
      const still = s.missing.filter((m) => !(atAge && m.code === "turns" && discardDraft));
      if (still.length) parts.push(el("p", { class: "muted", text: words.missing + ": " + still.map((m) => m.text).join("; ") }));
      parts.push(el("button", { type: "button", id: "done", text: words.done, on: { click: () => send({ kind: "done", done: true, discarded: discarded }) } }));
    }
    return section(words.done_title, ...parts);
  }

  function choice(label, options, chosen, onChange, blank) {
    const select = el("select", { "aria-label": label, on: { change: (e) => onChange(e.target.value) } });
    if (blank !== undefined) select.append(el("option", { value: "", text: blank }));
    for (const option of options) {
      select.append(el("option", { value: option.value, text: option.label, selected: option.value === chosen }));
    }
    if (chosen === null && blank !== undefined) select.value = "";
    return select;
  }

  function removable(items, kind) {
    if (!items.length) return el("p", { class: "muted", text: words.none });
    const list = el("ul", { class: "items" });
    for (const item of items) {
      list.append(
        el(
          "li",
          {},
          el("span", { text: item.name }),
          el("button", {
            type: "button",
            class: "remove",
            text: words.remove,
            "aria-label": words.remove + " " + item.name,
            on: { click: () => send({ kind: kind, index: item.index }) },
          })
        )
      );
    }
    return list;
  }

  function cardSearch() {
    const results = el("ul", { id: "found", class: "found", "aria-label": words.found });
    const input = el("input", {
      id: "search",
      type: "search",
      autocomplete: "off",
      enterkeyhint: "go",
      placeholder: words.search,
      "aria-label": words.search,
      value: searchText,
      on: {
        input: (e) => {
          searchText = e.target.value;
          clearTimeout(searchTimer);
          searchTimer = setTimeout(() => find(results), 150);
        },
      },
    });
    find(results);
    // Enter (a phone keyboard's Go) adds the first match, as Enter does in the laptop's card picker.
    const submit = (e) => {
      e.preventDefault();
      addFirstCard(results);
    };
    return el("form", { class: "search", on: { submit: submit } }, input, results);
  }

  function addCard(card) {
    searchText = "";
    typing = true;
    send({ kind: "add_card", card: card.id });
  }

  // The cards listed for the text in the box now: those shown when the list is up to date, else asked for
  // (Enter pressed before the search's pause after typing ended).
  async function addFirstCard(results) {
    clearTimeout(searchTimer);
    const asked = searchText;
    if (!asked.trim()) return;
    const found = cardsShown.asked === asked ? cardsShown : await find(results);
    if (found && found.asked === searchText && found.cards.length) addCard(found.cards[0]);
  }

  async function find(results) {
    const asked = searchText;
    let found;
    try {
      const reply = await fetch(base + "/cards?q=" + encodeURIComponent(asked) + "&" + lang);
      found = await reply.json();
    } catch (error) {
      return null;
    }
    if (asked !== searchText) return null; // typed on since
    cardsShown = { asked: asked, cards: asked ? found.cards : [] };
    results.replaceChildren();
    if (found.why) results.append(el("li", { class: "why", text: found.why }));
    for (const card of cardsShown.cards) {
      results.append(el("li", {}, el("button", { type: "button", text: card.name, on: { click: () => addCard(card) } })));
    }
    return cardsShown;
  }

  function missing(s) {
    if (!s.missing.length) return el("p", { class: "done", text: words.all_done });
    return el(
      "div",
      { class: "missing" },
      el("strong", { text: words.missing }),
      el("ul", {}, ...s.missing.map((m) => el("li", { text: m.text })))
    );
  }

  function ageSections(s) {
    const parts = [];
    const turns = s.turns && el("p", { class: "muted", id: "turns", text: s.turns.text });
    parts.push(section(words.cards, turns, removable(s.cards, "remove_card"), cardSearch()));
    parts.push(
      section(
        words.stages,
        stepper(s.stages.value, 0, s.stages.most, words.stages, (v) => send({ kind: "set_wonder_stages", stages: v })),
        el("p", { class: "muted", text: s.stages.note })
      )
    );
    if (s.leaders.length) parts.push(section(words.leaders, el("p", { text: s.leaders.join(", ") })));
    if (s.courtesans) {
      const c = s.courtesans;
      const body = c.choices.length
        ? choice(
            words.courtesans,
            c.choices.map((o) => ({ value: o.id, label: o.label })),
            c.chosen,
            (v) => send({ kind: "choose_courtesans_copy", leader: v || null }),
            words.not_chosen
          )
        : el("p", { class: "muted", text: words.no_neighbour_leaders });
      parts.push(section(words.courtesans + " — " + c.guild, body));
    }
    if (s.fleets.length) {
      const rows = s.fleets.map((fleet) =>
        el(
          "label",
          { class: "fleet fleet-" + fleet.colour },
          el("span", { text: fleet.label }),
          choice(
            fleet.label,
            fleet.spaces
              .filter((space) => space.position >= fleet.lowest)
              .map((space) => ({ value: String(space.position), label: space.position + " · " + space.note })),
            String(fleet.position),
            (v) => send({ kind: "move_ship", fleet: fleet.colour, position: Number(v) })
          )
        )
      );
      parts.push(section(words.fleets, ...rows));
      const islands = [removable(s.islands, "remove_island")];
      if (s.free_islands.length) {
        islands.push(
          choice(
            words.add_island,
            s.free_islands.map((i) => ({ value: i.id, label: i.name })),
            null,
            (v) => v && send({ kind: "add_island", island: v }),
            words.add_island
          )
        );
      }
      if (s.opt_out) {
        islands.push(
          el(
            "label",
            { class: "check" },
            el("input", {
              type: "checkbox",
              checked: s.opt_out.value,
              on: { change: (e) => send({ kind: "stay_out_of_naval", out: e.target.checked }) },
            }),
            el("span", { text: s.opt_out.label })
          )
        );
      }
      parts.push(section(words.islands, ...islands));
    }
    if (s.incursions.length) {
      parts.push(
        section(
          words.incursions,
          ...s.incursions.map((inc) =>
            el(
              "label",
              { class: "fleet" },
              el("span", { text: inc.card }),
              choice(inc.card, inc.choices, inc.target, (v) => send({ kind: "choose_incursion", index: inc.index, target: v }))
            )
          )
        )
      );
    }
    return parts;
  }

  function recruitment(s) {
    const r = s.recruitment;
    let leader = r.leader;
    let use = r.use || "recruit";
    const save = () => send({ kind: "choose_leader", leader: leader || null, use: use });
    const choose = (v) => {
      leader = v || null;
      leaderText = "";
      save();
    };
    const chosen = r.choices.find((l) => l.id === leader);
    const shown = chosen
      ? el(
          "ul",
          { class: "items" },
          el(
            "li",
            {},
            el("span", { id: "leader", text: chosen.name }),
            el("button", { type: "button", class: "remove", text: words.no_leader, on: { click: () => choose(null) } })
          )
        )
      : el("p", { class: "muted", id: "leader", text: words.no_leader });
    return [
      section(
        words.recruitment,
        shown,
        leaderSearch(r.choices, !chosen, choose),
        el("h2", { text: words.use }),
        choice(words.use, r.uses, use, (v) => {
          use = v;
          if (leader) save();
        })
      ),
    ];
  }

  // The leaders as the card search finds cards: part of either name, accents ignored (the host's
  // scorer.search, as the laptop's recruitment picker), in the phone's language's order; Enter (Go) takes the
  // first. With nothing typed, every leader on offer while none is chosen (the state's list, in that order).
  function leaderSearch(choices, listAll, choose) {
    const results = el("ul", { id: "leaders-found", class: "found", "aria-label": words.leaders_found });
    let listed = [];
    const list = (leaders, why) => {
      listed = leaders;
      results.replaceChildren();
      if (why) results.append(el("li", { class: "why", text: why }));
      for (const l of leaders) {
        results.append(el("li", {}, el("button", { type: "button", text: l.name, on: { click: () => choose(l.id) } })));
      }
    };
    const findLeaders = async () => {
      const asked = leaderText;
      if (!asked.trim()) return list(listAll ? choices : []);
      let found;
      try {
        const reply = await fetch(base + "/leaders?q=" + encodeURIComponent(asked) + "&" + lang);
        found = await reply.json();
      } catch (error) {
        return;
      }
      if (asked === leaderText) list(found.leaders, found.why);
    };
    const input = el("input", {
      id: "leader-search",
      type: "search",
      autocomplete: "off",
      enterkeyhint: "go",
      placeholder: words.leader_search,
      "aria-label": words.leader_search,
      value: leaderText,
      on: {
        input: (e) => {
          leaderText = e.target.value;
          clearTimeout(leaderTimer);
          leaderTimer = setTimeout(findLeaders, 150);
        },
      },
    });
    const submit = async (e) => {
      e.preventDefault();
      clearTimeout(leaderTimer);
      if (!leaderText.trim()) return;
      await findLeaders();
      if (listed.length) choose(listed[0].id);
    };
    findLeaders();
    // the page redrawn while typing here (a poll): the box keeps the keyboard once the page is drawn
    if (document.activeElement && document.activeElement.id === "leader-search") {
      queueMicrotask(() => {
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      });
    }
    return el("form", { class: "search", on: { submit: submit } }, input, results);
  }

  function coins(s) {
    if (coinsDraft && coinsDraft.over !== (s.coins ?? null)) coinsDraft = null;
    const input = el("input", {
      id: "coins",
      type: "number",
      inputmode: "numeric",
      min: 0,
      max: 999,
      value: coinsDraft ? coinsDraft.typed : s.coins ?? "",
      "aria-label": words.coins,
      on: { input: () => (coinsDraft = { typed: input.value, over: s.coins ?? null }) },
    });
    return section(
      words.coins,
      el(
        "form",
        {
          class: "coins",
          on: {
            submit: (e) => {
              e.preventDefault();
              if (input.value === "") return;
              coinsDraft = null;
              send({ kind: "set_coins", coins: Number(input.value) });
            },
          },
        },
        input,
        el("button", { type: "submit", text: words.save })
      )
    );
  }

  // The sheet at 360 px: the seat's own column beside the best-placed other player's, the whole table (short
  // names, smaller type: 8 players fit) a tap away. Coins are the tie-break: a row of their own.
  function sheet(s) {
    const sh = s.sheet;
    const me = (p) => (p.name === s.player ? "me" : null); // the seat's own column stands out, first
    const ordered = sh.players.filter((p) => me(p)).concat(sh.players.filter((p) => !me(p)));
    const whole = sheetWhole || sh.players.length <= 2;
    const players = whole ? ordered : ordered.filter((p) => me(p) || p.name === sh.rival);
    const head = el(
      "tr",
      { class: "names" },
      el("th", { text: "" }),
      ...players.map((p) => el("th", { class: me(p), title: p.name, text: whole ? p.short : p.name }))
    );
    const line = (label, cls, value) =>
      el("tr", { class: cls }, el("th", { text: label }), ...players.map((p) => el("td", { class: me(p), text: value(p) })));
    const rows = sh.rows.map((row, i) => line(row.label, null, (p) => String(p.values[i])));
    const total = line(words.total, "total", (p) => String(p.total));
    const coins = line(sh.coins, "coins-row", (p) => String(p.coins));
    // the whole table's columns are too narrow for "★ 1st": the place as a number there, under "Place"
    const place = line(words.place, null, (p) => (p.winner ? (whole ? "★" : "★ ") : "") + (whole ? p.rank : p.place));
    const mine = sh.mine.map((cell) =>
      el(
        "details",
        {},
        el("summary", { text: cell.label + ": " + cell.value }),
        el("ul", {}, ...cell.lines.map((text) => el("li", { text: text })))
      )
    );
    const toggle =
      sh.players.length > 2 &&
      el("button", {
        type: "button",
        id: "whole",
        "aria-pressed": sheetWhole ? "true" : "false",
        text: sheetWhole ? words.two_columns : words.whole_table,
        on: {
          click: () => {
            sheetWhole = !sheetWhole;
            show(state);
          },
        },
      });
    const table = el("table", { class: whole ? "whole" : "pair" }, head, ...rows, total, coins, place);
    return [
      section(words.sheet, el("div", { class: whole ? "wide all" : "wide" }, table), toggle, pictureLink(), bgStatsLink()),
      section(words.yours, ...mine),
    ];
  }

  // The sheet as a picture for the group chat: shared straight to an app where the phone can share files
  // (Web Share API), else opened to save it (the link's own behaviour).
  function pictureLink() {
    const href = base + "/sheet.png";
    async function share(event) {
      if (!navigator.canShare) return; // the link saves it
      event.preventDefault();
      try {
        const blob = await (await fetch(href)).blob();
        const file = new File([blob], "7-wonders.png", { type: "image/png" });
        if (navigator.canShare({ files: [file] })) await navigator.share({ files: [file] });
        else window.location.href = href;
      } catch (error) {
        if (!error || error.name !== "AbortError") window.location.href = href;
      }
    }
    const link = { id: "picture", href: href, download: "7-wonders.png", text: words.picture, on: { click: share } };
    return el("p", {}, el("a", link));
  }

  // "Add to BG Stats": the game as a .bgsplay file, which BG Stats opens as a play (the same play from
  // every phone: BG Stats adds it once).
  function bgStatsLink() {
    return el("p", {}, el("a", { id: "bgstats", href: base + "/play.bgsplay", download: "", text: words.bgstats }));
  }

  function show(s) {
    const focused = typing || (document.activeElement && document.activeElement.id === "search");
    const onCoins = document.activeElement && document.activeElement.id === "coins";
    typing = false;
    state = s;
    root.dataset.version = s.version; // the version shown: what the next edit names (and what a test waits on)
    document.getElementById("step").textContent = s.step.title;
    const parts = [];
    if (s.quick) parts.push(el("p", { class: "muted", text: words.quick }));
    if (s.step.kind === "age" && !s.quick) parts.push(missing(s), ...ageSections(s), done(s));
    else if (s.step.kind === "recruitment" && s.recruitment) parts.push(missing(s), ...recruitment(s), done(s));
    else if (s.step.kind === "end") parts.push(missing(s), coins(s), done(s));
    else if (s.step.kind === "sheet" && s.sheet) parts.push(...sheet(s));
    else parts.push(el("p", { class: "muted", text: words.waiting }));
    root.replaceChildren(...parts);
    if (onCoins && document.getElementById("coins")) document.getElementById("coins").focus();
    if (focused) {
      const search = document.getElementById("search");
      if (search) {
        search.focus();
        search.setSelectionRange(search.value.length, search.value.length);
      }
    }
  }

  show(state);
  if (state.saved) say(words.saved, "saved");
  else pollTimer = setTimeout(poll, data.poll);
})();
