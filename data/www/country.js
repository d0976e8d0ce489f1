/* Country Road on the board: play (draw the loop by dragging or with Shift+arrows, mark cells
 * used or unused, cross out sides), and set (draw room borders, type numbers) with the
 * setter's assistant beside the board. The page keeps the puzzle as pzprv3 (what puzz.link
 * saves: rooms, numbers, line states, cell marks); the C verbs read every other format
 * (`country convert --to pzprv3`), judge the loop (`check`), hint, find mistakes, and tell a
 * setter whether the puzzle is unique (`unique`, `setter`). Nothing here knows the rules
 * beyond counting a cell's lines to see when a loop may be closed. */
'use strict';

(function () {
  const { svg, board, gridLines, input, History, historyKeys, cellName, shade, S } = window.gameoptGrid;
  const extras = (window.gameoptExtras = window.gameoptExtras || {});

  /* ---- the puzzle as pzprv3 ---- */

  /* Reads the pzprv3 text `country convert --to pzprv3` writes. */
  function readPzprv3(text) {
    const L = text.split('\n').map((l) => l.trim());
    const R = Number(L[2]), C = Number(L[3]);
    const p = { type: L[1], R, C, room: new Int32Array(R * C), num: new Int32Array(R * C).fill(-1) };
    const rows = (at, n) => L.slice(at, at + n).map((l) => l.split(/\s+/).filter(Boolean));
    rows(5, R).forEach((t, r) => t.forEach((x, c) => { p.room[r * C + c] = x === '.' ? -1 : Number(x); }));
    rows(5 + R, R).forEach((t, r) => t.forEach((x, c) => { p.num[r * C + c] = x === '.' ? -1 : x === '-' ? -2 : Number(x); }));
    const nH = R * (C - 1), nV = (R - 1) * C;
    const st = new Int8Array(nH + nV + R * C);
    let at = 5 + 2 * R;
    if (L.length >= at + R + (R - 1)) {
      rows(at, R).forEach((t, r) => t.forEach((x, c) => { st[r * (C - 1) + c] = Number(x) || 0; }));
      rows(at + R, R - 1).forEach((t, r) => t.forEach((x, c) => { st[nH + r * C + c] = Number(x) || 0; }));
      at += 2 * R - 1;
      rows(at, R).forEach((t, r) => t.forEach((x, c) => { const v = Number(x); st[nH + nV + r * C + c] = v === 1 || v === 2 ? v : 0; }));
    }
    return { p, st };
  }

  /* pzprv3 of puzzle p with the play state st (line states and cell marks) when given. */
  function writePzprv3(p, rooms, st) {
    const { R, C } = p, nH = R * (C - 1), nV = (R - 1) * C;
    const out = ['pzprv3', p.type, String(R), String(C), String(rooms.count)];
    const line = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join(' ') + ' ';
    for (let r = 0; r < R; r++) out.push(line(C, (c) => (rooms.id[r * C + c] < 0 ? '.' : rooms.id[r * C + c])));
    for (let r = 0; r < R; r++) out.push(line(C, (c) => { const n = p.num[r * C + c]; return n === -1 ? '.' : n === -2 ? '-' : n; }));
    if (st) {
      for (let r = 0; r < R; r++) out.push(line(C - 1, (c) => st[r * (C - 1) + c]));
      for (let r = 0; r < R - 1; r++) out.push(line(C, (c) => st[nH + r * C + c]));
      for (let r = 0; r < R; r++) out.push(line(C, (c) => st[nH + nV + r * C + c]));
    }
    return out.join('\n') + '\n';
  }

  /* ---- geometry: edges between cells (h: left-right pairs, then v: up-down pairs) ---- */

  function geometry(R, C) {
    const nH = R * (C - 1), nV = (R - 1) * C;
    const between = (a, b) => {
      if (a.r === b.r && Math.abs(a.c - b.c) === 1) return a.r * (C - 1) + Math.min(a.c, b.c);
      if (a.c === b.c && Math.abs(a.r - b.r) === 1) return nH + Math.min(a.r, b.r) * C + a.c;
      return -1;
    };
    const cells = (e) => (e < nH ? [Math.floor(e / (C - 1)) * C + (e % (C - 1)), Math.floor(e / (C - 1)) * C + (e % (C - 1)) + 1]
      : [e - nH, e - nH + C]);
    /* the edges of a cell, by side */
    const sides = (r, c) => ({
      n: r > 0 ? nH + (r - 1) * C + c : -1, s: r < R - 1 ? nH + r * C + c : -1,
      w: c > 0 ? r * (C - 1) + c - 1 : -1, e: c < C - 1 ? r * (C - 1) + c : -1,
    });
    return { R, C, nH, nV, nE: nH + nV, between, cells, sides };
  }

  /* Rooms from borders: cells joined unless a border or a hole separates them; ids numbered
   * by first cell, row by row, as pzprv3 writes them. */
  function roomsOf(geo, border, hole) {
    const { R, C, nE } = geo;
    const id = new Int32Array(R * C).fill(-2);
    let count = 0;
    for (let s = 0; s < R * C; s++) {
      if (hole[s]) { id[s] = -1; continue; }
      if (id[s] !== -2) continue;
      const stack = [s];
      id[s] = count;
      while (stack.length) {
        const x = stack.pop(), r = Math.floor(x / C), c = x % C;
        for (const [e, y] of Object.values(geo.sides(r, c)).map((e) => [e, e < 0 ? -1 : geo.cells(e).find((k) => k !== x)])) {
          if (e < 0 || border[e] || hole[y] || id[y] !== -2) continue;
          id[y] = count;
          stack.push(y);
        }
      }
      count++;
    }
    void nE;
    return { id, count };
  }

  extras.country = {
    exportFormats: [
      { to: 'url', label: 'puzz.link URL', progress: false },
      { to: 'penpa', label: 'penpa-edit URL', progress: true },
      { to: 'pzprv3', label: 'pzprv3 (puzz.link file, with progress)', progress: true },
      { to: 'block', label: 'block (shared data set)', progress: false },
      { to: 'text', label: 'text (ours)', progress: false },
    ],

    build(ctx) {
      const { el } = ctx;
      const me = (ctx.country = { p: null, geo: null, st: null, border: null, hole: null, rooms: null, mode: 'play', tool: 'line', solved: false });
      const history = new History((key, value) => apply(key, value), (how, action) => changed(how, action));
      me.history = history;
      const status = ctx.playStatus, assist = ctx.assistBox;

      /* toolbar: what the player does */
      const b = (id, text, title, on) => el('button', { type: 'button', id: `country-${id}`, text, title, onclick: on });
      const undoRedo = (suffix) => [
        el('button', { type: 'button', id: `country-undo${suffix}`, class: 'undo', text: '↶ Undo', title: 'Undo (Ctrl+Z)', disabled: true, onclick: () => history.undo() }),
        el('button', { type: 'button', id: `country-redo${suffix}`, class: 'redo', text: '↷ Redo', title: 'Redo (Ctrl+Y)', disabled: true, onclick: () => history.redo() })];
      const check = b('check-loop', '✔ Check', 'Check the loop against the rules (country check)', () => checkLoop(true));
      const hint = b('hint', 'Hint', 'The next deduction, with its rule (country hint)', () => askHint());
      const mistakes = b('mistakes', '⚠ Mistakes?', 'Can your marks still be completed? (country mistakes)', () => askMistakes());
      const clear = b('clear', 'Clear', 'Remove every line and mark', () => clearAll());
      const toolLine = el('button', { type: 'button', id: 'country-tool-line', 'aria-pressed': 'true', text: 'Line', title: 'Drag to draw the loop; tap a cell to mark it' });
      const toolMark = el('button', { type: 'button', id: 'country-tool-mark', 'aria-pressed': 'false', text: '× Mark', title: 'Drag to cross out sides; tap a cell: unused, used, none' });
      const setTool = (t) => { me.tool = t; toolLine.setAttribute('aria-pressed', String(t === 'line')); toolMark.setAttribute('aria-pressed', String(t === 'mark')); };
      toolLine.addEventListener('click', () => setTool('line'));
      toolMark.addEventListener('click', () => setTool('mark'));
      ctx.playTools.append(el('div', { class: 'group', role: 'group', 'aria-label': 'drawing tool' }, toolLine, toolMark),
        el('div', { class: 'group' }, ...undoRedo('')), el('div', { class: 'group' }, check, hint, mistakes), el('div', { class: 'group' }, clear));

      /* edit tools: borders, numbers, holes, the variant, a blank board */
      const toolBorder = el('button', { type: 'button', id: 'country-tool-border', 'aria-pressed': 'true', text: 'Borders', title: 'Drag along grid lines to draw or erase room borders (keyboard: Shift+arrow)' });
      const toolNumber = el('button', { type: 'button', id: 'country-tool-number', 'aria-pressed': 'false', text: 'Numbers', title: 'Tap a cell, then type its room\'s number (? for unknown)' });
      const toolHole = el('button', { type: 'button', id: 'country-tool-hole', 'aria-pressed': 'false', text: 'Holes', title: 'Tap a cell to make it a hole or a cell again' });
      const editTools = { border: toolBorder, number: toolNumber, hole: toolHole };
      const setEditTool = (t) => { me.editTool = t; for (const [k, x] of Object.entries(editTools)) x.setAttribute('aria-pressed', String(k === t)); pad.hidden = t !== 'number'; };
      for (const [k, x] of Object.entries(editTools)) x.addEventListener('click', () => setEditTool(k));
      const pad = el('div', { class: 'group numpad', role: 'group', 'aria-label': 'number for the room of the selected cell', hidden: true },
        ...[...'0123456789', '?'].map((d) => el('button', { type: 'button', text: d, 'data-key': d, onclick: () => typeNumber(d) })),
        el('button', { type: 'button', text: '⌫', 'aria-label': 'remove the number', onclick: () => typeNumber('Backspace') }));
      const variant = el('input', { type: 'checkbox', id: 'country-variant' });
      variant.addEventListener('change', () => { if (me.p) { me.p.type = variant.checked ? 'country/e' : 'country'; edited(); } });
      const rowsIn = el('input', { type: 'number', id: 'country-new-rows', min: '2', max: '60', value: '6', 'aria-label': 'rows' });
      const colsIn = el('input', { type: 'number', id: 'country-new-cols', min: '2', max: '60', value: '6', 'aria-label': 'columns' });
      const blank = b('blank', 'New blank board', 'Start a new puzzle: one room of the given size', () => {
        const R = Math.max(2, Math.min(60, Number(rowsIn.value) || 6)), C = Math.max(2, Math.min(60, Number(colsIn.value) || 6));
        const p = { type: 'country', R, C, room: new Int32Array(R * C), num: new Int32Array(R * C).fill(-1) };
        setPuzzle(p, null);
        edited();
      });
      ctx.editTools.append(el('div', { class: 'group', role: 'group', 'aria-label': 'editing tool' }, toolBorder, toolNumber, toolHole),
        el('div', { class: 'group' }, ...undoRedo('-edit')), pad,
        el('div', { class: 'group check' }, variant, el('label', { for: variant.id, text: 'rooms may stay empty (country/e)' })),
        el('div', { class: 'group' }, rowsIn, el('span', { text: '×' }), colsIn, blank));
      setEditTool('border');

      /* ---- drawing ---- */
      /* The board: static parts as a few paths (rooms, holes, grid), and an element for a
       * side, mark or number only once it has one, so a 60x60 board stays a few hundred
       * elements and a move repaints little. */
      function draw() {
        const { p, geo } = me;
        const bd = board(p.R, p.C, `Country Road board, ${p.R} rows by ${p.C} columns. Arrows move; Shift+arrow draws the loop; x marks unused, o used; Ctrl+Z undoes.`);
        me.b = bd;
        me.edgeEl = new Map();
        me.markEl = new Map();
        me.numEl = new Map();
        bd.g.cells.append(svg('rect', { class: 'cell', width: p.C * S, height: p.R * S }));
        me.holes = svg('path', { class: 'holes' });
        bd.g.cells.append(me.holes);
        gridLines(bd);
        me.walls = svg('path', { class: 'border' });
        me.dangling = svg('path', { class: 'border dangling' });
        me.frame = svg('path', { class: 'frame' });
        bd.g.walls.append(me.walls, me.dangling, me.frame);
        me.ring = svg('rect', { class: 'ring', width: S, height: S, rx: 6, hidden: true });
        me.banner = svg('text', { class: 'banner', x: (p.C * S) / 2, y: (p.R * S) / 2, 'text-anchor': 'middle' }, 'Solved!');
        bd.g.over.append(me.ring, me.banner);
        input(bd, handlers);
        ctx.boardBox.replaceChildren(bd.svg);
        for (let e = 0; e < geo.nE; e++) if (me.st[e]) paintEdge(e);
        for (let k = 0; k < p.R * p.C; k++) { if (me.st[geo.nE + k]) paintMark(k); if (p.num[k] !== -1) paintCell(k); }
        paintRooms();
        mark();
      }
      const centre = (k) => [(k % me.p.C + 0.5) * S, (Math.floor(k / me.p.C) + 0.5) * S];
      function paintEdge(e) {
        let x = me.edgeEl.get(e);
        if (!x) {
          const [a, z] = me.geo.cells(e), [x1, y1] = centre(a), [x2, y2] = centre(z), mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
          x = svg('g', { class: 'edge' }, svg('line', { x1, y1, x2, y2 }), svg('path', { class: 'x', d: `M${mx - 4} ${my - 4}l8 8m0-8l-8 8` }));
          me.b.g.lines.append(x);
          me.edgeEl.set(e, x);
        }
        x.setAttribute('data-s', String(me.st[e]));
      }
      function paintMark(k) {
        let x = me.markEl.get(k);
        if (!x) {
          const [cx, cy] = centre(k);
          x = svg('g', { class: 'mark', transform: `translate(${cx},${cy})` }, svg('path', { class: 'x', d: 'M-7-7L7 7M7-7L-7 7' }), svg('circle', { class: 'o', r: 8 }));
          me.b.g.marks.append(x);
          me.markEl.set(k, x);
        }
        x.setAttribute('data-s', String(me.st[me.geo.nE + k]));
      }
      function paintCell(k) {
        const n = me.p.num[k];
        let x = me.numEl.get(k);
        if (!x && n === -1) return;
        if (!x) {
          x = svg('text', { x: (k % me.p.C) * S + 4, y: Math.floor(k / me.p.C) * S + 14, class: 'num' });
          me.b.g.text.append(x);
          me.numEl.set(k, x);
        }
        x.textContent = n === -1 ? '' : n === -2 ? '?' : String(n);
      }
      /* room borders, borders inside a room (edit mode), holes and the outline */
      function paintRooms() {
        const { R, C } = me.p, room = me.rooms.id, walls = [], dangling = [], holes = [], frame = [];
        for (let e = 0; e < me.geo.nE; e++) {
          const [a, z] = me.geo.cells(e);
          const d = e < me.geo.nH ? `M${(a % C + 1) * S} ${Math.floor(a / C) * S}v${S}` : `M${(a % C) * S} ${(Math.floor(a / C) + 1) * S}h${S}`;
          if (room[a] !== room[z] && room[a] >= 0 && room[z] >= 0) walls.push(d);
          else if (me.border[e] && room[a] >= 0) dangling.push(d);
        }
        const hole = (r, c) => r < 0 || c < 0 || r >= R || c >= C || me.hole[r * C + c];
        for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) if (me.hole[r * C + c]) holes.push(`M${c * S} ${r * S}h${S}v${S}h${-S}z`);
        for (let r = 0; r <= R; r++) for (let c = 0; c < C; c++) if (hole(r - 1, c) !== hole(r, c)) frame.push(`M${c * S} ${r * S}h${S}`);
        for (let r = 0; r < R; r++) for (let c = 0; c <= C; c++) if (hole(r, c - 1) !== hole(r, c)) frame.push(`M${c * S} ${r * S}v${S}`);
        me.walls.setAttribute('d', walls.join(''));
        me.dangling.setAttribute('d', dangling.join(''));
        me.holes.setAttribute('d', holes.join(''));
        me.frame.setAttribute('d', frame.join(''));
      }

      /* ---- changes: every change goes through the history ---- */
      function apply(key, value) {
        if (typeof key === 'number') {
          me.st[key] = value;
          if (key < me.geo.nE) paintEdge(key); else paintMark(key - me.geo.nE);
          return;
        }
        const k = Number(key.slice(1));
        if (key[0] === 'B') me.border[k] = value;
        else if (key[0] === 'N') me.p.num[k] = value;
        else if (key[0] === 'H') me.hole[k] = value;
        if (key[0] !== 'N') {
          me.rooms = roomsOf(me.geo, me.border, me.hole);
          paintRooms();
        }
        if (key[0] === 'N') paintCell(k);
      }
      function changed(how, action) {
        for (const x of ctx.panel.querySelectorAll('.undo')) x.disabled = !history.done.length;
        for (const x of ctx.panel.querySelectorAll('.redo')) x.disabled = !history.undone.length;
        if (action.some(([key]) => typeof key === 'string')) edited();
        else played(how);
      }

      /* After a move: the solved state goes, a closed loop is checked by the checker. */
      let checkTimer = 0;
      function played() {
        clearMarks();
        setSolved(false);
        ctx.progressChanged();
        clearTimeout(checkTimer);
        if (closed()) checkTimer = setTimeout(() => checkLoop(false), 60);
        else ctx.setStatus(status, '', `${lineCount()} lines drawn.`);
      }
      const lineCount = () => { let n = 0; for (let e = 0; e < me.geo.nE; e++) n += me.st[e] === 1; return n; };
      /* every cell with 0 or 2 lines, and some lines: a loop (or loops) the checker can judge */
      function closed() {
        const { R, C } = me.p, deg = new Int8Array(R * C);
        let any = false;
        for (let e = 0; e < me.geo.nE; e++) if (me.st[e] === 1) { any = true; for (const k of me.geo.cells(e)) deg[k]++; }
        return any && deg.every((d) => d === 0 || d === 2);
      }

      function setSolved(on) {
        me.solved = on;
        ctx.boardBox.classList.toggle('solved', on);
        ctx.panel.dataset.solved = String(on);
      }

      /* ---- input: play strokes draw lines between cells; edit strokes follow grid lines ---- */
      let stroke = null;
      const handlers = {
        corners: () => me.mode === 'edit' && me.editTool === 'border',
        down() { stroke = { mode: null }; history.begin(); },
        step(a, z) {
          if (me.mode === 'edit') { if (me.editTool === 'border') segment(a, z); return; }
          const e = me.geo.between(a, z);
          if (e < 0 || me.hole[a.r * me.p.C + a.c] || me.hole[z.r * me.p.C + z.c]) return;
          const want = me.tool === 'mark' ? -1 : 1;
          if (stroke.mode === null) stroke.mode = me.st[e] === want ? 0 : want;
          history.set(e, me.st[e], stroke.mode);
        },
        up(tapped, at) {
          if (tapped && at.inside && !at.corner) (me.mode === 'edit' ? editTap : tap)(at);
          history.commit();
          stroke = null;
        },
        /* Shift+arrow: a line from the cursor (play), the border on that side (edit) */
        keyStep(a, z) {
          const e = me.geo.between(a, z);
          if (e < 0) return;
          if (me.mode === 'edit') { history.set(`B${e}`, me.border[e], me.border[e] ? 0 : 1); return; }
          if (me.hole[z.r * me.p.C + z.c]) return;
          history.set(e, me.st[e], me.st[e] === 1 ? 0 : 1);
        },
        keyMoves: () => me.mode !== 'edit',
        key(ev, cur) {
          if (historyKeys(ev, history)) return;
          if (me.mode === 'edit') {
            if (typeNumber(ev.key)) ev.preventDefault();
            else if (ev.key === 'h') { const k = cur.r * me.p.C + cur.c; history.set(`H${k}`, me.hole[k], me.hole[k] ? 0 : 1); }
            return;
          }
          const k = cur.r * me.p.C + cur.c + me.geo.nE;
          const set = { x: 2, '-': 2, o: 1, Delete: 0, Backspace: 0 }[ev.key];
          if (set !== undefined) { ev.preventDefault(); history.set(k, me.st[k], set === me.st[k] ? 0 : set); }
        },
        moved(cur) { ctx.announce(describeCell(cur.r, cur.c)); },
      };

      /* a tap: near a side crosses it out (or takes its line off); inside, the cell's mark
       * goes none -> unused -> used -> none */
      function tap(cell) {
        const { r, c, fx, fy } = cell;
        me.b.setCursor(r, c);
        const s = me.geo.sides(r, c);
        const near = Math.min(fx, 1 - fx, fy, 1 - fy);
        if (!cell.key && near < 0.2) {
          const side = near === fy ? s.n : near === 1 - fy ? s.s : near === fx ? s.w : s.e;
          if (side >= 0) { history.set(side, me.st[side], me.st[side] === 0 ? -1 : 0); return; }
        }
        if (me.hole[r * me.p.C + c]) return;
        const k = me.geo.nE + r * me.p.C + c;
        history.set(k, me.st[k], { 0: 2, 2: 1, 1: 0 }[me.st[k]]);
      }
      function editTap(cell) {
        me.b.setCursor(cell.r, cell.c);
        const k = cell.r * me.p.C + cell.c;
        if (me.editTool === 'hole') history.set(`H${k}`, me.hole[k], me.hole[k] ? 0 : 1);
      }

      function describeCell(r, c) {
        const k = r * me.p.C + c;
        const n = me.p.num[k];
        const head = `${cellName(r, c)}${n !== -1 ? `, number ${n === -2 ? '?' : n}` : ''}${me.hole[k] ? ', a hole' : ''}`;
        if (me.mode === 'edit') {
          const s = me.geo.sides(r, c);
          const walls = Object.entries(s).filter(([, e]) => e >= 0 && me.border[e]).map(([d]) => ({ n: 'above', s: 'below', w: 'left', e: 'right' }[d]));
          return `${head}: ${walls.length ? `borders ${walls.join(', ')}` : 'no border'}`;
        }
        const s = me.geo.sides(r, c);
        const on = Object.entries(s).filter(([, e]) => e >= 0 && me.st[e] === 1).map(([d]) => ({ n: 'up', s: 'down', w: 'left', e: 'right' }[d]));
        const m = me.st[me.geo.nE + k];
        return `${head}: ${on.length ? `loop goes ${on.join(' and ')}` : m === 2 ? 'marked unused' : m === 1 ? 'marked used' : 'empty'}`;
      }

      /* a grid-line segment between two corners: the border between the cells beside it */
      function segment(a, z) {
        const { R, C } = me.p;
        let e = -1;
        if (a.r === z.r && a.r > 0 && a.r < R) e = me.geo.nH + (a.r - 1) * C + Math.min(a.c, z.c);
        if (a.c === z.c && a.c > 0 && a.c < C) e = Math.min(a.r, z.r) * (C - 1) + a.c - 1;
        if (e < 0) return;
        if (stroke.mode === null) stroke.mode = me.border[e] ? 0 : 1;
        history.set(`B${e}`, me.border[e], stroke.mode);
      }
      let typed = { at: 0, k: -1 };
      /* a digit, ? or Backspace for the selected cell's room (typed quickly: 12) */
      function typeNumber(key) {
        const { r, c } = me.b.cur, k = r * me.p.C + c;
        if (me.hole[k]) return false;
        let n;
        if (key === 'Backspace' || key === 'Delete') n = -1;
        else if (key === '?') n = -2;
        else if (/^[0-9]$/.test(key)) {
          const d = Number(key), now = Date.now(), old = me.p.num[k];
          n = typed.k === k && now - typed.at < 1200 && old >= 0 && old < 100 ? old * 10 + d : d;
          typed = { at: now, k };
        } else return false;
        setNumbers([{ cell: [c, r], number: n }]);
        return true;
      }

      /* ---- the C verbs on the current position ---- */
      me.text = (withProgress) => writePzprv3(me.p, me.rooms, withProgress ? me.st : null);

      async function checkLoop(asked) {
        const r = await ctx.work(status, 'Checking the loop…', { verb: 'check', input: me.text(true) });
        if (r.stopped) return;
        if (r.error) { ctx.setStatus(status, 'bad', gameopt.errorText(r)); return; }
        const a = r.answers[0] || {};
        if (a.ok) {
          setSolved(true);
          ctx.setStatus(status, 'ok', 'Solved! The rule checker (country check) accepts your loop.');
        } else {
          setSolved(false);
          ctx.setStatus(status, asked ? 'bad' : 'warn', `${asked ? 'Not solved' : 'A closed loop, but not yet'}: ${a.reason || a.why || 'the checker refuses it'}.`);
        }
        status.dataset.check = a.ok ? 'ok' : 'wrong';
      }

      function clearMarks() {
        me.ring.setAttribute('hidden', '');
        for (const x of ctx.boardBox.querySelectorAll('.flag')) x.remove();
        delete status.dataset.hint;
      }
      /* a ring around a cell, or across an edge */
      function ring(step, cls) {
        const { C } = me.p;
        let x, y, w = S, h = S;
        if (step.cell) { [x, y] = [step.cell[0] * S, step.cell[1] * S]; }
        else {
          const [[x1, y1], [x2, y2]] = step.edge;
          x = Math.min(x1, x2) * S; y = Math.min(y1, y2) * S;
          w = (Math.abs(x2 - x1) + 1) * S; h = (Math.abs(y2 - y1) + 1) * S;
        }
        void C;
        const rr = svg('rect', { class: `flag ${cls}`, x: x + 2, y: y + 2, width: w - 4, height: h - 4, rx: 8 });
        me.b.g.over.append(rr);
        return rr;
      }

      async function askHint() {
        clearMarks();
        const r = await ctx.work(status, 'Looking for the next deduction…', { verb: 'hint', input: me.text(true) });
        if (r.stopped) return;
        if (r.error) { ctx.setStatus(status, 'bad', gameopt.errorText(r)); return; }
        const h = (r.answers[0] || {}).hint, step = ctx.showHint(status, r.answers[0] || { status: r.status });
        if (!h || !h.kind) return;
        if (step) ring(step, 'hint');
        if (h.step && (h.kind === 'rule' || h.kind === 'trial')) {
          const applyHint = el('button', { type: 'button', id: 'country-apply-hint', text: 'Apply it', onclick: () => applyStep(h.step) });
          status.append(' ', applyHint);
        }
      }
      function applyStep(step) {
        const v = { used: 1, unused: 2, on: 1, off: -1 }[step.mark];
        if (step.cell) { const k = me.geo.nE + step.cell[1] * me.p.C + step.cell[0]; history.set(k, me.st[k], v); }
        else {
          const [[x1, y1], [x2, y2]] = step.edge;
          const e = me.geo.between({ r: y1, c: x1 }, { r: y2, c: x2 });
          history.set(e, me.st[e], v);
        }
      }

      async function askMistakes() {
        clearMarks();
        const r = await ctx.work(status, 'Looking for mistakes…', { verb: 'mistakes', input: me.text(true) });
        if (r.stopped) return;
        if (r.error) { ctx.setStatus(status, 'bad', gameopt.errorText(r)); return; }
        const a = r.answers[0] || {};
        if (a.completable) {
          ctx.setStatus(status, 'ok', a.marks ? `No mistake: some solution extends all ${a.marks} of your marks.` : 'Nothing marked yet.');
          status.dataset.mistakes = '0';
          return;
        }
        const step = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] };
        for (const m of a.mistakes || []) {
          const d = m.side && step[m.side];
          ring(d ? { edge: [m.cell, [m.cell[0] + d[0], m.cell[1] + d[1]]] } : { cell: m.cell }, 'mistake');
        }
        ctx.setStatus(status, 'bad', `${a.together ? 'These marks cannot all hold together' : 'A mistake'}: ${(a.mistakes || []).map((m) => m.text).join('; ')}.`);
        status.dataset.mistakes = String((a.mistakes || []).length);
      }

      function clearAll() {
        history.begin();
        for (let i = 0; i < me.st.length; i++) if (me.st[i]) history.set(i, me.st[i], 0);
        history.commit();
      }

      /* ---- the setter's assistant (edit mode) ---- */
      let assistTimer = 0, assistSeq = 0;
      function edited() {
        /* the verdict on the board before is void at once: an answer still on its way is
         * dropped, and none is shown until the new puzzle's comes (as flow.js does) */
        assistSeq++;
        delete assist.dataset.unique;
        ctx.setStatus(assist, '', 'Changed: the assistant looks again when you pause.');
        for (const x of ctx.boardBox.querySelectorAll('.differ, .redundant, .open')) x.remove();
        setSolved(false);
        clearMarks();
        me.rooms = roomsOf(me.geo, me.border, me.hole);
        ctx.puzzleEdited(me.text(false));
        clearTimeout(assistTimer);
        assistTimer = setTimeout(runAssistant, 300);
      }
      async function runAssistant() {
        const seq = ++assistSeq, text = me.text(false);
        const [u, s] = await Promise.all([
          ctx.work(assist, 'Is it unique? Which numbers can go?', { verb: 'unique', input: text, options: { 'time-limit': 10 }, picture: 'svg' }),
          ctx.call({ verb: 'setter', input: text, options: { 'time-limit': 10 } })]);
        if (seq !== assistSeq || u.stopped) return;
        for (const x of ctx.boardBox.querySelectorAll('.differ, .redundant, .open')) x.remove();
        if (u.error) { ctx.setStatus(assist, 'bad', gameopt.errorText(u)); assist.dataset.unique = 'error'; return; }
        const a = u.answers[0] || {}, st = s.answers[0] || {};
        const words = [];
        let kind = 'ok', verdict = 'yes';
        if (a.status === 'infeasible') { words.push('No solution.'); kind = 'bad'; verdict = 'none'; }
        else if (a.status !== 'solved') { words.push(`Unknown (${a.note || a.status}).`); kind = 'warn'; verdict = 'unknown'; }
        else if (a.unique) words.push('Unique: exactly one loop.');
        else {
          kind = 'warn';
          verdict = 'no';
          words.push(`Not unique: two solutions differ in ${(a.differ || []).length} cells (hatched).`);
          for (const [x, y] of a.differ || []) me.b.g.over.append(svg('rect', { class: 'differ', x: x * S, y: y * S, width: S, height: S }));
        }
        ctx.setStatus(assist, kind, words.join(' '));
        assist.dataset.unique = verdict;
        if (assist.dataset.unique === 'no') ctx.notUnique(assist, text, u, (cells) => shade(me.b, cells), () => seq !== assistSeq);
        if (!s.error && st.status === 'solved') {
          if (st.redundant && st.redundant.length) {
            for (const q of st.redundant) me.b.g.over.append(svg('rect', { class: 'redundant', x: q.cell[0] * S + 2, y: q.cell[1] * S + 2, width: 16, height: 16, rx: 4 }));
            assist.append(el('p', { id: 'country-redundant', text: `${st.redundant.length} of ${st.numbers} numbers can go, each alone (ringed): ${st.redundant.map((q) => `${cellName(q.cell[1], q.cell[0])}=${q.number}`).join(' ')}.` }));
            if (st.removable_together && st.removable_together.length)
              assist.append(el('p', {}, `These ${st.removable_together.length} can go together: ${st.removable_together.map((q) => `${cellName(q.cell[1], q.cell[0])}=${q.number}`).join(' ')} `,
                el('button', { type: 'button', id: 'country-drop-redundant', text: 'Remove them', onclick: () => setNumbers(st.removable_together, -1) })));
          }
          if (st.unique === false && !(st.repair && st.repair.length))
            assist.append(el('p', { id: 'country-repair', text: 'No room numbers make it unique: change the rooms.' }));
          if (st.repair && st.repair.length)
            assist.append(el('p', { id: 'country-repair' }, `Adding ${st.repair.map((q) => `${cellName(q.cell[1], q.cell[0])}=${q.number}`).join(', ')} makes it unique (checked). `,
              el('button', { type: 'button', id: 'country-apply-repair', text: 'Add it', onclick: () => setNumbers(st.repair) })));
        }
      }
      /* numbers of rooms (each at its room's first cell, as the verbs name them) */
      function setNumbers(list, value) {
        history.begin();
        for (const q of list) {
          const k = q.cell[1] * me.p.C + q.cell[0], room = me.rooms.id[k];
          for (let x = 0; x < me.p.R * me.p.C; x++) if (me.rooms.id[x] === room && me.p.num[x] !== -1) history.set(`N${x}`, me.p.num[x], -1);
          history.set(`N${k}`, me.p.num[k], value === undefined ? q.number : value);
        }
        history.commit();
      }

      /* ---- a puzzle arrives ---- */
      function setPuzzle(p, st) {
        me.p = p;
        me.geo = geometry(p.R, p.C);
        me.st = st || new Int8Array(me.geo.nE + p.R * p.C);
        me.hole = new Uint8Array(p.R * p.C);
        me.border = new Uint8Array(me.geo.nE);
        for (let k = 0; k < p.R * p.C; k++) me.hole[k] = p.room[k] < 0 ? 1 : 0;
        for (let e = 0; e < me.geo.nE; e++) { const [a, z] = me.geo.cells(e); me.border[e] = p.room[a] !== p.room[z] && p.room[a] >= 0 && p.room[z] >= 0 ? 1 : 0; }
        me.rooms = roomsOf(me.geo, me.border, me.hole);
        variant.checked = p.type === 'country/e';
        history.clear();
        for (const x of ctx.panel.querySelectorAll('.undo, .redo')) x.disabled = true;
        setSolved(false);
        draw();
      }
      me.setPuzzle = setPuzzle;
      function mark() { ctx.boardBox.dataset.mode = me.mode; }
      me.setMode = (mode) => {
        history.commit();
        me.mode = mode;
        mark();
        clearMarks();
        for (const x of ctx.boardBox.querySelectorAll('.differ, .redundant, .open')) x.remove();
        if (mode === 'edit') runAssistant();
        else if (closed()) checkLoop(false);
      };
    },

    /* Reads any format through the C verb; false (with the error shown) when it cannot. */
    async load(ctx, text, format, stale) {
      const me = ctx.country;
      const r = await ctx.call({ verb: 'convert', input: text, options: { to: 'pzprv3', ...(format ? { format } : {}) } });
      if (stale()) return { stale: true }; /* a newer text is on its way: the board stays */
      if (r.error) return { error: gameopt.errorText(r) };
      const { p, st } = readPzprv3(r.answers[0].text);
      me.setPuzzle(p, st);
      const several = r.answers.length;
      return { name: `${p.R}×${p.C}${several > 1 ? ` (the first of ${several} puzzles)` : ''}` };
    },

    /* progress for a link: each side's state and each cell's mark, 3 to a character */
    progress(ctx) {
      const me = ctx.country;
      if (!me.st || !me.st.some((x) => x)) return '';
      return packTrits(Array.from(me.st, (x) => (x === -1 ? 2 : x)));
    },
    restore(ctx, s) {
      const me = ctx.country, t = unpackTrits(s, me.st.length);
      me.history.begin();
      t.forEach((x, i) => { const v = i < me.geo.nE ? (x === 2 ? -1 : x) : x; if (v !== me.st[i]) me.history.set(i, me.st[i], v); });
      me.history.commit();
      me.history.clear();
    },
    text(ctx, withProgress) { return ctx.country.text(withProgress); },
    /* the shortest text for a link: the puzz.link form, else pzprv3 (holes) */
    async shareText(ctx) {
      const text = ctx.country.text(false);
      const r = await ctx.call({ verb: 'convert', input: text, options: { to: 'url' } });
      return r.error ? text : r.text.trim().replace(/^https?:\/\/puzz\.link\/p\?/, '');
    },
    async exportText(ctx, to, withProgress, node) {
      const f = this.exportFormats.find((x) => x.to === to);
      const r = await ctx.work(node, 'Converting…', { verb: 'convert', input: ctx.country.text(withProgress && f.progress), options: { to } });
      if (r.stopped) return null;
      if (r.error) return { error: gameopt.errorText(r) };
      const has = ctx.country.st.some((x) => x);
      const note = withProgress && has && !f.progress ? `A ${f.label} cannot hold your lines and marks: this is the puzzle alone.` : '';
      return { text: r.text, note };
    },
    setMode(ctx, mode) { ctx.country.setMode(mode); },
    /* the answer shown, the player may put it on the board (one step, undone like any) */
    solved(ctx, reply) {
      const me = ctx.country, a = reply.answers[0];
      if (reply.answers.length !== 1 || !a || !Array.isArray(a.solution) || a.solution.length !== me.p.R) return;
      const show = ctx.el('button', { type: 'button', id: 'country-show-answer', text: 'Show it on the board', onclick: () => {
        const want = new Int8Array(me.st.length);
        a.solution.forEach((row, r) => row.split(/\s+/).forEach((t, c) => {
          const s = me.geo.sides(r, c);
          if (t.includes('e') && s.e >= 0) want[s.e] = 1;
          if (t.includes('s') && s.s >= 0) want[s.s] = 1;
        }));
        me.history.begin();
        want.forEach((v, i) => { if (me.st[i] !== v) me.history.set(i, me.st[i], v); });
        me.history.commit();
      } });
      ctx.panel.querySelector('#country-results').prepend(ctx.el('p', { class: 'buttons' }, show));
    },
    blank(ctx) { ctx.panel.querySelector('#country-blank').click(); },
  };

  /* base-3 digits, three to a base-32 character (27 < 32) */
  const DIG = '0123456789abcdefghijklmnopqrstuv';
  function packTrits(t) {
    let s = '';
    for (let i = 0; i < t.length; i += 3) s += DIG[(t[i] || 0) * 9 + (t[i + 1] || 0) * 3 + (t[i + 2] || 0)];
    return s.replace(/0+$/, '');
  }
  function unpackTrits(s, n) {
    const t = new Array(n).fill(0);
    for (let i = 0; i < s.length && 3 * i < n; i++) {
      const v = Math.max(0, DIG.indexOf(s[i]));
      t[3 * i] = Math.floor(v / 9); if (3 * i + 1 < n) t[3 * i + 1] = Math.floor(v / 3) % 3; if (3 * i + 2 < n) t[3 * i + 2] = v % 3;
    }
    return t;
  }
  window.gameoptTrits = { packTrits, unpackTrits };
})();
