/* 18xx token upgrades for players: tiles to pick (from the game's catalogue, `tokens show
 * GAME`), to drop on the map hex or on the upgrade hex (a click, or a drag), to rotate; station
 * tokens dragged into the old tile's cities (or picked with Enter and dropped with Enter);
 * then `tokens upgrade` says which rotations of the new tile keep every token connected, and
 * the page shows them on the tile: each rotation legal (with where the tokens go) or not (with
 * the solver's reason). Tiles are drawn here from their tile strings, as the C pictures draw
 * them: flat-topped hexes, edge 0 at the bottom, clockwise. */
'use strict';

(function () {
  const extras = (window.gameoptExtras = window.gameoptExtras || {});
  const NS = 'http://www.w3.org/2000/svg';
  // Every bundled catalogue (data/tiles/; tokens --help lists them; test page/tokens-games checks the two agree).
  const GAMES = ['1867', '1822CA', '1830', '1837', '1841', '1846', '1850', '1860', '1861', '1889', '18CO', '18Chesapeake', '18Mag', '18NY', '18NY1E', 'standard'];
  const FILL = { white: '#f7f7f2', yellow: '#fde900', green: '#71bf44', brown: '#cb7745', gray: '#bcbdc0', grey: '#bcbdc0', red: '#ec232a', blue: '#35a7ff', sepia: '#d4b483' };
  const TOKEN = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000', '#F0E442'];
  const R = 50, AP = R * Math.sqrt(3) / 2;

  function svg(tag, attrs, ...children) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  const toward = (units, rot, dist) => {
    const a = (Math.PI / 180) * (90 + 60 * (units + rot));
    return [dist * Math.cos(a), dist * Math.sin(a)];
  };

  /* The parts of a tile string a drawing needs: nodes (cities, towns, junctions) with their
   * slots and loc, paths between edges (0-5) and nodes (_N), labels. */
  function parseTile(code) {
    const t = { nodes: [], paths: [], labels: [] };
    for (const part of code.split(';')) {
      const [kind, rest = ''] = part.split('=');
      const kv = Object.fromEntries(rest.split(',').filter(Boolean).map((x) => x.split(':')));
      if (kind === 'city' || kind === 'town' || kind === 'junction')
        t.nodes.push({ kind, slots: Number(kv.slots || 1), loc: kv.loc !== undefined ? Number(kv.loc) : null });
      else if (kind === 'path') t.paths.push([kv.a, kv.b]);
      else if (kind === 'label') t.labels.push(rest);
    }
    /* node edges, to place the nodes as the C pictures do */
    t.nodes.forEach((n, i) => { n.edges = t.paths.filter((p) => p.includes(`_${i}`)).map((p) => p.find((x) => !x.startsWith('_'))).filter((x) => x !== undefined).map(Number); });
    t.cities = t.nodes.map((n, i) => i).filter((i) => t.nodes[i].kind === 'city');
    return t;
  }
  function placeNodes(t, rot) {
    const stops = t.nodes.filter((n) => n.kind !== 'junction').length;
    const crowd = [0.1, 0, 0, 0, 0, 0];
    for (const n of t.nodes) if (n.kind !== 'junction') for (const e of n.edges) { crowd[e] += 1; crowd[(e + 1) % 6] += 0.1; crowd[(e + 5) % 6] += 0.1; }
    return t.nodes.map((n) => {
      if (n.kind === 'junction' || (stops === 1 && n.loc === null) || (n.loc !== null && n.loc < 0)) return [0, 0];
      if (n.loc !== null) return toward(n.loc, rot, 0.55 * AP);
      let best = -1;
      for (let e = 0; e < 6; e++) if ((n.edges.includes(e) || !n.edges.length) && (best < 0 || crowd[e] < crowd[best])) best = e;
      crowd[best] += 1; crowd[(best + 1) % 6] += 0.1; crowd[(best + 5) % 6] += 0.1;
      return toward(best, rot, 0.5 * AP);
    });
  }
  const slotR = (slots) => (slots <= 1 ? 0.2 * R : 0.16 * R);
  function slotAt(c, slots, k) {
    const s = slotR(slots);
    if (slots <= 1) return c;
    if (slots === 2) return [c[0] + (k ? s : -s), c[1]];
    const ring = s / Math.sin(Math.PI / slots), a = (Math.PI / 180) * (-90 + (360 * k) / slots);
    return [c[0] + ring * Math.cos(a), c[1] + ring * Math.sin(a)];
  }

  /* A tile drawn at rotation rot; tokens[city] = [names] fills its slots; cityAttrs(i) adds
   * attributes to city i's group (drop targets). */
  function drawTile(tile, rot, tokens, colours, cityAttrs) {
    const t = tile.parsed;
    const g = svg('g', { class: 'tile' });
    const corners = Array.from({ length: 6 }, (_, k) => toward(k + 0.5, 0, R).map((x) => x.toFixed(1)).join(',')).join(' ');
    g.append(svg('polygon', { points: corners, fill: FILL[tile.color] || '#eee', stroke: '#000', 'stroke-width': 1.5 }));
    const at = placeNodes(t, rot);
    const end = (x) => (x.startsWith('_') ? at[Number(x.slice(1))] : toward(Number(x), rot, AP));
    for (const [a, b] of t.paths) {
      const p = end(a), q = end(b);
      const ca = a.startsWith('_') ? p : [p[0] / 2, p[1] / 2], cb = b.startsWith('_') ? q : [q[0] / 2, q[1] / 2];
      g.append(svg('path', { d: `M${p}C${ca} ${cb} ${q}`, class: 'track' }));
    }
    t.nodes.forEach((n, i) => {
      if (n.kind === 'junction') return;
      const c = at[i];
      if (n.kind === 'town') { g.append(svg('circle', { cx: c[0], cy: c[1], r: 5, class: 'town' })); return; }
      const ci = t.cities.indexOf(i);
      const city = svg('g', { class: 'city', 'data-city': String(ci), ...(cityAttrs ? cityAttrs(ci) : {}) });
      const s = slotR(n.slots);
      if (n.slots <= 1) city.append(svg('circle', { cx: c[0], cy: c[1], r: s, class: 'slotring' }));
      else if (n.slots === 2) city.append(svg('rect', { x: c[0] - 2 * s, y: c[1] - s, width: 4 * s, height: 2 * s, rx: s, class: 'slotring' }));
      else city.append(svg('circle', { cx: c[0], cy: c[1], r: s / Math.sin(Math.PI / n.slots) + s, class: 'slotring' }));
      const names = (tokens && tokens[ci]) || [];
      for (let k = 0; k < n.slots; k++) {
        const q = slotAt(c, n.slots, k);
        if (names[k]) {
          const col = colours(names[k]);
          city.append(svg('circle', { cx: q[0], cy: q[1], r: s * 0.92, fill: col, class: 'token', 'data-token': names[k] }),
            svg('text', { x: q[0], y: q[1] + 3.5, 'text-anchor': 'middle', class: `token-name${['#F0E442', '#E69F00', '#56B4E9'].includes(col) ? '' : ' on-dark'}` }, names[k]));
        }
      }
      g.append(city);
    });
    if (t.labels.length) g.append(svg('text', { x: -R * 0.62, y: -R * 0.45, class: 'tile-label' }, t.labels.join(' ')));
    g.append(svg('text', { x: R * 0.5, y: R * 0.72, 'text-anchor': 'middle', class: 'tile-name' }, tile.tile));
    return g;
  }
  const hexSvg = (content, size, label) => svg('svg', { viewBox: `${-R - 2} ${-R - 2} ${2 * R + 4} ${2 * R + 4}`, width: size, height: size, role: 'img', 'aria-label': label }, content);

  extras.tokens = {
    build(ctx) {
      const { el } = ctx;
      const me = { tiles: [], old: null, oldRot: 0, tokens: {}, now: null, newRot: 0, answer: null, holding: null };
      const game = el('select', { id: 'tokens-game' }, ...GAMES.map((g) => el('option', { value: g, text: g })));
      const companies = el('input', { type: 'text', id: 'tokens-companies', value: 'LPS QLS CPR', 'aria-describedby': 'tokens-companies-help' });
      const chips = el('div', { class: 'chips', id: 'tokens-chips', role: 'group', 'aria-label': 'station tokens: drag one into a city of the tile on the map' });
      const tray = el('div', { class: 'tray', id: 'tokens-tray', role: 'group', 'aria-label': 'tiles' });
      const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'tokens-play-status' });
      const oldBox = el('figure', { class: 'hexslot', id: 'tokens-old', 'data-slot': 'old' });
      const newBox = el('figure', { class: 'hexslot', id: 'tokens-new', 'data-slot': 'new' });
      const rotations = el('div', { class: 'rotations', id: 'tokens-rotations', role: 'group', 'aria-label': 'the new tile\'s rotations' });
      const b = (id, text, label, on) => el('button', { type: 'button', id: `tokens-${id}`, text, 'aria-label': label, onclick: on });
      const which = b('which', 'Which tiles may replace it?', null, () => candidates());
      const target = { slot: 'old' };
      const slotButtons = { old: b('target-old', 'On the map', 'drop tiles on the map hex', () => setTarget('old')), new: b('target-new', 'Upgrade to', 'drop tiles on the upgrade hex', () => setTarget('new')) };
      function setTarget(s) {
        target.slot = s;
        for (const [k, x] of Object.entries(slotButtons)) x.setAttribute('aria-pressed', String(k === s));
      }
      setTarget('old');
      ctx.own.append(el('div', { class: 'play tokens-play', id: 'tokens-play' },
        el('h3', { text: 'Upgrade a tile' }),
        el('p', { class: 'summary', text: 'Pick a tile for the map (click it, or drag it onto the hex), rotate it, drag the station tokens into its cities; then pick the tile to lay on it: its legal rotations are shown on it.' }),
        el('div', { class: 'controls' }, el('div', {}, el('label', { for: game.id, text: 'Game' }), game),
          el('div', {}, el('label', { for: companies.id, text: 'Companies' }), companies)),
        el('p', { class: 'summary', id: 'tokens-companies-help', text: 'Companies: names separated by spaces; each is a token to drag.' }),
        chips, status,
        el('div', { class: 'hexes' },
          el('div', {}, oldBox, el('div', { class: 'buttons' }, b('old-left', '↺', 'turn the tile on the map left', () => turnOld(5)), b('old-right', '↻', 'turn the tile on the map right', () => turnOld(1)), b('clear-tokens', 'No tokens', 'take every token off', () => { me.tokens = {}; drawOld(); ask(); }))),
          el('div', {}, newBox, el('div', { class: 'buttons' }, b('new-left', '↺', 'turn the new tile left', () => turnNew(5)), b('new-right', '↻', 'turn the new tile right', () => turnNew(1))))),
        rotations,
        el('div', { class: 'buttons' }, el('span', { class: 'summary', text: 'Tiles go to: ' }), slotButtons.old, slotButtons.new, which),
        tray));

      const colourOf = (name) => TOKEN[Math.max(0, names().indexOf(name)) % TOKEN.length];
      const names = () => companies.value.trim().split(/[\s,]+/).filter(Boolean);
      const byName = (n) => me.tiles.find((t) => t.tile === n);

      /* ---- the tray: every tile of the game, by colour ---- */
      async function loadGame(first) {
        const r = await ctx.work(status, `Reading ${game.value}'s tiles…`, { verb: 'show', args: [game.value] });
        if (r.stopped || r.error) return;
        me.tiles = r.answers.map((a) => ({ ...a, parsed: parseTile(a.code || '') }));
        me.old = null; me.now = null; me.tokens = {}; me.answer = null;
        tray.replaceChildren(...me.tiles.map((t) => {
          const x = el('button', { type: 'button', class: 'tile-pick', 'data-tile': t.tile, 'aria-label': `tile ${t.tile}, ${t.color}` });
          x.append(hexSvg(drawTile(t, 0, null, colourOf), 64, `tile ${t.tile}`));
          x.addEventListener('click', () => { if (!x.dataset.dragged) drop(t.tile, target.slot); });
          x.addEventListener('pointerdown', (ev) => dragTile(ev, t.tile, x));
          return x;
        }));
        ctx.setStatus(status, '', `${me.tiles.length} tiles of ${game.value}. Pick the tile on the map.`);
        if (first) first();
        drawOld();
        drawNew();
      }
      /* drag a tile from the tray onto a hex (a click without moving picks it for the slot chosen) */
      function dragTile(ev, name, from) {
        if (ev.button !== 0) return;
        let ghost = null;
        const x0 = ev.clientX, y0 = ev.clientY;
        const move = (e) => {
          if (!ghost && Math.hypot(e.clientX - x0, e.clientY - y0) < 8) return;
          if (!ghost) { ghost = from.cloneNode(true); ghost.classList.add('ghost'); document.body.append(ghost); from.dataset.dragged = 'true'; }
          ghost.style.left = `${e.clientX - 32}px`;
          ghost.style.top = `${e.clientY - 32}px`;
        };
        const up = (e) => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
          if (!ghost) return;
          ghost.remove();
          setTimeout(() => delete from.dataset.dragged, 0);
          const slot = document.elementFromPoint(e.clientX, e.clientY);
          const box = slot && slot.closest('.hexslot');
          if (box) drop(name, box.dataset.slot);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }
      function drop(name, slot) {
        if (slot === 'old') { me.old = byName(name); me.oldRot = 0; me.tokens = {}; me.answer = null; drawOld(); setTarget('new'); }
        else { me.now = byName(name); me.newRot = 0; }
        ask();
      }

      /* ---- tokens: dragged into cities, or picked (Enter) and dropped (Enter) ---- */
      function drawChips() {
        chips.replaceChildren(...names().map((n) => {
          const placed = Object.values(me.tokens).some((l) => l.includes(n));
          const x = el('button', { type: 'button', class: 'chip', 'data-token': n, text: n, 'aria-pressed': String(me.holding === n),
            'aria-label': `token ${n}${placed ? ', on the tile' : ''}: drag it into a city, or press Enter and then Enter on a city` });
          x.style.borderColor = colourOf(n);
          x.style.boxShadow = `inset 0.45rem 0 0 ${colourOf(n)}`;
          if (placed) x.classList.add('placed');
          x.addEventListener('click', () => { if (x.dataset.dragged) return; me.holding = me.holding === n ? null : n; drawChips(); if (me.holding) { const c = oldBox.querySelector('.city'); if (c) c.focus(); } });
          x.addEventListener('pointerdown', (ev) => dragToken(ev, n, x));
          return x;
        }));
      }
      function dragToken(ev, name, from) {
        let ghost = null;
        const x0 = ev.clientX, y0 = ev.clientY;
        const move = (e) => {
          if (!ghost && Math.hypot(e.clientX - x0, e.clientY - y0) < 6) return;
          if (!ghost) { ghost = el('span', { class: 'chip ghost', text: name }); ghost.style.borderColor = colourOf(name); document.body.append(ghost); from.dataset.dragged = 'true'; }
          ghost.style.left = `${e.clientX - 20}px`;
          ghost.style.top = `${e.clientY - 14}px`;
        };
        const up = (e) => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
          if (!ghost) return;
          ghost.remove();
          const hit = document.elementFromPoint(e.clientX, e.clientY);
          const city = hit && hit.closest('#tokens-old .city');
          if (city) place(name, Number(city.dataset.city));
          setTimeout(() => { delete from.dataset.dragged; }, 0);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      }
      function place(name, city) {
        if (!me.old) return;
        for (const k of Object.keys(me.tokens)) me.tokens[k] = me.tokens[k].filter((n) => n !== name);
        const slots = me.old.parsed.nodes[me.old.parsed.cities[city]].slots;
        const here = me.tokens[city] || [];
        if (here.length >= slots) { ctx.setStatus(status, 'warn', `That city has ${slots} slot${slots > 1 ? 's' : ''}, all taken.`); return; }
        me.tokens[city] = [...here, name];
        me.holding = null;
        drawOld();
        ask();
      }
      function unplace(name) {
        for (const k of Object.keys(me.tokens)) me.tokens[k] = me.tokens[k].filter((n) => n !== name);
        drawOld();
        ask();
      }

      /* ---- the two hexes ---- */
      function drawOld() {
        drawChips();
        if (!me.old) { oldBox.replaceChildren(el('figcaption', { text: 'On the map: pick a tile' })); return; }
        const g = drawTile(me.old, me.oldRot, me.tokens, colourOf, (ci) => ({ tabindex: '0', role: 'button', 'aria-label': `city ${ci} of ${me.old.tile}: ${(me.tokens[ci] || []).join(', ') || 'no token'}` }));
        const pic = hexSvg(g, 220, `the tile on the map: ${me.old.tile}, turned ${me.oldRot}`);
        for (const city of pic.querySelectorAll('.city')) {
          const ci = Number(city.dataset.city);
          city.addEventListener('keydown', (ev) => { if ((ev.key === 'Enter' || ev.key === ' ') && me.holding) { ev.preventDefault(); place(me.holding, ci); } });
          city.addEventListener('click', (ev) => {
            const tok = ev.target.closest('[data-token]');
            if (me.holding) place(me.holding, ci); else if (tok) unplace(tok.dataset.token);
          });
        }
        oldBox.replaceChildren(pic, el('figcaption', { text: `On the map: ${me.old.tile} (${me.old.color}), turned ${me.oldRot}` }));
      }
      function placedOn(rot) {
        const row = me.answer && me.answer.rotations && me.answer.rotations.find((x) => x.rotation === rot);
        if (!row || !row.feasible || !row.placements || !row.placements.length) return null;
        const out = {};
        for (const [n, c] of Object.entries(row.placements[0])) (out[c] = out[c] || []).push(n);
        return out;
      }
      function drawNew() {
        if (!me.now) { newBox.replaceChildren(el('figcaption', { text: 'Upgrade to: pick a tile' })); rotations.replaceChildren(); return; }
        const row = me.answer && me.answer.rotations ? me.answer.rotations.find((x) => x.rotation === me.newRot) : null;
        const legal = row ? row.feasible : null;
        const pic = hexSvg(drawTile(me.now, me.newRot, placedOn(me.newRot), colourOf), 220, `the new tile ${me.now.tile}, turned ${me.newRot}`);
        newBox.dataset.legal = legal === null ? '' : String(legal);
        newBox.replaceChildren(pic, el('figcaption', {
          text: `${me.now.tile}, turned ${me.newRot}: ${legal === null ? '…' : legal ? `✔ legal${row.placements && row.placements[0] && Object.keys(row.placements[0]).length ? ` (${Object.entries(row.placements[0]).map(([n, c]) => `${n} → city ${c}`).join(', ')})` : ''}` : `✖ not legal: ${row.why || 'no placement keeps the tokens connected'}`}`,
        }));
        rotations.replaceChildren(...Array.from({ length: 6 }, (_, k) => {
          const r = me.answer && me.answer.rotations ? me.answer.rotations.find((x) => x.rotation === k) : null;
          const ok = r ? r.feasible : null;
          const x = el('button', { type: 'button', class: `rot${ok === true ? ' legal' : ok === false ? ' illegal' : ''}`, 'data-rotation': String(k), 'aria-pressed': String(k === me.newRot),
            'aria-label': `rotation ${k}: ${ok === null ? 'not asked' : ok ? 'legal' : 'not legal'}`, onclick: () => { me.newRot = k; drawNew(); } });
          x.append(hexSvg(drawTile(me.now, k, placedOn(k), colourOf), 64, `rotation ${k}`), el('span', { text: `${k} ${ok === null ? '' : ok ? '✔ legal' : '✖ no'}` }));
          return x;
        }));
      }
      function turnOld(d) { if (me.old) { me.oldRot = (me.oldRot + d) % 6; drawOld(); ask(); } }
      function turnNew(d) { if (me.now) { me.newRot = (me.newRot + d) % 6; drawNew(); } }

      const tokensArg = () => Object.entries(me.tokens).flatMap(([c, l]) => l.map((n) => `${c}:${n}`)).join(',');
      /* the C verb: which rotations of the new tile keep every token connected */
      let seq = 0;
      async function ask() {
        drawOld();
        me.answer = null;
        drawNew();
        if (!me.old || !me.now) return;
        const mine = ++seq;
        const o = { from: `${game.value}:${me.old.tile}@${me.oldRot}`, to: `${game.value}:${me.now.tile}` };
        if (tokensArg()) o.tokens = tokensArg();
        const r = await ctx.work(status, 'Which rotations keep every token connected?', { verb: 'upgrade', options: o });
        if (mine !== seq || r.stopped || r.error) return;
        me.answer = r.answers[0];
        const legal = me.answer.feasible_rotations || [];
        status.dataset.legal = legal.join(',');
        ctx.setStatus(status, legal.length ? 'ok' : 'bad', legal.length ? `${me.now.tile} may be laid on ${me.old.tile} turned ${legal.join(', ')} (of 0-5); the rotations below show where the tokens go.` : `No rotation of ${me.now.tile} keeps every token connected.`);
        if (legal.length && !legal.includes(me.newRot)) me.newRot = legal[0];
        drawNew();
      }
      async function candidates() {
        if (!me.old) { ctx.setStatus(status, 'warn', 'Pick the tile on the map first.'); return; }
        const o = { from: `${game.value}:${me.old.tile}@${me.oldRot}` };
        if (tokensArg()) o.tokens = tokensArg();
        const r = await ctx.work(status, 'Which tiles may replace it?', { verb: 'upgrade', options: o });
        if (r.stopped || r.error) return;
        for (const x of tray.querySelectorAll('.tile-pick')) { x.classList.remove('candidate'); delete x.dataset.rotations; }
        const ok = r.answers.filter((a) => (a.feasible_rotations || []).length);
        for (const a of r.answers) {
          const x = tray.querySelector(`[data-tile="${CSS.escape(a.tile)}"]`);
          if (x && a.feasible_rotations && a.feasible_rotations.length) { x.classList.add('candidate'); x.dataset.rotations = a.feasible_rotations.join(','); }
        }
        ctx.setStatus(status, ok.length ? 'ok' : 'bad', ok.length ? `May replace it: ${ok.map((a) => `${a.tile} (turned ${a.feasible_rotations.join(', ')})`).join('; ')}. They are framed in the tray.` : `No tile of the next colour may replace ${me.old.tile} with these tokens (of ${r.answers.length} asked).`);
        setTarget('new');
      }

      companies.addEventListener('input', () => { drawChips(); });
      game.addEventListener('change', () => loadGame());
      /* the seed's Montreal question to start with: L12 with LPS and QLS, to X2 */
      loadGame(() => { me.old = byName('L12'); me.tokens = { 0: ['LPS'], 1: ['QLS'] }; me.now = byName('X2'); setTarget('new'); ask(); });
    },
  };
})();
