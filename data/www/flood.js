/* Flood-It on the board: press a colour (or a cell of it, or its key) to flood the area of
 * the top left cell with it; undo and redo without limit. The proven par comes from the C
 * solver (`flood solve`, optimal by A*), and after every move `flood hint` says how many
 * moves finish the board from here, so the page can say whether the game is still optimal;
 * the solution stays hidden until asked. A board can be pasted (any format, Tatham IDs too:
 * `flood draw` gives it as a grid) or drawn cell by cell. Every cell shows its colour's
 * character, so nothing depends on telling colours apart. */
'use strict';

(function () {
  const { svg, board, input, History, historyKeys, cellName, S } = window.gameoptGrid;
  const extras = (window.gameoptExtras = window.gameoptExtras || {});
  const PALETTE = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#000000', '#999999', '#FFFFFF'];
  const DARK = new Set(['#0072B2', '#000000', '#009E73', '#D55E00']);

  const parseGrid = (text) => text.split('\n').map((l) => l.trimEnd()).filter((l) => l && !l.startsWith('#')).map((l) => [...l]);

  /* the cells joined to the top left cell through its colour */
  function region(b) {
    const h = b.length, w = b[0].length, c = b[0][0];
    const seen = b.map((row) => row.map(() => false));
    const stack = [[0, 0]];
    seen[0][0] = true;
    while (stack.length) {
      const [r, k] = stack.pop();
      for (const [dr, dk] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const nr = r + dr, nk = k + dk;
        if (nr >= 0 && nr < h && nk >= 0 && nk < w && !seen[nr][nk] && b[nr][nk] === c) { seen[nr][nk] = true; stack.push([nr, nk]); }
      }
    }
    return seen;
  }
  function replay(start, moves) {
    const b = start.map((row) => [...row]);
    for (const ch of moves) {
      if (ch === b[0][0]) continue;
      const m = region(b);
      b.forEach((row, r) => row.forEach((_, k) => { if (m[r][k]) row[k] = ch; }));
    }
    return b;
  }

  extras.flood = {
    /* every format `flood convert --to` writes, and the moves played */
    exportFormats: [
      { to: 'grid', label: 'grid (one row a line)', progress: false },
      { to: 'tatham', label: 'Tatham game ID', progress: false },
      { to: 'compact', label: 'compact (one line, square boards)', progress: false },
      { to: '99problems', label: '99problems (numbers)', progress: false },
      { to: 'puchert', label: 'puchert (rows of words, start cell)', progress: false },
      { to: 'moves', label: 'my moves', progress: true },
    ],

    build(ctx) {
      const { el } = ctx;
      const me = (ctx.flood = { start: null, moves: '', colours: [], par: null, edit: 'play' });
      const history = new History((key, value) => apply(key, value), (how, action) => changed(action));
      me.history = history;
      const status = ctx.playStatus;
      const palette = el('div', { class: 'palette', id: 'flood-palette', role: 'group', 'aria-label': 'colours: press one to flood with it' });
      const parLine = el('p', { id: 'flood-par', class: 'par', role: 'status', 'aria-live': 'polite' });
      const b = (id, text, title, on) => el('button', { type: 'button', id: `flood-${id}`, text, title, onclick: on });
      const hint = b('hint', 'Hint', 'An optimal next move (flood hint)', () => askHint());
      const solution = b('show-solution', 'Show the solution', 'The optimal moves from the start', () => showSolution());
      const check = b('check-moves', '✔ Check my moves', 'Replay your moves with the checker (flood check)', () => checkMoves());
      const undoRedo = (s) => [el('button', { type: 'button', id: `flood-undo${s}`, class: 'undo', text: '↶ Undo', disabled: true, onclick: () => history.undo() }),
        el('button', { type: 'button', id: `flood-redo${s}`, class: 'redo', text: '↷ Redo', disabled: true, onclick: () => history.redo() })];
      ctx.playTools.append(palette, el('div', { class: 'group' }, ...undoRedo(''), b('restart', 'Restart', 'Back to the start', () => setMoves(''))),
        el('div', { class: 'group' }, hint, check, solution));
      ctx.playStatus.before(parLine);
      const solutionOut = el('p', { id: 'flood-solution', hidden: true });
      ctx.boardBox.after(solutionOut);

      /* setting: a board of W x H cells in C colours, painted cell by cell */
      const paint = el('div', { class: 'palette', id: 'flood-paint', role: 'group', 'aria-label': 'colour to paint with' });
      const wIn = el('input', { type: 'number', id: 'flood-new-cols', min: '2', max: '30', value: '8', 'aria-label': 'columns' });
      const hIn = el('input', { type: 'number', id: 'flood-new-rows', min: '2', max: '30', value: '8', 'aria-label': 'rows' });
      const cIn = el('input', { type: 'number', id: 'flood-new-colours', min: '2', max: '10', value: '4', 'aria-label': 'colours' });
      ctx.editTools.append(paint, el('div', { class: 'group' }, ...undoRedo('-edit')),
        el('div', { class: 'group' }, wIn, el('span', { text: '×' }), hIn, el('label', { for: cIn.id, text: 'colours' }), cIn,
          b('blank', 'New board', 'A board of this size in one colour, to paint', () => newBoard(false)),
          b('random', 'Random', 'A random board of this size', () => newBoard(true))));

      const colourOf = (ch) => PALETTE[me.colours.indexOf(ch) % PALETTE.length];
      function draw() {
        const s = me.start, R = s.length, C = s[0].length;
        const bd = board(R, C, `Flood-It board, ${R} by ${C}. Press a colour's key, or Enter to flood with the colour under the cursor; Ctrl+Z undoes.`, me.bd);
        me.bd = bd;
        me.rect = [];
        me.label = [];
        for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) {
          const x = svg('rect', { x: c * S, y: r * S, width: S, height: S, class: 'fcell' });
          const t = svg('text', { x: (c + 0.5) * S, y: (r + 0.5) * S + 5, 'text-anchor': 'middle', class: 'flabel' });
          me.rect.push(x);
          me.label.push(t);
          bd.g.cells.append(x);
          bd.g.text.append(t);
        }
        me.outline = svg('path', { class: 'flooded' });
        bd.g.over.append(me.outline);
        if (!bd.reused) { input(bd, handlers); ctx.boardBox.replaceChildren(bd.svg); }
        render();
      }
      const current = () => (me.edit === 'edit' ? me.start : replay(me.start, me.moves));
      /* only the cells whose colour changed are repainted; the palettes are rebuilt when the
       * colours or the hint change */
      function render(hinted) {
        const cur = current(), C = cur[0].length, m = region(cur);
        if (!me.shown || me.shown.length !== C * cur.length || me.shownBd !== me.rect) { me.shown = []; me.shownBd = me.rect; }
        cur.forEach((row, r) => row.forEach((ch, c) => {
          const k = r * C + c;
          if (me.shown[k] === ch) return;
          me.shown[k] = ch;
          const col = colourOf(ch);
          me.rect[k].style.fill = col;
          me.label[k].textContent = ch;
          me.label[k].classList.toggle('on-dark', DARK.has(col));
        }));
        /* the flooded area's outline */
        const d = [];
        const inside = (r, c) => r >= 0 && c >= 0 && r < cur.length && c < C && m[r][c];
        if (me.edit !== 'edit') for (let r = 0; r < cur.length; r++) for (let c = 0; c < C; c++) if (m[r][c]) {
          if (!inside(r - 1, c)) d.push(`M${c * S} ${r * S}h${S}`);
          if (!inside(r + 1, c)) d.push(`M${c * S} ${(r + 1) * S}h${S}`);
          if (!inside(r, c - 1)) d.push(`M${c * S} ${r * S}v${S}`);
          if (!inside(r, c + 1)) d.push(`M${(c + 1) * S} ${r * S}v${S}`);
        }
        me.outline.setAttribute('d', d.join(''));
        const key = `${me.colours.join('')}|${hinted || ''}|${me.brush || ''}|${me.edit}`;
        if (key !== me.paletteKey) {
          me.paletteKey = key;
          const buttons = (box, on) => box.replaceChildren(...me.colours.map((ch) => {
            const x = el('button', { type: 'button', 'data-colour': ch, text: ch, 'aria-label': `colour ${ch}`, onclick: () => on(ch) });
            x.style.borderColor = colourOf(ch);
            x.style.boxShadow = `inset 0 -0.45rem 0 ${colourOf(ch)}`;
            if (ch === hinted) x.classList.add('hint');
            if (box === paint && ch === me.brush) x.setAttribute('aria-pressed', 'true');
            return x;
          }));
          buttons(palette, play);
          buttons(paint, (ch) => { me.brush = ch; render(); });
        }
        const done = cur.every((row) => row.every((ch) => ch === cur[0][0]));
        ctx.boardBox.classList.toggle('solved', done && me.edit !== 'edit');
        ctx.panel.dataset.solved = String(done);
        ctx.panel.dataset.moves = String(me.moves.length);
        return done;
      }

      /* ---- moves ---- */
      function play(ch) {
        if (!me.start || me.edit === 'edit') return;
        const cur = current();
        if (ch === cur[0][0] || cur.every((row) => row.every((x) => x === cur[0][0]))) return;
        setMoves(me.moves + ch);
      }
      const setMoves = (m) => history.set('M', me.moves, m);
      function apply(key, value) {
        if (key === 'M') me.moves = value;
        else { me.start = parseGrid(value); me.colours = [...new Set(me.start.flat())].sort(); me.moves = ''; draw(); }
        render();
      }
      function changed(action) {
        for (const x of ctx.panel.querySelectorAll('.undo')) x.disabled = !history.done.length;
        for (const x of ctx.panel.querySelectorAll('.redo')) x.disabled = !history.undone.length;
        solutionOut.hidden = true;
        if (action.some(([k]) => k === 'B')) edited(); else moved();
      }
      const handlers = {
        down(at) { if (me.edit === 'edit' && !at.key) { history.begin(); paintCell(at); } },
        step(a, z) { if (me.edit === 'edit' && me.brush) paintCell(z); },
        up(tapped, at) {
          if (!tapped || !at.inside) { history.commit(); return; }
          me.bd.setCursor(at.r, at.c);
          if (me.edit === 'edit') paintCell(at);
          else play(current()[at.r][at.c]);
          history.commit();
        },
        keyStep() {},
        key(ev, cur) {
          if (historyKeys(ev, history)) return;
          if (me.colours.includes(ev.key)) {
            ev.preventDefault();
            if (me.edit === 'edit') { me.brush = ev.key; paintCell(cur); } else play(ev.key);
          }
        },
        moved(cur) { ctx.announce(`${cellName(cur.r, cur.c)}: colour ${current()[cur.r][cur.c]}`); },
      };
      palette.addEventListener('keydown', (ev) => { if (!historyKeys(ev, history) && me.colours.includes(ev.key)) { ev.preventDefault(); play(ev.key); } });

      /* After a move: is the game still optimal? `flood hint` proves the rest. */
      let seq = 0;
      async function moved() {
        const mine = ++seq, n = me.moves.length;
        if (render()) {
          ctx.setStatus(status, 'ok', `Flooded in ${n} moves${me.par !== null ? n === me.par ? ' = par: perfect!' : ` (par ${me.par})` : ''}.`);
          status.dataset.optimal = String(me.par !== null && n === me.par);
          ctx.progressChanged();
          return;
        }
        ctx.progressChanged();
        if (!n) { ctx.setStatus(status, '', 'Your move: press a colour, or a cell of it.'); return; }
        /* moves made quickly are asked about once, after the last */
        ctx.setStatus(status, '', `${n} moves.`);
        await new Promise((ok) => setTimeout(ok, 120));
        if (mine !== seq) return;
        const r = await ctx.work(status, `${n} moves. Still optimal?`, { verb: 'hint', input: me.text, options: { 'time-limit': 10 }, args: [...me.moves] });
        if (mine !== seq || r.stopped || r.error) return;
        const a = r.answers[0] || {};
        if (typeof a.remaining !== 'number') { ctx.setStatus(status, 'warn', `${n} moves. ${a.note || 'No proof within the time limit'}.`); return; }
        const best = n + a.remaining;
        const proven = a.optimal !== false;
        if (me.par !== null && best === me.par) {
          ctx.setStatus(status, 'ok', `${n} moves: still optimal, ${a.remaining} more finish it (par ${me.par}).`);
          status.dataset.optimal = 'true';
        } else {
          ctx.setStatus(status, 'warn', `${n} moves: ${me.par !== null ? `no longer optimal; the best from here is ${best} in all (par ${me.par})` : `${a.remaining} more finish it`}${proven ? '' : ' (not proven)'}.`);
          status.dataset.optimal = me.par !== null ? 'false' : '';
        }
        status.dataset.remaining = String(a.remaining);
      }

      async function askHint() {
        if (!me.start) return;
        seq++; /* the answer to 'still optimal?' would come after this one */
        const r = await ctx.work(status, 'Finding an optimal move…', { verb: 'hint', input: me.text, options: { 'time-limit': 10 }, args: [...me.moves] });
        if (r.stopped || r.error) return;
        const a = r.answers[0] || {};
        if (!a.move) { ctx.setStatus(status, a.remaining === 0 ? 'ok' : 'warn', a.remaining === 0 ? 'Already flooded.' : `No hint: ${a.note || r.status}.`); return; }
        render(a.move);
        ctx.setStatus(status, 'ok', `Hint: play ${a.move}; ${a.remaining} more moves are optimal from here.`);
        status.dataset.hint = a.move;
      }
      async function checkMoves() {
        seq++;
        if (!me.moves) { ctx.setStatus(status, 'warn', 'Play a move first.'); return; }
        const r = await ctx.work(status, 'Checking your moves…', { verb: 'check', input: me.text, options: { moves: me.moves } });
        if (r.stopped || (r.error && r.exit !== 1)) { status.dataset.check = 'error'; return; }
        const a = r.answers[0] || {};
        ctx.setStatus(status, a.ok ? 'ok' : 'warn', a.ok ? `Checked: your ${a.length} moves flood the board${me.par !== null ? ` (par ${me.par})` : ''}.` : `Checked: not flooded yet (${a.reason}).`);
        status.dataset.check = a.ok ? 'ok' : 'wrong';
      }
      function showSolution() {
        if (!me.solution) { solutionOut.textContent = 'No solution known yet (the par is still being proven, or was not).'; }
        else solutionOut.textContent = `An optimal solution from the start (${me.solution.length} moves): ${[...me.solution].join(' ')}`;
        solutionOut.hidden = false;
      }

      /* The par: the proven optimum (or the bounds a time limit left), never a spinner. */
      let parSeq = 0;
      async function findPar() {
        const mine = ++parSeq;
        me.par = null;
        me.solution = null;
        /* the text as given (a Tatham ID keeps its move limit) */
        const r = await ctx.work(parLine, 'Par: proving the optimum…', { verb: 'solve', input: me.source || me.text, options: { 'time-limit': 20 } });
        if (mine !== parSeq || r.stopped) return;
        const a = r.answers[0];
        if (r.error || !a) { ctx.setStatus(parLine, 'bad', `Par unknown: ${r.error ? gameopt.errorText(r) : 'no answer'}.`); return; }
        if (a.status === 'solved' && a.optimal) {
          me.par = a.length;
          me.solution = a.moves;
          ctx.setStatus(parLine, 'ok', `Par ${a.length} (proven optimal)${a.limit ? `; the game's move limit is ${a.limit}` : ''}.`);
          parLine.dataset.par = String(a.length);
        } else {
          me.solution = a.moves || null;
          ctx.setStatus(parLine, 'warn', `Par not proven within the time limit: between ${a.lower_bound} and ${a.length} moves.`);
          parLine.dataset.bounds = `${a.lower_bound}..${a.length}`;
        }
        if (me.moves) moved();
      }

      /* ---- setting a board ---- */
      function newBoard(random) {
        const W = Math.max(2, Math.min(30, Number(wIn.value) || 8)), H = Math.max(2, Math.min(30, Number(hIn.value) || 8));
        const K = Math.max(2, Math.min(10, Number(cIn.value) || 4));
        const rows = Array.from({ length: H }, () => Array.from({ length: W }, () => String(random ? Math.floor(Math.random() * K) : 0)).join(''));
        me.allColours = Array.from({ length: K }, (_, i) => String(i));
        history.set('B', me.start ? me.start.map((r) => r.join('')).join('\n') : '', rows.join('\n'));
      }
      function paintCell(at) {
        const k = at.r * me.start[0].length + at.c;
        void k;
        if (!me.brush || me.start[at.r][at.c] === me.brush) return;
        const before = me.start.map((r) => r.join('')).join('\n');
        const rows = me.start.map((r) => [...r]);
        rows[at.r][at.c] = me.brush;
        history.set('B', before, rows.map((r) => r.join('')).join('\n'));
      }
      function edited() {
        me.source = null;
        me.par = null;
        ctx.setStatus(parLine, '', 'Par: waiting for the board to settle…');
        delete parLine.dataset.par;
        me.colours = [...new Set([...(me.allColours || []), ...me.start.flat()])].sort();
        if (!me.brush || !me.colours.includes(me.brush)) me.brush = me.colours[0];
        me.text = me.start.map((r) => r.join('')).join('\n') + '\n';
        me.moves = '';
        render();
        ctx.puzzleEdited(me.text);
        clearTimeout(me.parTimer);
        me.parTimer = setTimeout(findPar, 400);
        parLine.hidden = false;
      }

      me.setBoard = (text, source) => {
        me.source = source;
        me.start = parseGrid(text);
        me.text = text;
        me.colours = [...new Set(me.start.flat())].sort();
        me.allColours = null;
        me.moves = '';
        history.clear();
        for (const x of ctx.panel.querySelectorAll('.undo, .redo')) x.disabled = true;
        solutionOut.hidden = true;
        draw();
        ctx.setStatus(status, '', 'Your move: press a colour, or a cell of it.');
        findPar();
      };
      me.setMode = (mode) => {
        history.commit();
        me.edit = mode;
        ctx.boardBox.dataset.mode = mode;
        if (mode === 'edit') { me.brush = me.brush || me.colours[0]; me.moves = ''; history.clear(); }
        render();
      };
      me.replay = replay;
      me.region = region;
    },

    async load(ctx, text, format, stale) {
      const r = await ctx.call({ verb: 'draw', input: text, options: format ? { format } : {} });
      if (stale()) return { stale: true }; /* a newer text is on its way: the board stays */
      if (r.error) return { error: gameopt.errorText(r) };
      const grid = r.answers[0].text;
      ctx.flood.setBoard(grid, r.answers.length === 1 && !format ? text : null);
      const b = ctx.flood.start;
      return { name: `${b[0].length}×${b.length}, ${ctx.flood.colours.length} colours${r.answers.length > 1 ? ` (the first of ${r.answers.length})` : ''}` };
    },
    progress(ctx) { return ctx.flood.moves; },
    restore(ctx, s) {
      const me = ctx.flood;
      const moves = [...s].filter((ch) => me.colours.includes(ch)).join('');
      me.history.set('M', me.moves, moves);
      me.history.clear();
    },
    text(ctx) { return ctx.flood.text; },
    async exportText(ctx, to, withProgress, node) {
      const me = ctx.flood;
      if (to === 'moves') return { text: `${me.moves}\n`, note: me.moves ? '' : 'No moves yet.' };
      /* the board through `flood convert --to`, which refuses (with its reason) what a format
       * cannot hold (Tatham IDs: 10 colours; compact: square boards) */
      const r = await ctx.work(node, 'Converting…', { verb: 'convert', input: me.text, options: { to, format: 'grid' } });
      if (r.stopped) return null;
      if (r.error) return { error: gameopt.errorText(r) };
      const text = r.answers[0].text;
      if (to !== 'tatham') return { text };
      /* a Tatham ID to play: the move limit Tatham's generator gives (m5: the depth-3
       * lookahead's length plus 5), from the C solver; the board alone holds no limit */
      const l = await ctx.work(node, 'Finding the move limit (lookahead)…', { verb: 'solve', input: me.text, options: { method: 'lookahead' } });
      if (l.stopped) return null;
      if (l.error) return { error: gameopt.errorText(l) };
      return { text: text.trimEnd().replace(/m\d+:/, 'm5:') + `,${l.answers[0].length + 5}\n` };
    },
    setMode(ctx, mode) { ctx.flood.setMode(mode); },
    blank(ctx) { ctx.panel.querySelector('#flood-random').click(); },
  };
})();
