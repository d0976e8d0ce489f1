/* Flow Free and Numberlink on the board: play (drag a path out of an endpoint, back over it to
 * take it back, through another colour's path to cut it, with Shift+arrows from the cursor),
 * and set (endpoints, walls, bridges, holes) with the setter's assistant. The page writes
 * boards in two formats only, those the setter needs: letter rows (flow_solver) and the
 * samgoldman drawing (walls, bridges, holes); it reads only what `flow draw` gives back for
 * any puzzle opened (letters, or that drawing).
 * The C verbs judge (`check`), hint, find mistakes and tell a setter whether the board is
 * unique (`unique`, `setter`). */
'use strict';

(function () {
  const { svg, board, gridLines, input, History, historyKeys, cellName, shade, S } = window.gameoptGrid;
  const extras = (window.gameoptExtras = window.gameoptExtras || {});
  /* Okabe-Ito first, then more; every path also carries its letter */
  const COLOURS = ['#D55E00', '#0072B2', '#009E73', '#E69F00', '#CC79A7', '#56B4E9', '#F0E442', '#000000',
    '#882255', '#44AA99', '#999933', '#AA4499', '#6699CC', '#DDCC77', '#117733', '#332288'];
  const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

  /* ---- boards: letters (flow_solver) and samgoldman drawings ---- */
  function blankBoard(R, C) {
    return { R, C, end: new Array(R * C).fill(''), hole: new Uint8Array(R * C), bridge: new Uint8Array(R * C),
      wH: new Uint8Array(R * C), wV: new Uint8Array(R * C) };
  }
  function readBoard(text) {
    const lines = text.replace(/\r/g, '').split('\n');
    while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
    const head = (lines[0] || '').trim();
    if (/^(HEX|WARPS)$/.test(head)) return { error: `a ${head.toLowerCase()} board cannot be played here (yet): solve it below` };
    if (/^(STANDARD|BRIDGES)$/.test(head)) {
      const rows = lines.slice(1);
      const R = Math.ceil(rows.length / 2), C = Math.ceil(Math.max(...rows.map((l) => l.length)) / 2);
      const b = blankBoard(R, C);
      const ch = (i, j) => (rows[i] || '')[j] || ' ';
      for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
        const x = ch(2 * r, 2 * c), k = r * C + c;
        if (x === ' ') b.hole[k] = 1;
        else if (x === '*') b.bridge[k] = 1;
        else if (x !== '.') b.end[k] = x;
        if (c + 1 < C) b.wH[k] = ch(2 * r, 2 * c + 1) === '-' ? 0 : 1;
        if (r + 1 < R) b.wV[k] = ch(2 * r + 1, 2 * c) === '|' ? 0 : 1;
      }
      b.kind = 'samgoldman';
      return b;
    }
    const rows = [];
    for (const l of lines) { if (!l.trim()) { if (rows.length) break; continue; } rows.push(l.replace(/\s+$/, '')); }
    if (!rows.length) return { error: 'the board is empty' };
    const R = rows.length, C = Math.max(...rows.map((l) => l.length));
    const b = blankBoard(R, C);
    rows.forEach((l, r) => [...l].forEach((x, c) => { if (/[A-Za-z0-9]/.test(x)) b.end[r * C + c] = x; }));
    b.kind = 'letters';
    return b;
  }
  const plain = (b) => !b.hole.some((x) => x) && !b.bridge.some((x) => x) && !wallsAny(b);
  function wallsAny(b) {
    for (let k = 0; k < b.R * b.C; k++) if ((k % b.C < b.C - 1 && b.wH[k]) || (k < (b.R - 1) * b.C && b.wV[k])) return true;
    return false;
  }
  /* The board as text; fill(k) gives a cell's letter for an answer (null: the puzzle). */
  function writeBoard(b, fill) {
    const { R, C } = b;
    const at = (k) => (b.end[k] || (fill ? fill(k) : '.'));
    if (plain(b)) {
      const rows = [];
      for (let r = 0; r < R; r++) rows.push(Array.from({ length: C }, (_, c) => at(r * C + c)).join(''));
      return rows.join('\n') + '\n';
    }
    const out = [b.bridge.some((x) => x) ? 'BRIDGES' : 'STANDARD'];
    for (let r = 0; r < R; r++) {
      let line = '', below = '';
      for (let c = 0; c < C; c++) {
        const k = r * C + c;
        line += b.hole[k] ? ' ' : b.bridge[k] ? '*' : at(k);
        if (c + 1 < C) line += !b.hole[k] && !b.hole[k + 1] && !b.wH[k] ? '-' : ' ';
        if (r + 1 < R) below += (!b.hole[k] && !b.hole[k + C] && !b.wV[k] ? '|' : ' ') + (c + 1 < C ? ' ' : '');
      }
      out.push(line.replace(/\s+$/, ''));
      if (r + 1 < R) out.push(below.replace(/\s+$/, ''));
    }
    return out.join('\n') + '\n';
  }

  /* Export: the puzzle through `flow convert --to`, which refuses (with its reason) what a
   * format cannot hold; the player's progress, in the letter formats, as the page writes it. */
  async function exportThrough(ctx, to, withProgress, node) {
    const me = ctx.flow;
    if (withProgress && (to === 'flow_solver' || to === 'samgoldman')) {
      const b = me.b;
      if (to === 'flow_solver' && !plain(b)) return { error: 'Letter rows cannot hold walls, bridges or holes: export it as a samgoldman drawing.' };
      if (to === 'samgoldman' && plain(b)) {
        /* the filled rows as one wall-less drawing */
        const rows = me.answer('.').trimEnd().split('\n').map((l) => [...l].join('-'));
        const out = ['STANDARD'];
        rows.forEach((l, i) => { out.push(l); if (i + 1 < rows.length) out.push(Array(b.C).fill('|').join(' ')); });
        return { text: out.join('\n') + '\n' };
      }
      return { text: me.answer('.') };
    }
    const r = await ctx.work(node, 'Converting…', { verb: 'convert', input: me.puzzle(), options: { to } });
    if (r.stopped) return null;
    if (r.error) return { error: gameopt.errorText(r) };
    return { text: r.answers.map((a) => a.text).join('\n'), note: withProgress ? `A ${to} file holds the puzzle alone.` : '' };
  }

  extras.flow = {
    /* every format `flow convert --to` writes (the page's own progress only in the letter
     * formats it writes itself) */
    exportFormats: [
      { to: 'flow_solver', label: 'letter rows (flow_solver)', progress: true },
      { to: 'samgoldman', label: 'samgoldman drawing', progress: true },
      { to: 'thomasahle', label: 'thomasahle (W H, then rows)' },
      { to: 'json', label: 'JSON level (colour grid)' },
      { to: 'houston', label: 'houston (endpoint pairs)' },
      { to: 'intgrid', label: 'integer grid (Numberlink)' },
      { to: 'adc', label: 'ADC contest file' },
      { to: 'puzzlink', label: 'puzz.link link (Numberlink: cells may stay empty)' },
      { to: 'pzprv3', label: 'puzz.link file (pzprv3, Numberlink)' },
    ],

    build(ctx) {
      const { el } = ctx;
      const me = (ctx.flow = { b: null, paths: {}, mode: 'play', tool: 'end', solved: false });
      const history = new History((key, value) => apply(key, value), (how, action) => changed(how, action));
      me.history = history;
      const status = ctx.playStatus, assist = ctx.assistBox;
      const button = (id, text, title, on, cls) => el('button', { type: 'button', id: `flow-${id}`, text, title, class: cls, onclick: on });
      const undoRedo = (s) => [button(`undo${s}`, '↶ Undo', 'Undo (Ctrl+Z)', () => history.undo(), 'undo'),
        button(`redo${s}`, '↷ Redo', 'Redo (Ctrl+Y)', () => history.redo(), 'redo')];
      ctx.playTools.append(el('div', { class: 'group' }, ...undoRedo('')),
        el('div', { class: 'group' }, button('check-paths', '✔ Check', 'Check the paths against the rules (flow check)', () => checkPaths(true)),
          button('hint', 'Hint', 'The next deduction, with its rule (flow hint)', () => askHint()),
          button('mistakes', '⚠ Mistakes?', 'Can your paths still be completed? (flow mistakes)', () => askMistakes())),
        el('div', { class: 'group' }, button('clear', 'Clear', 'Remove every path', () => setPaths({}))));

      const tools = { end: 'Endpoints', wall: 'Walls', bridge: 'Bridges', hole: 'Holes' };
      const toolButtons = Object.entries(tools).map(([k, t]) => el('button', { type: 'button', id: `flow-tool-${k}`, 'aria-pressed': String(k === 'end'), text: t,
        onclick: () => { me.tool = k; for (const x of toolButtons) x.setAttribute('aria-pressed', String(x.id === `flow-tool-${k}`)); } }));
      const next = el('span', { id: 'flow-next-end', class: 'next-end' });
      const rowsIn = el('input', { type: 'number', id: 'flow-new-rows', min: '2', max: '30', value: '5', 'aria-label': 'rows' });
      const colsIn = el('input', { type: 'number', id: 'flow-new-cols', min: '2', max: '30', value: '5', 'aria-label': 'columns' });
      ctx.editTools.append(el('div', { class: 'group', role: 'group', 'aria-label': 'editing tool' }, ...toolButtons),
        el('div', { class: 'group' }, ...undoRedo('-edit')), next,
        el('div', { class: 'group' }, rowsIn, el('span', { text: '×' }), colsIn,
          button('blank', 'New blank board', 'Start a new board of this size', () => {
            const R = Math.max(2, Math.min(30, Number(rowsIn.value) || 5)), C = Math.max(2, Math.min(30, Number(colsIn.value) || 5));
            setBoard(Object.assign(blankBoard(R, C), { kind: 'letters' }));
            edited();
          })));

      /* ---- drawing ---- */
      /* each of the board's colours its own: a letter that names a colour (Flow Free's R, G, B,
       * Y, O, C, M, P) gets that colour, the others the rest in the order of LABELS */
      const colourOf = (label) => me.colourMap[label] || COLOURS[0];
      function assignColours() {
        const named = { R: '#D55E00', G: '#009E73', B: '#0072B2', Y: '#F0E442', O: '#E69F00', C: '#56B4E9', M: '#CC79A7', P: '#882255' };
        me.colourMap = {};
        const used = new Set();
        for (const l of me.labels) if (named[l]) { me.colourMap[l] = named[l]; used.add(named[l]); }
        const rest = COLOURS.filter((c) => !used.has(c));
        let i = 0;
        for (const l of me.labels) if (!me.colourMap[l]) me.colourMap[l] = rest[i++ % rest.length];
      }
      function draw() {
        const b = me.b, { R, C } = b;
        me.labels = [...new Set(b.end.filter(Boolean))].sort((x, y) => LABELS.indexOf(x) - LABELS.indexOf(y));
        assignColours();
        const bd = board(R, C, `Flow board, ${R} rows by ${C} columns. Drag from an endpoint; arrows move, Shift+arrow extends the path from the cursor; Ctrl+Z undoes.`, me.bd);
        me.bd = bd;
        me.cellEl = [];
        me.tagEl = [];
        for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
          const k = r * C + c;
          me.cellEl[k] = svg('rect', { x: c * S, y: r * S, width: S, height: S, class: b.hole[k] ? 'cell hole' : 'cell' });
          bd.g.cells.append(me.cellEl[k]);
          me.tagEl[k] = svg('text', { x: c * S + S - 4, y: r * S + S - 4, class: 'tag', 'text-anchor': 'end' });
          bd.g.text.append(me.tagEl[k]);
        }
        gridLines(bd);
        const d = [];
        for (let k = 0; k < R * C; k++) {
          const r = Math.floor(k / C), c = k % C;
          if (c + 1 < C && b.wH[k] && !b.hole[k] && !b.hole[k + 1]) d.push(`M${(c + 1) * S} ${r * S}v${S}`);
          if (r + 1 < R && b.wV[k] && !b.hole[k] && !b.hole[k + C]) d.push(`M${c * S} ${(r + 1) * S}h${S}`);
          if (b.bridge[k]) bd.g.marks.append(svg('path', { class: 'bridge', d: `M${c * S + 6} ${r * S + 6}h${S - 12}v${S - 12}h${-(S - 12)}z` }));
        }
        bd.g.walls.append(svg('path', { class: 'wall', d: d.join('') }), svg('rect', { class: 'frame', x: 0, y: 0, width: C * S, height: R * S }));
        me.pathG = svg('g', { class: 'paths' });
        bd.g.lines.append(me.pathG);
        for (let k = 0; k < R * C; k++) if (b.end[k]) {
          const r = Math.floor(k / C), c = k % C, col = colourOf(b.end[k]);
          bd.g.text.append(svg('circle', { cx: (c + 0.5) * S, cy: (r + 0.5) * S, r: S * 0.36, fill: col, class: 'end' }),
            svg('text', { x: (c + 0.5) * S, y: (r + 0.5) * S + 5, 'text-anchor': 'middle', class: `end-label${dark(col) ? ' on-dark' : ''}` }, b.end[k]));
        }
        me.banner = svg('text', { class: 'banner', x: (C * S) / 2, y: (R * S) / 2, 'text-anchor': 'middle' }, 'Solved!');
        bd.g.over.append(me.banner);
        if (!bd.reused) { input(bd, handlers); ctx.boardBox.replaceChildren(bd.svg); }
        paint();
      }
      const dark = (col) => ['#0072B2', '#000000', '#882255', '#332288', '#117733', '#AA4499', '#D55E00', '#009E73'].includes(col);
      /* paths as polylines, cells tinted and tagged with their path's letter; only what a
       * move changed is touched */
      function paint() {
        const { C } = me.b;
        const at = (k) => `${(k % C + 0.5) * S},${(Math.floor(k / C) + 0.5) * S}`;
        /* a path is a row of links (one line each, round caps): a move adds or removes one */
        me.lineEl = me.lineEl && me.lineEl.g === me.pathG ? me.lineEl : { g: me.pathG, m: new Map() };
        for (const label of new Set([...me.lineEl.m.keys(), ...Object.keys(me.paths)])) {
          const p = me.paths[label] || [];
          const segs = me.lineEl.m.get(label) || [];
          me.lineEl.m.set(label, segs);
          for (let i = 1; i < p.length; i++) {
            const key = `${p[i - 1]}-${p[i]}`;
            if (segs[i - 1] && segs[i - 1].dataset.link === key) continue;
            const [x1, y1] = at(p[i - 1]).split(','), [x2, y2] = at(p[i]).split(',');
            const x = svg('line', { x1, y1, x2, y2, stroke: colourOf(label), 'data-label': label, 'data-link': key, class: 'path' });
            if (segs[i - 1]) segs[i - 1].replaceWith(x); else me.pathG.append(x);
            segs[i - 1] = x;
          }
          for (const x of segs.splice(Math.max(0, p.length - 1))) x.remove();
        }
        const owner = owners();
        if (!me.shown || me.shown.length !== owner.length || me.shownG !== me.pathG) { me.shown = new Array(owner.length).fill(null); me.shownG = me.pathG; }
        owner.forEach((o, k) => {
          if (me.shown[k] === o) return;
          me.shown[k] = o;
          me.cellEl[k].style.fill = o && !me.b.end[k] ? tint(colourOf(o)) : '';
          me.tagEl[k].textContent = o && !me.b.end[k] && !me.b.bridge[k] ? o : '';
        });
      }
      const tint = (hex) => `rgba(${parseInt(hex.slice(1, 3), 16)},${parseInt(hex.slice(3, 5), 16)},${parseInt(hex.slice(5, 7), 16)},0.22)`;
      /* each cell's path (a bridge: the first path through it) */
      function owners() {
        const o = new Array(me.b.R * me.b.C).fill('');
        for (const [label, p] of Object.entries(me.paths)) for (const k of p) if (!o[k]) o[k] = label;
        return o;
      }

      /* ---- changes ---- */
      function apply(key, value) {
        if (key === 'P') { me.paths = JSON.parse(value); paint(); return; }
        me.b = JSON.parse(value, (k, v) => (v && v.t === 'u8' ? Uint8Array.from(v.a) : v));
        me.paths = {};
        draw();
      }
      const boardJSON = (b) => JSON.stringify(b, (k, v) => (v instanceof Uint8Array ? { t: 'u8', a: Array.from(v) } : v));
      function setPaths(paths) { history.set('P', JSON.stringify(me.paths), JSON.stringify(paths)); }
      function editBoard(f) {
        const before = boardJSON(me.b);
        const b = JSON.parse(before, (k, v) => (v && v.t === 'u8' ? Uint8Array.from(v.a) : v));
        f(b);
        history.begin();
        if (Object.keys(me.paths).length) history.set('P', JSON.stringify(me.paths), '{}');
        history.set('B', before, boardJSON(b));
        history.commit();
      }
      function changed(how, action) {
        for (const x of ctx.panel.querySelectorAll('.undo')) x.disabled = !history.done.length;
        for (const x of ctx.panel.querySelectorAll('.redo')) x.disabled = !history.undone.length;
        if (action.some(([k]) => k === 'B')) edited(); else played();
      }

      /* ---- play: paths out of endpoints ---- */
      const neighbours = (a, z) => {
        const { C } = me.b, ka = a.r * C + a.c, kz = z.r * C + z.c;
        if (me.b.hole[kz] || me.b.hole[ka]) return false;
        if (a.r === z.r) return !me.b.wH[Math.min(ka, kz)];
        return !me.b.wV[Math.min(ka, kz)];
      };
      const complete = (label, p) => p.length > 1 && me.b.end[p[p.length - 1]] === label;
      let active = null; /* the colour being drawn */
      /* starts a stroke at cell k: from an endpoint afresh, from a path's cell onwards */
      function grab(k) {
        const b = me.b;
        active = null;
        if (b.end[k]) {
          active = b.end[k];
          const p = me.paths[active];
          if (!(p && p[p.length - 1] === k && !complete(active, p))) setPaths({ ...me.paths, [active]: [k] });
          return;
        }
        for (const [label, p] of Object.entries(me.paths)) {
          const i = p.indexOf(k);
          if (i >= 0 && !b.bridge[k]) { active = label; setPaths({ ...me.paths, [label]: p.slice(0, i + 1) }); return; }
        }
      }
      function extend(a, z) {
        if (!active) return;
        const b = me.b, { C } = b, kz = z.r * C + z.c;
        const p = me.paths[active] || [];
        const head = p[p.length - 1];
        if (head !== a.r * C + a.c) return;
        if (p.length > 1 && p[p.length - 2] === kz) { setPaths({ ...me.paths, [active]: p.slice(0, -1) }); return; }
        if (!neighbours(a, z) || complete(active, p)) return;
        if (b.end[kz] && b.end[kz] !== active) return;
        if (b.end[kz] === active && kz === p[0]) return;
        /* through a bridge only straight on */
        if (b.bridge[head] && p.length > 1) {
          const prev = p[p.length - 2];
          if (kz - head !== head - prev) return;
        }
        const paths = { ...me.paths };
        const i = p.indexOf(kz);
        if (i >= 0 && !b.bridge[kz]) { paths[active] = p.slice(0, i + 1); setPaths(paths); return; }
        const across = (q, k) => { const j = q.indexOf(k); return j > 0 ? Math.abs(q[j] - q[j - 1]) === 1 : j >= 0 && q.length > 1 && Math.abs(q[1] - q[0]) === 1; };
        for (const [label, q] of Object.entries(paths)) {
          if (label === active) continue;
          const j = q.indexOf(kz);
          if (j < 0) continue;
          /* a bridge holds two paths, one each way */
          if (b.bridge[kz] && across(q, kz) !== (Math.abs(kz - head) === 1)) continue;
          paths[label] = q.slice(0, j);
        }
        paths[active] = [...p, kz];
        setPaths(paths);
      }
      const handlers = {
        corners: () => me.mode === 'edit' && me.tool === 'wall',
        down(at) {
          history.begin();
          wallMode = null;
          if (me.mode === 'play' && !at.key) grab(at.r * me.b.C + at.c);
        },
        step(a, z) { if (me.mode === 'edit') { if (me.tool === 'wall') wall(a, z); } else extend(a, z); },
        up(tapped, at) {
          if (tapped && at.inside && !at.corner) { me.bd.setCursor(at.r, at.c); if (me.mode === 'edit') editTap(at.r * me.b.C + at.c); }
          history.commit();
          if (me.mode === 'play') active = null;
        },
        /* Shift+arrow: the path at the cursor goes one step (play); a wall on that side (edit) */
        keyStep(a, z) {
          if (me.mode === 'edit') { wallBetween(a, z); return; }
          const k = a.r * me.b.C + a.c;
          const held = me.b.end[k] || Object.keys(me.paths).find((l) => me.paths[l][me.paths[l].length - 1] === k);
          if (!held) { ctx.setStatus(status, 'warn', 'Put the cursor on an endpoint or on the end of a path first.'); return; }
          history.begin();
          if (me.b.end[k] && !(me.paths[held] || []).length) setPaths({ ...me.paths, [held]: [k] });
          else if (me.b.end[k] && me.paths[held][me.paths[held].length - 1] !== k) setPaths({ ...me.paths, [held]: [k] });
          active = held;
          extend(a, z);
          active = null;
          history.commit();
        },
        key(ev, cur) {
          if (historyKeys(ev, history)) return;
          if (me.mode !== 'edit') return;
          const k = cur.r * me.b.C + cur.c;
          if (ev.key.length === 1 && LABELS.includes(ev.key)) { ev.preventDefault(); editBoard((b) => { b.end[k] = b.end[k] === ev.key ? '' : ev.key; b.bridge[k] = 0; b.hole[k] = 0; }); }
          else if (ev.key === 'Backspace' || ev.key === 'Delete') editBoard((b) => { b.end[k] = ''; b.bridge[k] = 0; b.hole[k] = 0; });
          else if (ev.key === '*') editBoard((b) => { b.bridge[k] = b.bridge[k] ? 0 : 1; b.end[k] = ''; });
          else if (ev.key === '#') editBoard((b) => { b.hole[k] = b.hole[k] ? 0 : 1; b.end[k] = ''; });
        },
        moved(cur) {
          const k = cur.r * me.b.C + cur.c, o = owners()[k];
          ctx.announce(`${cellName(cur.r, cur.c)}: ${me.b.hole[k] ? 'a hole' : me.b.end[k] ? `endpoint ${me.b.end[k]}` : o ? `path ${o}` : 'empty'}${me.b.bridge[k] ? ', a bridge' : ''}`);
        },
      };

      /* ---- edit ---- */
      let wallMode = null;
      function wall(a, z) {
        const { R, C } = me.b;
        let k = -1, h = false;
        if (a.r === z.r && a.r > 0 && a.r < R) { k = (a.r - 1) * C + Math.min(a.c, z.c); h = false; }
        if (a.c === z.c && a.c > 0 && a.c < C) { k = Math.min(a.r, z.r) * C + a.c - 1; h = true; }
        if (k < 0) return;
        const arr = h ? 'wH' : 'wV';
        if (wallMode === null) wallMode = me.b[arr][k] ? 0 : 1;
        if (me.b[arr][k] !== wallMode) editBoard((b) => { b[arr][k] = wallMode; });
      }
      function wallBetween(a, z) {
        const { C } = me.b, ka = a.r * C + a.c, kz = z.r * C + z.c;
        const arr = a.r === z.r ? 'wH' : 'wV';
        editBoard((b) => { b[arr][Math.min(ka, kz)] ^= 1; });
      }
      function nextLabel() {
        const n = {};
        for (const x of me.b.end) if (x) n[x] = (n[x] || 0) + 1;
        return [...LABELS].find((l) => n[l] === 1) || [...LABELS].find((l) => !n[l]);
      }
      function editTap(k) {
        if (me.tool === 'end') editBoard((b) => { b.end[k] = b.end[k] ? '' : nextLabel(); b.hole[k] = 0; b.bridge[k] = 0; });
        else if (me.tool === 'bridge') editBoard((b) => { b.bridge[k] ^= 1; b.end[k] = ''; b.hole[k] = 0; });
        else if (me.tool === 'hole') editBoard((b) => { b.hole[k] ^= 1; b.end[k] = ''; b.bridge[k] = 0; });
      }

      /* ---- the position for the verbs ---- */
      me.puzzle = () => writeBoard(me.b, null);
      /* the answer so far: path letters, '?' where nothing is drawn (unknown) */
      me.answer = (unknown) => { const o = owners(); return writeBoard(me.b, (k) => o[k] || unknown); };
      const withAnswer = (verb, unknown) => ({ verb, input: me.puzzle(), inputs: [{ name: 'answer', text: me.answer(unknown) }], args: ['answer'] });

      function setSolved(on) {
        me.solved = on;
        ctx.boardBox.classList.toggle('solved', on);
        ctx.panel.dataset.solved = String(on);
      }
      let checkTimer = 0, checkSeq = 0;
      function played() {
        checkSeq++; /* a check still on its way judges paths that are gone */
        clearFlags();
        setSolved(false);
        ctx.progressChanged();
        const labels = [...new Set(me.b.end.filter(Boolean))];
        const done = labels.filter((l) => me.paths[l] && complete(l, me.paths[l])).length;
        const empty = owners().filter((o, k) => !o && !me.b.hole[k]).length;
        clearTimeout(checkTimer);
        if (done === labels.length && labels.length) checkTimer = setTimeout(() => checkPaths(false), 60);
        else ctx.setStatus(status, '', `${done} of ${labels.length} colours joined; ${empty} cells empty.`);
      }
      async function checkPaths(asked) {
        const seq = checkSeq;
        const r = await ctx.work(status, 'Checking…', withAnswer('check', '.'));
        if (r.stopped || seq !== checkSeq) return;
        if (r.error) { ctx.setStatus(status, 'bad', gameopt.errorText(r)); return; }
        const a = r.answers[0] || {};
        setSolved(!!a.ok);
        if (a.ok) ctx.setStatus(status, 'ok', 'Solved! The rule checker (flow check) accepts your paths.');
        else ctx.setStatus(status, asked ? 'bad' : 'warn', `${asked ? 'Not solved' : 'Every colour is joined, but not yet'}: ${a.why || a.reason || 'the checker refuses it'}.`);
        status.dataset.check = a.ok ? 'ok' : 'wrong';
      }
      function clearFlags() { for (const x of ctx.boardBox.querySelectorAll('.flag, .differ, .open')) x.remove(); delete status.dataset.hint; }
      function flag(cells, cls) {
        for (const [x, y] of cells) me.bd.g.over.append(svg('rect', { class: `flag ${cls}`, x: x * S + 2, y: y * S + 2, width: S - 4, height: S - 4, rx: 8 }));
      }
      async function askHint() {
        clearFlags();
        const r = await ctx.work(status, 'Looking for the next deduction…', withAnswer('hint', '?'));
        if (r.stopped || r.error) return;
        const h = (r.answers[0] || {}).hint, step = ctx.showHint(status, r.answers[0] || { status: r.status });
        if (!h || !h.kind) return;
        if (step) flag(step.cell ? [step.cell] : step.edge, 'hint');
        /* a link that grows a path from its end can be drawn for you */
        if (h.step && h.step.edge && h.step.value) {
          const [[x1, y1], [x2, y2]] = h.step.edge, C = me.b.C;
          const k1 = y1 * C + x1, k2 = y2 * C + x2;
          const grow = Object.keys(me.paths).find((l) => { const p = me.paths[l]; return p[p.length - 1] === k1 || p[p.length - 1] === k2; }) ||
            me.b.end[k1] || me.b.end[k2];
          if (grow) status.append(' ', el('button', { type: 'button', id: 'flow-apply-hint', text: 'Apply it', onclick: () => {
            const p = me.paths[grow] || [];
            const from = p.length && (p[p.length - 1] === k1 || p[p.length - 1] === k2) ? p[p.length - 1] : me.b.end[k1] === grow ? k1 : k2;
            const to = from === k1 ? k2 : k1;
            history.begin();
            if (!p.length || p[p.length - 1] !== from) setPaths({ ...me.paths, [grow]: [from] });
            active = grow;
            extend({ r: Math.floor(from / C), c: from % C }, { r: Math.floor(to / C), c: to % C });
            active = null;
            history.commit();
          } }));
        }
      }
      async function askMistakes() {
        clearFlags();
        const r = await ctx.work(status, 'Looking for mistakes…', withAnswer('mistakes', '?'));
        if (r.stopped || (r.error && r.exit !== 1)) return;
        const a = r.answers[0] || {};
        if (a.completable) { ctx.setStatus(status, 'ok', a.marks ? `No mistake: some solution extends your ${a.marks} filled cells.` : 'Nothing drawn yet.'); status.dataset.mistakes = '0'; return; }
        flag((a.mistakes || []).map((m) => m.cell), 'mistake');
        ctx.setStatus(status, 'bad', `${a.together ? 'These cells cannot all hold together' : 'A mistake'}: ${(a.mistakes || []).map((m) => `${cellName(m.cell[1], m.cell[0])} ${m.mark}`).join('; ')}.`);
        status.dataset.mistakes = String((a.mistakes || []).length);
      }

      /* ---- the setter's assistant ---- */
      let assistTimer = 0, assistSeq = 0;
      function edited() {
        /* the verdict on the board before is void at once: an answer still on its way is
         * dropped, and none is shown until the new board's comes (a slow server, or edits
         * slower than the 300 ms pause, showed the old board's verdict meanwhile) */
        assistSeq++;
        delete assist.dataset.unique;
        ctx.setStatus(assist, '', 'Changed: the assistant looks again when you pause.');
        setSolved(false);
        clearFlags();
        next.textContent = `Next endpoint: ${nextLabel()}`;
        ctx.puzzleEdited(me.puzzle());
        clearTimeout(assistTimer);
        assistTimer = setTimeout(runAssistant, 300);
      }
      async function runAssistant() {
        const seq = ++assistSeq, text = me.puzzle();
        const [u, s] = await Promise.all([
          ctx.work(assist, 'Is it unique?', { verb: 'unique', input: text, options: { 'time-limit': 10 }, picture: 'svg' }),
          ctx.call({ verb: 'setter', input: text, options: { 'time-limit': 10 } })]);
        if (seq !== assistSeq || u.stopped) return;
        for (const x of ctx.boardBox.querySelectorAll('.differ, .open')) x.remove();
        if (u.error) { assist.dataset.unique = 'error'; return; }
        const a = u.answers[0] || {}, st = s.answers[0] || {};
        const conv = a.paths ? ` (${a.paths} paths)` : '';
        if (a.status === 'infeasible') { ctx.setStatus(assist, 'bad', `No solution${conv}.`); assist.dataset.unique = 'none'; }
        else if (a.status !== 'solved') { ctx.setStatus(assist, 'warn', `Unknown (${a.note || a.status}).`); assist.dataset.unique = 'unknown'; }
        else if (a.unique) { ctx.setStatus(assist, 'ok', `Unique${conv}: exactly one solution.`); assist.dataset.unique = 'yes'; }
        else {
          ctx.setStatus(assist, 'warn', `Not unique${conv}: two solutions differ in ${(a.differ || []).length} cells (hatched).`);
          assist.dataset.unique = 'no';
          for (const [x, y] of a.differ || []) me.bd.g.over.append(svg('rect', { class: 'differ', x: x * S, y: y * S, width: S, height: S }));
          ctx.notUnique(assist, text, u, (cells) => shade(me.bd, cells), () => seq !== assistSeq);
        }
        if (!s.error && st.repair && st.repair.puzzle) {
          const words = st.repair.splits.map((q) => `${q.colour} ends at ${cellName(q.end[1], q.end[0])}; a new colour ${q.new_colour} runs from ${cellName(q.new_end[1], q.new_end[0])}`).join('; ');
          assist.append(el('p', { id: 'flow-repair' }, `This split makes it unique (checked): ${words}. `,
            el('button', { type: 'button', id: 'flow-apply-repair', text: 'Apply it', onclick: () => {
              const nb = readBoard(st.repair.puzzle);
              if (!nb.error) editBoard((b) => { b.end = nb.end; });
            } })));
        }
      }

      /* ---- a board arrives ---- */
      function setBoard(b) {
        me.b = b;
        me.paths = {};
        history.clear();
        for (const x of ctx.panel.querySelectorAll('.undo, .redo')) x.disabled = true;
        setSolved(false);
        draw();
        next.textContent = `Next endpoint: ${nextLabel()}`;
      }
      me.setBoard = setBoard;
      me.setMode = (mode) => {
        history.commit();
        me.mode = mode;
        ctx.boardBox.dataset.mode = mode;
        clearFlags();
        if (mode === 'edit') runAssistant(); else played();
      };
      me.readBoard = readBoard;
    },

    /* Every format is read by the C side (flow draw): it writes the board in letters, or as
     * a samgoldman drawing when it has walls, bridges or holes. */
    async load(ctx, text, format, stale) {
      const r = await ctx.call({ verb: 'draw', input: text, options: format ? { format } : {} });
      if (stale()) return { stale: true }; /* a newer text is on its way: the board stays */
      if (r.error) return { error: gameopt.errorText(r) };
      const b = readBoard(r.answers[0].text);
      if (b.error) return { error: `Read, but ${b.error}.` };
      ctx.flow.setBoard(b);
      return { name: `${b.R}×${b.C}${r.answers.length > 1 ? ` (the first of ${r.answers.length} puzzles)` : ''}` };
    },
    /* progress for a link: each path as its first cell and its steps (UDLR) */
    progress(ctx) {
      const me = ctx.flow, C = me.b.C;
      return Object.entries(me.paths).filter(([, p]) => p.length > 1).map(([l, p]) =>
        `${l}${p[0].toString(36)}.${p.slice(1).map((k, i) => ({ [-C]: 'U', [C]: 'D', [-1]: 'L', 1: 'R' }[k - p[i]])).join('')}`).join('_');
    },
    restore(ctx, s) {
      const me = ctx.flow, C = me.b.C, paths = {};
      for (const part of s.split('_')) {
        const m = /^(.)([0-9a-z]+)\.([UDLR]*)$/.exec(part);
        if (!m) continue;
        const p = [parseInt(m[2], 36)];
        for (const d of m[3]) p.push(p[p.length - 1] + { U: -C, D: C, L: -1, R: 1 }[d]);
        paths[m[1]] = p;
      }
      me.history.set('P', JSON.stringify(me.paths), JSON.stringify(paths));
      me.history.clear();
    },
    text(ctx) { return ctx.flow.puzzle(); },
    async exportText(ctx, to, withProgress, node) { return exportThrough(ctx, to, withProgress, node); },
    setMode(ctx, mode) { ctx.flow.setMode(mode); },
    blank(ctx) { ctx.panel.querySelector('#flow-blank').click(); },
  };
})();
