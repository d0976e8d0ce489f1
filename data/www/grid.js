/* The board a person plays on, shared by Country Road and Flow: an SVG grid drawn once, whose
 * elements change class as moves are made (a move touches a few elements, so it is redrawn
 * within a frame), pointer strokes (mouse, pen, touch) turned into steps between neighbouring
 * cells, a keyboard cursor, and an undo/redo history without limit. The rules and the puzzle's
 * meaning stay with the family's file (country.js, flow.js) and the C verbs. */
'use strict';

(function () {
  const NS = 'http://www.w3.org/2000/svg';
  const S = 36; /* a cell, in SVG units */

  function svg(tag, attrs, ...children) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  /* Hatching and dots that tell marked cells apart without colour. */
  function patterns() {
    return svg('defs', {},
      svg('pattern', { id: 'pat-hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        svg('rect', { width: 3, height: 8, class: 'pat-ink' })),
      svg('pattern', { id: 'pat-dots', width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
        svg('circle', { cx: 4, cy: 4, r: 1.6, class: 'pat-ink' })));
  }

  /* An empty board of rows x cols cells: layers to draw in, a cursor, and cell lookup. An old
   * board of the same size is emptied and given back (reused: its listeners, focus and a
   * stroke under way stay), so an edit redraws without breaking the stroke. */
  function board(rows, cols, label, old) {
    if (old && old.rows === rows && old.cols === cols) {
      for (const g of Object.values(old.g)) g.replaceChildren();
      old.reused = true;
      return old;
    }
    const m = 6;
    const root = svg('svg', {
      viewBox: `${-m} ${-m} ${cols * S + 2 * m} ${rows * S + 2 * m}`, class: 'grid-board', tabindex: '0',
      role: 'application', 'aria-roledescription': 'puzzle board', 'aria-label': label, 'data-rows': rows, 'data-cols': cols,
    });
    root.style.maxWidth = `${Math.max(24, cols * 3.2)}rem`;
    const layer = (name) => svg('g', { class: name });
    const g = { cells: layer('cells'), marks: layer('marks'), grid: layer('gridlines'), walls: layer('walls'),
      lines: layer('lines'), over: layer('over'), text: layer('labels') };
    const cursor = svg('rect', { class: 'cursor', width: S, height: S, rx: 4 });
    root.append(patterns(), g.cells, g.marks, g.grid, g.walls, g.lines, g.text, g.over, cursor);
    const b = { svg: root, rows, cols, g, S, cur: { r: 0, c: 0 } };
    b.setCursor = (r, c) => {
      b.cur = { r: Math.max(0, Math.min(rows - 1, r)), c: Math.max(0, Math.min(cols - 1, c)) };
      cursor.setAttribute('x', b.cur.c * S);
      cursor.setAttribute('y', b.cur.r * S);
    };
    b.setCursor(0, 0);
    /* the cell under a pointer event, with where in it (0..1 across and down) */
    b.at = (ev) => {
      const p = root.createSVGPoint();
      p.x = ev.clientX;
      p.y = ev.clientY;
      const q = p.matrixTransform(root.getScreenCTM().inverse());
      const c = Math.floor(q.x / S), r = Math.floor(q.y / S);
      return { r, c, fx: q.x / S - c, fy: q.y / S - r, inside: r >= 0 && r < rows && c >= 0 && c < cols };
    };
    return b;
  }

  /* Thin grid lines between every pair of cells. */
  function gridLines(b) {
    const d = [];
    for (let r = 1; r < b.rows; r++) d.push(`M0 ${r * S}H${b.cols * S}`);
    for (let c = 1; c < b.cols; c++) d.push(`M${c * S} 0V${b.rows * S}`);
    b.g.grid.replaceChildren(svg('path', { d: d.join('') }));
  }

  /* Cells greyed under the marks: those no solution settles (the `decided` verb's open cells). */
  function shade(b, cells) {
    for (const [x, y] of cells) b.g.cells.append(svg('rect', { class: 'open', x: x * S, y: y * S, width: S, height: S }));
  }

  const DIRS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  /* Pointer strokes and keys on board b. h.down(at, ev) starts a stroke; h.step(a, b) for
   * each move to a neighbour (a skipped one is walked through); h.up(tapped, at, ev) ends it
   * (tapped: no step was made). Strokes go from cell to cell, or from grid corner to grid
   * corner (along the grid lines) while h.corners() is true. h.key(ev, cursor) gets the keys
   * the board does not use itself. Arrows move the cursor cell; Shift+arrow is
   * h.keyStep(cursor, next) (drawing by keyboard); Enter or Space is a tap at the cursor. */
  function input(b, h) {
    let last = null, moved = false, active = false, corners = false, pointing = false;
    const root = b.svg;
    /* the cursor shows when the board is reached by keyboard */
    root.addEventListener('focus', () => { if (!pointing) root.classList.add('keys'); });
    const where = (ev) => {
      const at = b.at(ev);
      if (!corners) return at;
      const r = Math.round(at.r + at.fy), c = Math.round(at.c + at.fx);
      return { r, c, corner: true, inside: r >= 0 && r <= b.rows && c >= 0 && c <= b.cols };
    };
    root.addEventListener('contextmenu', (ev) => ev.preventDefault());
    root.addEventListener('pointerdown', (ev) => {
      corners = !!(h.corners && h.corners());
      const at = where(ev);
      if (!at.inside) return;
      ev.preventDefault();
      root.classList.remove('keys');
      pointing = true;
      root.focus({ preventScroll: true });
      pointing = false;
      try { root.setPointerCapture(ev.pointerId); } catch (e) { /* a pointer already gone */ }
      active = true;
      moved = false;
      last = at;
      h.down(at, ev);
    });
    const moveTo = (ev) => {
      const at = where(ev);
      if (at.r === last.r && at.c === last.c) return;
      /* a fast stroke may skip cells: walk there one neighbour at a time */
      let { r, c } = last;
      const n = corners ? 0 : 1;
      const tr = Math.max(0, Math.min(b.rows - n, at.r)), tc = Math.max(0, Math.min(b.cols - n, at.c));
      while (r !== tr || c !== tc) {
        const nr = r + (Math.abs(tr - r) >= Math.abs(tc - c) ? Math.sign(tr - r) : 0);
        const nc = nr === r ? c + Math.sign(tc - c) : c;
        h.step({ r, c }, { r: nr, c: nc });
        moved = true;
        r = nr;
        c = nc;
      }
      last = { ...at, r, c };
    };
    /* A busy page gets the moves of a frame as one event: its coalesced events are the
     * pointer's every position, so a corner the stroke turned is not cut across. */
    root.addEventListener('pointermove', (ev) => {
      if (!active) return;
      const all = ev.getCoalescedEvents ? ev.getCoalescedEvents() : [];
      for (const e of all.length ? all : [ev]) moveTo(e);
    });
    const end = (ev) => {
      if (!active) return;
      active = false;
      h.up(!moved, last, ev);
    };
    root.addEventListener('pointerup', end);
    root.addEventListener('pointercancel', end);
    root.addEventListener('keydown', (ev) => {
      root.classList.add('keys');
      const d = DIRS[ev.key];
      if (d && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
        ev.preventDefault();
        const { r, c } = b.cur;
        const nr = Math.max(0, Math.min(b.rows - 1, r + d[0])), nc = Math.max(0, Math.min(b.cols - 1, c + d[1]));
        if (ev.shiftKey) {
          if (nr !== r || nc !== c) h.keyStep({ r, c }, { r: nr, c: nc });
          if (h.keyMoves && !h.keyMoves()) return;
        }
        b.setCursor(nr, nc);
        if (h.moved) h.moved(b.cur);
        return;
      }
      if ((ev.key === 'Enter' || ev.key === ' ') && !ev.ctrlKey) {
        ev.preventDefault();
        const at = { ...b.cur, fx: 0.5, fy: 0.5, inside: true, key: true };
        h.down(at, ev);
        h.up(true, at, ev);
        return;
      }
      if (h.key) h.key(ev, b.cur);
    });
  }

  /* Undo and redo without limit. An action is a list of [key, before, after]; apply(key,
   * value) sets one. Strokes are gathered into one action (begin ... commit). */
  class History {
    constructor(apply, changed) {
      this.apply = apply;
      this.changed = changed || (() => {});
      this.done = [];
      this.undone = [];
      this.open = null;
    }
    begin() { this.open = this.open || new Map(); }
    /* records key's change (the first before and the last after of an open action) */
    set(key, before, after) {
      if (before === after) return;
      const single = !this.open;
      if (single) this.begin();
      const was = this.open.get(key);
      this.open.set(key, [key, was ? was[1] : before, after]);
      this.apply(key, after);
      if (single) this.commit();
    }
    commit() {
      if (!this.open) return;
      const action = [...this.open.values()].filter((x) => x[1] !== x[2]);
      this.open = null;
      if (!action.length) return;
      this.done.push(action);
      this.undone = [];
      this.changed('do', action);
    }
    undo() {
      this.commit();
      const a = this.done.pop();
      if (!a) return false;
      for (let i = a.length - 1; i >= 0; i--) this.apply(a[i][0], a[i][1]);
      this.undone.push(a);
      this.changed('undo', a);
      return true;
    }
    redo() {
      const a = this.undone.pop();
      if (!a) return false;
      for (const x of a) this.apply(x[0], x[2]);
      this.done.push(a);
      this.changed('redo', a);
      return true;
    }
    clear() { this.done = []; this.undone = []; this.open = null; }
  }

  /* Undo on Ctrl+Z, redo on Ctrl+Y or Ctrl+Shift+Z; true when the key was one of them. */
  function historyKeys(ev, history) {
    if (!(ev.ctrlKey || ev.metaKey)) return false;
    const k = ev.key.toLowerCase();
    if (k === 'z' && !ev.shiftKey) { ev.preventDefault(); history.undo(); return true; }
    if (k === 'y' || (k === 'z' && ev.shiftKey)) { ev.preventDefault(); history.redo(); return true; }
    return false;
  }

  /* rRcC, as the C verbs name cells */
  const cellName = (r, c) => `r${r + 1}c${c + 1}`;

  window.gameoptGrid = { svg, board, gridLines, input, History, historyKeys, cellName, shade, S };
})();
