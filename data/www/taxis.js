/* Thurn & Taxis on the page: play a game yourself on the board map, then see the ideal path
 * of the same deck beside yours, and the path the chosen heuristic built on it.
 *
 * The page never holds the deck or the rules: every position comes from the server's
 * `taxis turn` verb (the deck is setting I of the seed, as `taxis play` and `taxis ideal`
 * deal it), which replays the moves so far and refuses a wrong one with its own message.
 * At the end `taxis ideal --heuristic H` (same seed, index, c, dups) gives the ideal path and
 * the heuristic's game on the same deck (the command line's `play` semantics: each plays the
 * deck alone). Paths are told apart by colour (Okabe-Ito), line pattern and legend words,
 * and every node carries its name, so nothing depends on colour alone. */
'use strict';

(function () {
  const extras = (window.gameoptExtras = window.gameoptExtras || {});
  const SVG = 'http://www.w3.org/2000/svg';
  const HEURISTICS = ['pp', 'md', 'mt', 'lcc', 'rs', 'mc'];
  /* Okabe-Ito, each with its own dash pattern and legend word. */
  const STYLES = {
    you: { colour: '#0072B2', dash: '', word: 'solid line' },
    ideal: { colour: '#D55E00', dash: '10 6', word: 'dashed line' },
    heuristic: { colour: '#009E73', dash: '2 5', word: 'dotted line' },
  };

  function svg(tag, attrs, ...children) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
    for (const c of children) e.append(c);
    return e;
  }

  /* The board with its roads and named cities; `paths` are drawn over it, `decorate(g, name)`
   * marks a node's state. */
  function drawMap(map, paths, decorate, title) {
    const xs = map.nodes.map((n) => n.x), ys = map.nodes.map((n) => n.y);
    const pad = 38, x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
    const w = Math.max(...xs) - x0 + pad, h = Math.max(...ys) - y0 + pad;
    const root = svg('svg', { viewBox: `${x0} ${y0} ${w} ${h}`, class: 'taxis-map', role: 'group', 'aria-label': title });
    root.append(svg('title', {}, title));
    const at = Object.fromEntries(map.nodes.map((n) => [n.name, n]));
    for (const [u, v] of map.edges)
      root.append(svg('line', { x1: map.nodes[u].x, y1: map.nodes[u].y, x2: map.nodes[v].x, y2: map.nodes[v].y, class: 'road' }));
    paths.forEach((p, i) => {
      if (p.nodes.length < 2) return;
      const s = STYLES[p.style];
      const off = (i - (paths.length - 1) / 2) * 4; /* side by side when paths share a road */
      root.append(svg('polyline', {
        points: p.nodes.map((n) => `${at[n].x + off},${at[n].y + off}`).join(' '),
        fill: 'none', stroke: s.colour, 'stroke-width': 5, 'stroke-dasharray': s.dash || null,
        'stroke-linecap': 'round', 'stroke-linejoin': 'round', class: `path path-${p.style}`, 'data-length': p.nodes.length,
      }));
    });
    for (const n of map.nodes) {
      const g = svg('g', { class: 'city', 'data-node': n.name, transform: `translate(${n.x},${n.y})` });
      g.append(svg('circle', { r: 9 }), svg('text', { class: 'name', y: -14, 'text-anchor': 'middle' }, n.name));
      if (decorate) decorate(g, n.name);
      root.append(g);
    }
    return root;
  }

  extras.taxis = {
    build(ctx) {
      const { el } = ctx;
      const heuristic = el('select', { id: 'taxis-play-heuristic' }, ...HEURISTICS.map((h) => el('option', { value: h, text: h })));
      const seed = el('input', { type: 'number', id: 'taxis-play-seed', min: '0', step: '1', placeholder: 'random' });
      const cards = el('input', { type: 'number', id: 'taxis-play-c', min: '1', step: '1', value: '6' });
      const dups = el('input', { type: 'number', id: 'taxis-play-dups', min: '1', step: '1', value: '2' });
      const start = el('button', { type: 'button', class: 'primary', id: 'taxis-play-start', text: 'New game' });
      const info = el('div', { class: 'status', id: 'taxis-play-status', role: 'status', 'aria-live': 'polite' });
      const display = el('div', { class: 'palette', id: 'taxis-display', role: 'group', 'aria-label': 'face-up cards' });
      const choice = el('div', { class: 'buttons', id: 'taxis-end-choice', hidden: true });
      const board = el('figure', { class: 'picture', id: 'taxis-board' });
      const compare = el('div', { class: 'compare', id: 'taxis-compare' });
      const section = el('div', { class: 'play', id: 'taxis-play' },
        el('h3', { text: 'Play against a heuristic' }),
        el('p', { class: 'summary', text: 'Take a face-up city to start, then face-up cities next to either end of your path. ' +
          'The heuristic plays the same deck; at the end you see the ideal path (the deck known) beside yours.' }),
        el('div', { class: 'controls' },
          el('div', {}, el('label', { for: heuristic.id, text: 'Heuristic' }), heuristic),
          el('div', {}, el('label', { for: seed.id, text: 'Seed' }), seed),
          el('div', {}, el('label', { for: cards.id, text: 'Face-up cards' }), cards),
          el('div', {}, el('label', { for: dups.id, text: 'Copies (N_D)' }), dups)),
        el('div', { class: 'buttons' }, start),
        info, el('p', { class: 'summary', text: 'Face-up cards (Enter or a click takes one):' }), display, choice, board, compare);
      ctx.own.append(section);

      const game = { map: null, moves: [], pos: null, options: null, busy: false };

      function status(kind, text) { ctx.setStatus(info, kind, text); }

      /* one position from the server's rules: {json} is its answer, or {json: {error}} */
      async function ask(moves) {
        const r = await ctx.call({ verb: 'turn', args: moves, options: { ...game.options, map: !game.map } });
        return { json: r.error ? { error: gameopt.errorText(r) } : r.answers[0] || { error: 'gameopt: no answer' } };
      }

      /* Shows a position: the map with the path and the face-up cities, the display. */
      function show() {
        const p = game.pos;
        const legalEnds = {};
        for (const m of p.legal) (legalEnds[m.node] = legalEnds[m.node] || []).push(m.end);
        const up = new Set(p.display.filter((n) => n));
        const order = Object.fromEntries(p.path.map((n, i) => [n, i + 1]));
        const map = drawMap(game.map, [{ nodes: p.path, style: 'you' }], (g, name) => {
          if (order[name]) {
            g.classList.add('on-path');
            g.append(svg('text', { class: 'order', y: 4, 'text-anchor': 'middle' }, String(order[name])));
          }
          if (up.has(name)) {
            g.classList.add('face-up');
            g.insertBefore(svg('rect', { class: 'card', x: -13, y: -13, width: 26, height: 26, rx: 4 }), g.firstChild);
          }
          if (legalEnds[name]) g.classList.add('legal');
          g.setAttribute('tabindex', '0');
          g.setAttribute('role', 'button');
          const words = [order[name] ? `on your path (${order[name]})` : null, up.has(name) ? 'face up' : 'not face up',
            legalEnds[name] ? `can join at the ${legalEnds[name].join(' or ')}` : null].filter(Boolean);
          g.setAttribute('aria-label', `${name}: ${words.join(', ')}`);
          g.addEventListener('click', () => take(name));
          g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); take(name); } });
        }, `the board: your path ${p.path.join(' - ') || '(empty)'}`);
        board.replaceChildren(map, el('figcaption', { text: 'Square: face up. Number: your path in order. Dashed ring: a legal move.' }));
        display.replaceChildren(...p.display.map((n, k) => {
          const b = el('button', { type: 'button', text: n || '-', 'data-node': n || '', 'aria-label': n ? `take ${n}` : `slot ${k + 1}: empty` });
          if (!n) b.disabled = true;
          else {
            if (legalEnds[n]) b.classList.add('legal');
            b.addEventListener('click', () => take(n));
          }
          return b;
        }));
        info.dataset.length = String(p.length);
        info.dataset.finished = String(p.finished);
        info.dataset.legal = p.legal.map((m) => `${m.node}@${m.end}`).join(' ');
      }

      async function take(name, end) {
        if (!game.pos || game.pos.finished || game.busy) return;
        const ends = game.pos.legal.filter((m) => m.node === name).map((m) => m.end);
        if (!end && ends.length > 1) { /* both ends: the person says which */
          choice.replaceChildren(el('span', { text: `${name} joins both ends: ` }),
            ...ends.map((e) => el('button', { type: 'button', 'data-end': e, text: `at the ${e}`,
              onclick: () => { choice.hidden = true; take(name, e); } })));
          choice.hidden = false;
          choice.querySelector('button').focus();
          return;
        }
        choice.hidden = true;
        const word = end && end !== 'start' ? `${name}@${end}` : name;
        game.busy = true;
        const r = await ask([...game.moves, word]);
        game.busy = false;
        if (r.json.error) { /* the server's rules refused it: the position stays */
          status('bad', r.json.error);
          info.dataset.refused = name;
          return;
        }
        game.moves.push(word);
        game.pos = r.json;
        delete info.dataset.refused;
        show();
        if (game.pos.finished) await finish();
        else status('', `Your path: ${game.pos.length} ${game.pos.length === 1 ? 'city' : 'cities'}. ${game.pos.legal.length} legal moves.`);
      }

      /* The end: the ideal path of this deck and the heuristic's game on it, beside yours. */
      async function finish() {
        const h = heuristic.value;
        const { seed: s, index, c, dups: d } = game.options;
        const reply = await ctx.work(info, `The game has ended with ${game.pos.length} cities; finding the ideal path…`,
          { verb: 'ideal', options: { seed: s, index, c, dups: d, heuristic: h, 'time-limit': 20 } });
        if (reply.stopped) return;
        const r = { json: reply.error ? { error: gameopt.errorText(reply) } : reply.answers[0] || {} };
        if (r.json.error || r.json.status !== 'solved') {
          status('bad', r.json.error || `no ideal path: ${r.json.status}`);
          return;
        }
        const you = game.pos.path, ideal = r.json.path, theirs = r.json.heuristic.path;
        const figure = (style, nodes, caption) => el('figure', { class: 'picture', 'data-path': style, 'data-length': String(nodes.length) },
          drawMap(game.map, [{ nodes, style }], (g, name) => {
            const i = nodes.indexOf(name);
            if (i >= 0) { g.classList.add('on-path', `on-${style}`); g.append(svg('text', { class: 'order', y: 4, 'text-anchor': 'middle' }, String(i + 1))); }
          }, caption), el('figcaption', { text: caption }));
        compare.replaceChildren(
          figure('you', you, `You: ${you.length} cities, ${STYLES.you.word}: ${you.join(' - ')}`),
          figure('ideal', ideal, `Ideal path: ${ideal.length} cities, ${STYLES.ideal.word}: ${ideal.join(' - ')}`),
          figure('heuristic', theirs, `${h}: ${theirs.length} cities, ${STYLES.heuristic.word}: ${theirs.join(' - ')}`));
        status(you.length === ideal.length ? 'ok' : 'warn',
          `Game over. You: ${you.length} · ${h}: ${theirs.length} · ideal: ${ideal.length}` +
          (you.length === ideal.length ? ' (you found an ideal path).' : '.'));
        info.dataset.ideal = String(ideal.length);
        info.dataset.heuristic = String(theirs.length);
      }

      start.addEventListener('click', async () => {
        const s = seed.value === '' ? Math.floor(Math.random() * 1e9) : Number(seed.value);
        game.options = { seed: s, index: 0, c: Number(cards.value || 6), dups: Number(dups.value || 2) };
        game.moves = [];
        compare.replaceChildren();
        choice.hidden = true;
        const r = await ask([]);
        if (r.json.error) { status('bad', r.json.error); return; }
        if (r.json.map) game.map = r.json.map;
        game.pos = r.json;
        show();
        status('', `Seed ${s}: take any face-up city to start (${game.pos.legal.length} to choose from).`);
        info.dataset.seed = String(s);
        const first = board.querySelector('.city.legal');
        if (first) first.focus();
      });
    },
  };
})();
