/* Flood-It on the page: play the board yourself. The board comes from the server (the draw
 * verb returns it in the grid format: one character per cell); the page only replays
 * moves. The par is the server's proven optimum for the board; a hint solves the current
 * position on the server and shows its first move, with how many moves are still optimal.
 * Colours are the Okabe-Ito set (distinguishable with the common colour-vision
 * deficiencies) and every cell also shows its colour's character. Moves start at the top
 * left cell (the default start). */
'use strict';

(function () {
  const palette = ['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2', '#D55E00', '#CC79A7', '#000000', '#999999', '#FFFFFF'];
  const dark = new Set(['#0072B2', '#000000', '#009E73', '#D55E00']);
  const extras = (window.gameoptExtras = window.gameoptExtras || {});

  function parseGrid(text) {
    return text.split('\n').map((l) => l.trimEnd()).filter((l) => l && !l.startsWith('#')).map((l) => [...l]);
  }

  /* The cells connected to the top left cell through its colour. */
  function flooded(board) {
    const h = board.length, w = board[0].length, c = board[0][0];
    const seen = board.map((row) => row.map(() => false));
    const stack = [[0, 0]];
    seen[0][0] = true;
    while (stack.length) {
      const [r, k] = stack.pop();
      for (const [dr, dk] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const nr = r + dr, nk = k + dk;
        if (nr >= 0 && nr < h && nk >= 0 && nk < w && !seen[nr][nk] && board[nr][nk] === c) {
          seen[nr][nk] = true;
          stack.push([nr, nk]);
        }
      }
    }
    return seen;
  }

  extras.flood = {
    build(ctx) {
      const { el } = ctx;
      const state = (ctx.play = { board: null, start: null, colours: [], moves: [], par: null });
      const boardView = el('div', { class: 'board', id: 'flood-board', role: 'img', 'aria-label': 'the board to play' });
      const paletteView = el('div', { class: 'palette', id: 'flood-palette', role: 'group', 'aria-label': 'colours: press one to flood it' });
      const info = el('p', { id: 'flood-play-status', role: 'status', 'aria-live': 'polite' });
      const hint = el('button', { type: 'button', id: 'flood-hint', text: 'Hint (optimal move)' });
      const restart = el('button', { type: 'button', id: 'flood-restart', text: 'Restart' });
      const check = el('button', { type: 'button', id: 'flood-check-moves', text: 'Check my moves' });
      const section = el('div', { class: 'play', id: 'flood-play', hidden: true },
        el('h3', { text: 'Play it yourself' }),
        el('p', { class: 'summary', text: 'Press a colour (or its key) to flood the top left area with it; fill the board in as few moves as you can.' }),
        paletteView, boardView, info, el('div', { class: 'buttons' }, hint, check, restart));
      ctx.panel.append(section);

      function colourOf(ch) {
        return palette[state.colours.indexOf(ch) % palette.length];
      }

      function render(hinted) {
        const b = state.board, mask = flooded(b);
        boardView.style.gridTemplateColumns = `repeat(${b[0].length}, auto)`;
        const cells = [];
        b.forEach((row, r) => row.forEach((ch, k) => {
          const cell = el('span', { text: ch });
          cell.style.background = colourOf(ch);
          if (dark.has(colourOf(ch))) cell.classList.add('dark');
          if (mask[r][k]) cell.classList.add('flooded');
          cells.push(cell);
        }));
        boardView.replaceChildren(...cells);
        paletteView.replaceChildren(...state.colours.map((ch) => {
          const button = el('button', { type: 'button', 'data-colour': ch, text: ch, 'aria-label': `colour ${ch}` });
          button.style.borderColor = colourOf(ch);
          if (ch === hinted) button.classList.add('hint');
          button.addEventListener('click', () => play(ch));
          return button;
        }));
        const done = b.every((row) => row.every((ch) => ch === b[0][0]));
        const par = state.par === null ? 'par: computing…' : `par ${state.par} (proven optimal)`;
        info.textContent = done
          ? `Flooded in ${state.moves.length} moves; ${par}.${state.par !== null && state.moves.length === state.par ? ' Perfect!' : ''}`
          : `Moves: ${state.moves.length} · ${par}`;
        info.dataset.moves = String(state.moves.length);
        info.dataset.done = String(done);
      }

      function play(ch) {
        const b = state.board;
        if (!b || ch === b[0][0]) return;
        const mask = flooded(b);
        b.forEach((row, r) => row.forEach((_, k) => { if (mask[r][k]) row[k] = ch; }));
        state.moves.push(ch);
        render();
      }

      hint.addEventListener('click', async () => {
        if (!state.board) return;
        info.textContent = 'Thinking…';
        const text = state.board.map((row) => row.join('')).join('\n') + '\n';
        const r = await ctx.api('/api/flood/solve', { input: text, options: { format: 'grid' } });
        if (r.json.error || r.json.status !== 'solved') {
          info.textContent = r.json.error || `no hint: ${r.json.status}`;
          return;
        }
        render(r.json.moves[0]);
        info.textContent = r.json.length === 0 ? 'Already flooded.'
          : `Hint: play ${r.json.moves[0]}; ${r.json.length} more moves are optimal from here.`;
        info.dataset.hint = r.json.moves[0] || '';
      });
      /* The server's checker replays the moves played on the board as it was drawn. */
      check.addEventListener('click', async () => {
        if (!state.startText) return;
        if (!state.moves.length) { info.textContent = 'Play a move first.'; return; }
        const r = await ctx.api('/api/flood/check', { input: state.startText, options: { format: 'grid', moves: state.moves.join('') } });
        const a = r.json;
        if (a.error) { info.textContent = a.error; info.dataset.check = 'error'; return; }
        info.textContent = a.ok ? `Checked: your ${a.length} moves flood the board${state.par !== null ? ` (par ${state.par})` : ''}.`
          : `Checked: not flooded yet (${a.reason}).`;
        info.dataset.check = a.ok ? 'ok' : 'wrong';
      });
      restart.addEventListener('click', () => {
        if (!state.start) return;
        state.board = state.start.map((row) => [...row]);
        state.moves = [];
        render();
      });
      section.addEventListener('keydown', (e) => {
        if (state.colours.includes(e.key)) { e.preventDefault(); play(e.key); }
      });
      ctx.playRender = render;
    },

    async drawn(ctx, puzzle) {
      const state = ctx.play;
      if (!puzzle.text) return;
      const board = parseGrid(puzzle.text);
      if (!board.length) return;
      state.start = board.map((row) => [...row]);
      state.startText = puzzle.text;
      state.board = board;
      state.moves = [];
      state.colours = [...new Set(board.flat())].sort();
      state.par = null;
      ctx.panel.querySelector('#flood-play').hidden = false;
      ctx.playRender();
      const r = await ctx.api('/api/flood/solve', { input: puzzle.text, options: { format: 'grid', 'time-limit': 10 } });
      if (state.start !== null && r.json.status === 'solved' && r.json.optimal) {
        state.par = r.json.length;
        ctx.playRender();
      }
    },
  };
})();
