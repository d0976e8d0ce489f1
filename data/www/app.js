/* gameopt's page: one tab per family, built from the games' list (the game tables), so a
 * family appears here by existing in gameopt. A puzzle family (country, flow, flood) gets a
 * board to play and to set puzzles on (its own file: country.js, flow.js, flood.js), beside
 * what a player does with a puzzle: open one (paste, drop, example, new), share and export it,
 * have it solved, check or convert texts. The address carries the tab, the puzzle and, when
 * asked, the progress. Every request goes through request.js (gameopt.call); no build step,
 * no network beyond gameopt. */
'use strict';

const extras = (window.gameoptExtras = window.gameoptExtras || {});

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

function svgURL(svg) {
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}

function formatSeconds(s) {
  if (typeof s !== 'number') return '';
  return s < 1 ? `${(s * 1000).toFixed(s < 0.01 ? 2 : 1)} ms` : `${s.toFixed(2)} s`;
}

/* Words in a status place. They are the place's last word: a request still running there
 * (work) is superseded, its reply dropped when it comes, so a late "Done." or an answer about
 * an earlier position never replaces what was said since. */
/* What a status place said about the position, as data (for styles and tests): void as soon
 * as the place says something else. (A family's state kept there, such as taxis' legal moves,
 * is not a verdict and stays.) */
const VERDICT = ['check', 'hint', 'rule', 'cell', 'mistakes', 'optimal', 'remaining', 'unique', 'ask', 'par', 'bounds'];
function clearVerdict(node) {
  for (const k of VERDICT) delete node.dataset[k];
}
function setStatus(node, kind, text) {
  node.workSeq = (node.workSeq || 0) + 1;
  delete node.dataset.busy;
  clearVerdict(node);
  node.className = `status ${kind}`;
  node.textContent = text;
}

/* A hint verb's answer in node, in the same words for every family: the kind of step, its
 * rule and text, and the rule and cell as data for tests and styles. Returns the step (or the
 * case split) to mark on the board, or null when there is no hint. */
function showHint(node, answer) {
  const a = answer || {}, h = a.hint;
  if (!h || !h.kind) { setStatus(node, 'bad', `No hint: ${a.status || 'none'}${a.note ? ` (${a.note})` : ''}.`); return null; }
  const step = h.step || h.split;
  const words = { rule: `Hint (${h.rule})`, trial: `Hint (by trial: otherwise ${h.rule})`, split: 'A case split is needed', guess: 'A guess is needed',
    mistake: 'Something is wrong', done: 'Done' }[h.kind] || 'Hint';
  setStatus(node, h.kind === 'mistake' ? 'bad' : 'ok', `${words}: ${h.text}`);
  node.dataset.hint = h.kind;
  node.dataset.rule = h.rule || '';
  node.dataset.cell = step ? JSON.stringify(step.cell || step.edge) : '';
  return step || null;
}

/* A request whose status is shown in node while it runs: the time so far (or the progress
 * the backend reports) and a Stop button. It always ends in an answer, an error or
 * "Stopped.", never in a spinner. A newer request shown in the same place supersedes it: its
 * reply comes back as stopped and leaves the place to the newer one. */
async function work(game, node, words, req) {
  /* a newer request in the same place has the last word: an older one's reply is dropped */
  const mine = (node.workSeq = (node.workSeq || 0) + 1);
  const ctrl = new AbortController();
  const t0 = performance.now();
  const span = el('span', { text: words });
  const stop = el('button', { type: 'button', class: 'stop', text: 'Stop', onclick: () => ctrl.abort() });
  node.className = 'status busy';
  node.replaceChildren(span, ' ', stop);
  clearVerdict(node);
  node.dataset.busy = 'true';
  let progress = '';
  const tick = setInterval(() => { span.textContent = `${words} ${((performance.now() - t0) / 1000).toFixed(0)} s${progress}`; }, 500);
  const onProgress = (p) => { progress = ` · ${typeof p === 'string' ? p : Object.entries(p).map(([k, v]) => `${k} ${v}`).join(', ')}`; };
  const r = await gameopt.call({ game, ...req }, { signal: ctrl.signal, onProgress });
  clearInterval(tick);
  if (node.workSeq !== mine) return { ...r, stopped: true, superseded: true };
  delete node.dataset.busy;
  if (r.stopped) setStatus(node, 'warn', `Stopped after ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  else if (r.error) setStatus(node, 'bad', gameopt.errorText(r));
  else setStatus(node, '', 'Done.');
  return r;
}

/* The words for one answer: status, uniqueness (with count 2), moves, bounds, time, method. */
function describe(answer, count, defaultMethod) {
  const parts = [answer.status || 'answered'];
  if (answer.status === 'solved' && count >= 2 && typeof answer.solutions === 'number')
    parts.push(answer.solutions === 1 ? 'unique' : `not unique (${answer.solutions} solutions found)`);
  if (answer.optimal === true) parts.push('optimal');
  if (typeof answer.length === 'number') parts.push(`${answer.length} moves`);
  if (answer.status === 'unknown' && typeof answer.lower_bound === 'number')
    parts.push(`proven: at least ${answer.lower_bound}${typeof answer.length === 'number' ? `, at most ${answer.length}` : ''}`);
  if (answer.note) parts.push(answer.note);
  if (typeof answer.seconds === 'number') parts.push(formatSeconds(answer.seconds));
  parts.push(`method ${answer.method || defaultMethod}`);
  return parts.join(' · ');
}

/* Every plain field of the answer, as the JSON names it. */
function facts(answer) {
  const dl = el('dl', { class: 'facts' });
  for (const [k, v] of Object.entries(answer)) {
    if (v === null || typeof v === 'object') continue;
    dl.append(el('dt', { text: k }), el('dd', { 'data-key': k, text: String(v) }));
  }
  return dl;
}

/* The reply's warnings, one line each, as people read them. */
function warningsOf(r) {
  return (r.warnings || '').split('\n').filter((w) => w.trim())
    .map((w) => el('p', { class: 'status warn', 'data-warning': 'true', text: w.replace(/^gameopt: (warning: )?/, '') }));
}

function download(name, type, text, label) {
  return el('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name, text: label });
}

/* One answer: its picture, its facts, downloads and the JSON. */
function answerBox(a, words, svgText, base) {
  const box = el('div', { class: 'result', 'data-name': a.name || '' });
  if (svgText) box.append(el('figure', { class: 'picture' }, el('img', { src: svgURL(svgText), alt: `${a.name || base}: ${words}`, class: 'answer' })));
  box.append(facts(a));
  const json = JSON.stringify(a);
  const links = el('p', { class: 'downloads' }, download(`${a.name || base}.json`, 'application/json', json + '\n', 'Download JSON'));
  if (svgText) links.append(download(`${a.name || base}.svg`, 'image/svg+xml', svgText, 'Download SVG'));
  box.append(links, el('details', {}, el('summary', { text: 'JSON' }), el('pre', { class: 'json', text: json })));
  return box;
}

/* One control per declared option, typed as the option table says. */
function typedControl(game, verb, opt) {
  const id = `${game}-${verb}-opt-${opt.name}`;
  const label = el('label', { for: id, text: opt.name, title: opt.help });
  const attrs = { id, 'data-option': opt.name, 'data-type': opt.type, title: opt.help };
  if (opt.type === 'flag') return el('div', { class: 'check' }, el('input', { type: 'checkbox', ...attrs }), label);
  if (opt.type === 'enum')
    return el('div', {}, label, el('select', attrs, el('option', { value: '', text: opt.default ? `${opt.default} (default)` : 'default' }),
      ...(opt.choices || []).map((c) => el('option', { value: c, text: c }))));
  if (opt.type === 'int' || opt.type === 'real')
    return el('div', {}, label, el('input', { type: 'number', ...attrs, min: opt.min, max: opt.max,
      step: opt.type === 'int' ? '1' : 'any', placeholder: opt.default || '' }));
  return el('div', {}, label, el('input', { type: 'text', ...attrs, placeholder: opt.default || opt.arg || '' }));
}

/* The values of typed controls in box, as options. */
function typedValues(box) {
  const o = {};
  for (const c of box.querySelectorAll('[data-option]')) {
    if (c.type === 'checkbox') { if (c.checked) o[c.dataset.option] = true; }
    else if (c.value.trim()) o[c.dataset.option] = c.dataset.type === 'int' || c.dataset.type === 'real' ? Number(c.value) : c.value.trim();
  }
  return o;
}

/* Solve's time limit when the box is empty: gameopt serve's default --time-limit, which the
 * server applies itself (and names in its limits). A page standing alone (make web: no
 * server, no limits) asks for the same itself, so a long proof (a 30x30 Flood-It spends half
 * a minute in its first beam in WebAssembly) ends with the bounds proven, as it does served. */
const SERVE_TIME_LIMIT = 30;

const SKIP = new Set(['count', 'shard', 'format', 'json', 'quiet', 'time-limit', 'memory-limit', 'stats', 'verify', 'progress']);

/* ---- the address: #game, #game?p=PUZZLE&s=PROGRESS ---- */
function readHash() {
  const h = location.hash.slice(1);
  const q = h.indexOf('?');
  const name = q < 0 ? h : h.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : h.slice(q + 1));
  return { name, puzzle: params.get('p'), progress: params.get('s') };
}
function hashFor(name, puzzle, progress) {
  const params = new URLSearchParams();
  if (puzzle) params.set('p', puzzle);
  if (progress) params.set('s', progress);
  const q = params.toString();
  return `#${name}${q ? `?${q}` : ''}`;
}

/* ---- a puzzle family's tab ---- */
function buildPanel(game, limits) {
  const name = game.name;
  const fam = extras[name] || {};
  const verb = (v) => game.verbs.find((x) => x.name === v);
  const solveVerb = verb('solve');
  const panel = el('section', { role: 'tabpanel', id: `panel-${name}`, 'aria-labelledby': `tab-${name}`, hidden: true, class: 'puzzle-panel' });
  const call = (req, opts) => gameopt.call({ game: name, ...req }, opts);
  const ctx = {
    game, panel, el, call, setStatus, showHint, svgURL, work: (node, words, req) => work(name, node, words, req),
    puzzleEdited, progressChanged, announce: (t) => { live.textContent = t; }, notUnique,
  };
  /* The setter's assistant found two solutions (u: the unique verb's reply, asked with a
   * picture): the two side by side with their differences marked, as the C side draws them,
   * and the cells no solution settles (`decided`), greyed on the board by grey(open cells). */
  async function notUnique(node, text, u, grey, stale) {
    const pair = gameopt.picture(u);
    if (pair) node.append(el('figure', { class: 'picture pair', id: `${name}-two-solutions` },
      el('img', { src: svgURL(pair), alt: 'two solutions side by side; the cells where they differ are shaded in both' }),
      el('figcaption', { text: 'Two solutions, the cells where they differ shaded.' })));
    const d = await call({ verb: 'decided', input: text, options: { 'time-limit': 10 }, picture: 'svg' });
    const a = d.answers[0];
    if (stale() || d.error || !a || !a.open_cells) return;
    grey(a.open_cells);
    node.append(el('p', { id: `${name}-decided`, text: `${a.decided} cells are the same in every solution; ${a.open} are open (greyed on the board).` }));
    const shared = gameopt.picture(d);
    if (shared) node.append(el('figure', { class: 'picture pair', id: `${name}-decided-picture` },
      el('img', { src: svgURL(shared), alt: `what every solution shares in colour; the ${a.open} open cells grey` }),
      el('figcaption', { text: 'What every solution shares; the open cells grey.' })));
  }

  /* the board: mode, tools, status, board, assistant */
  const playButton = el('button', { type: 'button', id: `${name}-mode-play`, 'aria-pressed': 'true', text: '▶ Play' });
  const editButton = el('button', { type: 'button', id: `${name}-mode-edit`, 'aria-pressed': 'false', text: '✎ Set a puzzle' });
  ctx.playTools = el('div', { class: 'toolbar', role: 'toolbar', id: `${name}-play-tools`, 'aria-label': 'play' });
  ctx.editTools = el('div', { class: 'toolbar', role: 'toolbar', id: `${name}-edit-tools`, 'aria-label': 'set a puzzle', hidden: true });
  ctx.playStatus = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-play-status` });
  ctx.boardBox = el('div', { class: 'board-box', id: `${name}-board`, 'data-mode': 'play' },
    el('p', { class: 'summary', text: 'Open a puzzle to play it here.' }));
  ctx.assistBox = el('div', { class: 'status assist', role: 'status', 'aria-live': 'polite', id: `${name}-assist`, hidden: true });
  const live = el('div', { class: 'sr-only', 'aria-live': 'polite', id: `${name}-announce` });
  function setMode(mode) {
    playButton.setAttribute('aria-pressed', String(mode === 'play'));
    editButton.setAttribute('aria-pressed', String(mode === 'edit'));
    ctx.playTools.hidden = mode !== 'play';
    ctx.editTools.hidden = mode !== 'edit';
    ctx.assistBox.hidden = mode !== 'edit';
    ctx.playStatus.hidden = mode !== 'play';
    if (fam.setMode && loaded) fam.setMode(ctx, mode);
    else if (mode === 'edit' && fam.blank) fam.blank(ctx);
    panel.dataset.mode = mode;
  }
  playButton.addEventListener('click', () => setMode('play'));
  editButton.addEventListener('click', () => setMode('edit'));
  const modes = el('div', { class: 'modes', role: 'group', 'aria-label': 'mode' }, playButton, fam.setMode ? editButton : null);

  /* open a puzzle: paste, drop, example, new */
  const input = el('textarea', { id: `${name}-input`, spellcheck: 'false', 'aria-describedby': `${name}-formats-help`,
    placeholder: 'Paste a puzzle (a link, a file\'s text), or drop a file here' });
  const format = el('select', { id: `${name}-format` }, el('option', { value: '', text: 'guess' }),
    ...game.formats.map((f) => el('option', { value: f, text: f })));
  const openStatus = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-open-status` });
  const exampleButton = el('button', { type: 'button', id: `${name}-example`, text: 'Example' });
  const gen = verb('generate');
  const genOpts = gen ? el('div', { class: 'controls' }, ...gen.options.filter((o) => !SKIP.has(o.name)).map((o) => typedControl(name, 'generate', o))) : null;
  const genButton = gen ? el('button', { type: 'button', id: `${name}-generate`, text: 'New puzzle' }) : null;
  const openBox = el('details', { class: 'box', id: `${name}-open-box`, open: true }, el('summary', { text: 'Open a puzzle' }),
    el('label', { for: input.id, class: 'sr-only', text: 'Puzzle' }), input,
    el('p', { class: 'summary', id: `${name}-formats-help`, text: `Formats: ${game.formats.join(', ')}.` }),
    el('div', { class: 'controls' }, el('div', {}, el('label', { for: format.id, text: 'Format' }), format)),
    el('div', { class: 'buttons' }, exampleButton, genButton),
    gen ? el('details', {}, el('summary', { text: 'New puzzle options' }), genOpts) : null,
    openStatus);

  let loaded = null;     /* the text on the board */
  let loadSeq = 0;
  /* Reads the text into the board (the family asks the C verbs what it holds). A newer load,
   * or a key typed in the box since, makes it stale: the family leaves the board alone and
   * nothing is said about the older text. */
  async function load(text, progress) {
    const seq = ++loadSeq;
    if (!text.trim()) return false;
    if (!fam.load) { loaded = text; return true; }
    setStatus(openStatus, 'busy', 'Reading the puzzle…');
    openStatus.dataset.busy = 'true';
    const r = await fam.load(ctx, text, format.value, () => seq !== loadSeq);
    if (seq !== loadSeq) return false;
    if (r.error) { setStatus(openStatus, 'bad', r.error); return false; }
    loaded = text;
    setStatus(openStatus, 'ok', `Puzzle ${r.name || ''} on the board.`);
    setStatus(ctx.playStatus, '', panel.dataset.mode === 'edit' ? '' : 'Your move.');
    if (progress && fam.restore) fam.restore(ctx, progress);
    if (panel.dataset.mode === 'edit' && fam.setMode) fam.setMode(ctx, 'edit');
    results.replaceChildren();
    picture.replaceChildren();
    setStatus(status, '', '');
    shareText = text.length < 1500 && !text.includes('\n') ? text.trim() : null;
    updateHash();
    return true;
  }
  ctx.load = load;
  /* the setter changed the puzzle: the text box follows it, without reading it back */
  function puzzleEdited(text) {
    input.value = text;
    format.value = '';
    setStatus(openStatus, '', 'Your puzzle, as drawn on the board.');
    loaded = text;
    shareText = null;
    results.replaceChildren();
    picture.replaceChildren();
    updateHash();
  }
  let timer = 0;
  /* read once typing pauses; a reading already on its way is of a text that is gone */
  input.addEventListener('input', () => {
    loadSeq++;
    setStatus(openStatus, '', '');
    clearTimeout(timer);
    timer = setTimeout(() => load(input.value), 300);
  });
  format.addEventListener('change', () => load(input.value));
  input.addEventListener('dragover', (e) => { e.preventDefault(); input.classList.add('dragging'); });
  input.addEventListener('dragleave', () => input.classList.remove('dragging'));
  input.addEventListener('drop', async (e) => {
    e.preventDefault();
    input.classList.remove('dragging');
    const file = e.dataTransfer.files[0];
    if (file) { input.value = await file.text(); load(input.value); }
  });
  const example = (window.gameoptExamples || {})[name];
  exampleButton.hidden = !example;
  exampleButton.addEventListener('click', () => { input.value = example; format.value = ''; load(example); });
  if (genButton) genButton.addEventListener('click', async () => {
    const o = typedValues(genOpts);
    if (o.seed === undefined) o.seed = Math.floor(Math.random() * 1e9);
    if (gen.options.some((g) => g.name === 'time-limit')) o['time-limit'] = 20;
    genButton.disabled = true;
    const r = await work(name, openStatus, 'Making a new puzzle…', { verb: 'generate', options: o });
    genButton.disabled = false;
    if (r.stopped || r.error) return;
    if (!r.text) { setStatus(openStatus, 'bad', 'No puzzle came back.'); return; }
    input.value = r.text;
    format.value = '';
    if (await load(r.text)) {
      setStatus(openStatus, 'ok', `A new puzzle (seed ${o.seed}) on the board.`);
      openStatus.dataset.seed = String(o.seed);
    }
  });

  /* share and export */
  const keepProgress = el('input', { type: 'checkbox', id: `${name}-share-progress` });
  const linkOut = el('input', { type: 'text', id: `${name}-share-link`, readonly: true, 'aria-label': 'link to this puzzle' });
  const shareStatus = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-share-status` });
  const exportTo = el('select', { id: `${name}-export-to` }, ...(fam.exportFormats || []).map((f) => el('option', { value: f.to, text: f.label })));
  const exportProgress = el('input', { type: 'checkbox', id: `${name}-export-progress` });
  const exportOut = el('textarea', { id: `${name}-export-text`, readonly: true, spellcheck: 'false', 'aria-label': 'the puzzle in the chosen format', hidden: true });
  const copyLink = el('button', { type: 'button', id: `${name}-copy-link`, text: 'Copy link' });
  const exportButton = el('button', { type: 'button', id: `${name}-export`, text: 'Export' });
  const shareBox = el('details', { class: 'box', id: `${name}-share-box` }, el('summary', { text: 'Share and export' }),
    el('div', { class: 'check' }, keepProgress, el('label', { for: keepProgress.id, text: 'the link keeps my progress' })),
    el('div', { class: 'buttons' }, copyLink), linkOut,
    fam.exportFormats ? el('div', { class: 'controls' }, el('div', {}, el('label', { for: exportTo.id, text: 'Export as' }), exportTo),
      el('div', { class: 'check' }, exportProgress, el('label', { for: exportProgress.id, text: 'with my progress' }))) : null,
    fam.exportFormats ? el('div', { class: 'buttons' }, exportButton) : null, exportOut, shareStatus);
  let shareText = null; /* the puzzle's shortest text known (a link as pasted), for the address */
  let hashTimer = 0;
  async function linkText() {
    if (!loaded) return null;
    if (!shareText && fam.shareText) shareText = await fam.shareText(ctx);
    return shareText || (fam.text ? fam.text(ctx, false) : loaded);
  }
  function updateHash() {
    clearTimeout(hashTimer);
    hashTimer = setTimeout(async () => {
      const p = await linkText();
      const h = hashFor(name, p, keepProgress.checked && fam.progress ? fam.progress(ctx) : '');
      if (location.hash !== h && document.querySelector(`#tab-${name}[aria-selected=true]`)) history.replaceState(null, '', h);
      linkOut.value = location.href.split('#')[0] + h;
    }, 250);
  }
  function progressChanged() { if (keepProgress.checked) updateHash(); }
  keepProgress.addEventListener('change', updateHash);
  copyLink.addEventListener('click', async () => {
    const p = await linkText();
    if (!p) { setStatus(shareStatus, 'bad', 'Open a puzzle first.'); return; }
    linkOut.value = location.href.split('#')[0] + hashFor(name, p, keepProgress.checked && fam.progress ? fam.progress(ctx) : '');
    linkOut.select();
    try { await navigator.clipboard.writeText(linkOut.value); setStatus(shareStatus, 'ok', 'Link copied.'); }
    catch (e) { setStatus(shareStatus, 'ok', 'Link ready: select it and copy.'); }
  });
  exportButton.addEventListener('click', async () => {
    if (!loaded) { setStatus(shareStatus, 'bad', 'Open a puzzle first.'); return; }
    const r = await fam.exportText(ctx, exportTo.value, exportProgress.checked, shareStatus);
    if (!r) return;
    if (r.error) { setStatus(shareStatus, 'bad', r.error); exportOut.hidden = true; return; }
    exportOut.value = r.text;
    exportOut.hidden = false;
    exportOut.rows = Math.min(12, r.text.split('\n').length + 1);
    exportOut.select();
    let copied = false;
    try { await navigator.clipboard.writeText(r.text); copied = true; } catch (e) { /* the text is selected */ }
    setStatus(shareStatus, r.note ? 'warn' : 'ok', `${r.note ? `${r.note} ` : ''}${copied ? 'Copied.' : 'Ready to copy.'}`);
  });

  /* solve: the answer (hidden until asked), its picture and facts */
  const method = el('select', { id: `${name}-method` },
    ...game.methods.map((m, i) => el('option', { value: m, text: i === 0 ? `${m} (default)` : m })));
  const takesCount = (solveVerb ? solveVerb.options : []).some((o) => o.name === 'count');
  const unique = el('input', { type: 'checkbox', id: `${name}-unique`, checked: takesCount });
  const served = !!(limits && typeof limits.time_limit === 'number');
  const defaultLimit = served ? limits.time_limit : SERVE_TIME_LIMIT;
  const timeLimit = el('input', { type: 'number', id: `${name}-time`, min: '0', step: 'any',
    placeholder: defaultLimit ? String(defaultLimit) : '', 'aria-describedby': `${name}-time-help` });
  const timeHelp = el('p', { class: 'summary', id: `${name}-time-help`, text: defaultLimit
    ? `Gives up after ${defaultLimit} s unless you set a time limit${served ? ` (this server allows at most ${defaultLimit} s)` : ''}; Stop ends it sooner. A proof cut short shows what it proved (Flood-It: the bounds).`
    : 'No time limit unless you set one; Stop ends it.' });
  const own = (solveVerb ? solveVerb.options : []).filter((o) => !o.common).map((o) => typedControl(name, 'solve', o));
  const ownBox = el('div', { class: 'controls' }, ...own);
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-status` });
  const picture = el('figure', { class: 'picture', id: `${name}-picture` });
  const results = el('div', { id: `${name}-results` });
  const solveButton = el('button', { type: 'button', class: 'primary', id: `${name}-solve`, text: 'Solve' });
  function options() {
    const o = {};
    if (format.value && loaded === input.value) o.format = format.value;
    if (method.value && method.value !== game.methods[0]) o.method = method.value;
    if (takesCount && unique.checked) o.count = 2;
    if (timeLimit.value) o['time-limit'] = Number(timeLimit.value);
    else if (!served && defaultLimit) o['time-limit'] = defaultLimit;
    return { ...o, ...typedValues(ownBox) };
  }
  /* the text the verbs work on: the box as pasted, or the board's puzzle once edited */
  const current = () => (input.value.trim() ? input.value : loaded || '');
  solveButton.addEventListener('click', async () => {
    const text = current();
    if (!text.trim()) { setStatus(status, 'bad', 'Open a puzzle first (or press Example).'); return; }
    const o = options();
    solveButton.disabled = true;
    const r = await work(name, status, 'Solving…', { verb: 'solve', input: text, options: o, picture: 'svg' });
    solveButton.disabled = false;
    results.replaceChildren();
    if (r.stopped || r.error) return;
    const words = r.answers.map((a) => describe(a, o.count || 1, game.methods[0]));
    const kind = r.answers.every((a) => a.status === 'solved') ? 'ok' : r.answers.some((a) => a.status === 'unknown') ? 'warn' : 'bad';
    setStatus(status, kind, r.answers.length === 1 ? words[0] : `${r.answers.length} puzzles: ${words.join('; ')}`);
    /* the solved puzzle in the format asked for (--print), and what it could not hold */
    if (o.print && o.print !== 'drawing') results.append(el('pre', { class: 'json', id: `${name}-printed`, text: r.text }));
    results.prepend(...warningsOf(r));
    r.answers.forEach((a, i) => results.append(answerBox(a, words[i], gameopt.picture(r, a.name), name)));
    if (fam.solved) fam.solved(ctx, r);
  });
  const solveBox = el('details', { class: 'box', id: `${name}-solve-box` }, el('summary', { text: 'Solve it (shows the answer)' }),
    el('div', { class: 'controls' },
      el('div', {}, el('label', { for: method.id, text: 'Method' }), method),
      el('div', {}, el('label', { for: timeLimit.id, text: 'Time limit (s)' }), timeLimit),
      takesCount ? el('div', { class: 'check' }, unique, el('label', { for: unique.id, text: 'prove uniqueness' })) : null),
    timeHelp,
    own.length ? el('details', {}, el('summary', { text: `${name} options` }), ownBox) : null,
    el('div', { class: 'buttons' }, solveButton), status, picture, results);

  const tools = buildTools(ctx, { current, format });
  panel.append(el('p', { class: 'summary', text: game.summary }),
    el('div', { class: 'layout' },
      /* the assistant's words and pictures come below the board: arriving while the setter
       * draws, they never move the board under the pointer */
      el('div', { class: 'main-col' }, modes, ctx.playTools, ctx.editTools, ctx.playStatus, ctx.boardBox, ctx.assistBox, live),
      el('div', { class: 'side-col' }, openBox, shareBox, solveBox, tools)));
  if (fam.build) fam.build(ctx);
  ctx.open = (text, progress) => { input.value = text; format.value = ''; return load(text, progress); };
  /* a first visit shows the example on the board, ready to play */
  ctx.shown = () => { if (!loaded && !input.value.trim() && example) ctx.open(example); };
  panel.ctx = ctx;
  return panel;
}

/* Check an answer and convert, when the family's table declares them. */
function buildTools(ctx, { current, format }) {
  const { game } = ctx;
  const name = game.name;
  const check = game.verbs.find((v) => v.name === 'check');
  const convert = game.verbs.find((v) => v.name === 'convert');
  const box = el('details', { class: 'box', id: `${name}-tools` }, el('summary', { text: 'Check, ask or convert a text' }));
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-tools-status` });
  let answer = null;
  if (check) {
    /* a second text (flow: ANSWER, flood: SOLUTIONS) when the verb's usage names one */
    const second = (check.usage || '').split(' ')[1];
    const answerName = second ? second.replace(/[[\].]/g, '') : '';
    answer = answerName ? el('textarea', { id: `${name}-answer`, spellcheck: 'false', placeholder: `${answerName.toLowerCase()}: the text to check against the puzzle` }) : null;
    const opts = el('div', { class: 'controls' }, ...check.options.filter((o) => !SKIP.has(o.name)).map((o) => typedControl(name, 'check', o)));
    const button = el('button', { type: 'button', id: `${name}-check`, text: 'Check' });
    button.addEventListener('click', async () => {
      const text = current();
      if (!text.trim()) { setStatus(status, 'bad', 'Open a puzzle first.'); return; }
      const req = { verb: 'check', input: text, options: typedValues(opts) };
      if (format.value) req.options.format = format.value;
      if (answer && answer.value.trim()) { req.inputs = [{ name: 'answer', text: answer.value }]; req.args = ['answer']; }
      const r = await work(name, status, 'Checking…', req);
      if (r.stopped) return;
      if (r.error) { status.dataset.check = 'error'; return; }
      const words = r.answers.map((a) => `${a.name}: ${a.ok ? 'ok' : `wrong: ${a.why || a.reason || ''}`}`);
      setStatus(status, r.answers.every((a) => a.ok) ? 'ok' : 'bad', words.join('; '));
      status.dataset.check = r.answers.every((a) => a.ok) ? 'ok' : 'wrong';
    });
    box.append(el('h3', { text: `Check an answer (${check.summary})` }),
      answer ? el('label', { for: answer.id, text: answerName.toLowerCase() }) : null, answer, opts, el('div', { class: 'buttons' }, button));
  }
  const asks = ASKS.map(([v]) => game.verbs.find((x) => x.name === v)).filter(Boolean);
  if (asks.length) box.append(...askTools(ctx, { current, format, answer, asks }));
  if (convert && convert.options.some((o) => o.name === 'to')) {
    const choices = convert.options.find((o) => o.name === 'to').choices || game.formats; /* what --to takes */
    const to = el('select', { id: `${name}-convert-to` }, ...choices.map((f) => el('option', { value: f, text: f })));
    const button = el('button', { type: 'button', id: `${name}-convert`, text: 'Convert' });
    const out = el('pre', { class: 'json', id: `${name}-converted`, hidden: true });
    button.addEventListener('click', async () => {
      const text = current();
      if (!text.trim()) { setStatus(status, 'bad', 'Open a puzzle first.'); return; }
      const req = { verb: 'convert', input: text, options: { to: to.value } };
      if (format.value) req.options.format = format.value;
      const r = await work(name, status, 'Converting…', req);
      if (r.stopped || r.error) { out.hidden = true; return; }
      out.textContent = r.text;
      out.hidden = false;
      setStatus(status, 'ok', `Converted to ${to.value}.`);
    });
    box.append(el('h3', { text: `Convert (${convert.summary})` }),
      el('div', { class: 'controls' }, el('div', {}, el('label', { for: to.id, text: 'to' }), to)), el('div', { class: 'buttons' }, button), out);
  }
  box.append(status);
  return check || convert || asks.length ? box : null;
}

/* The assistance verbs on a text, with the words on the buttons, and what each answer says. */
const ASKS = [
  ['hint', 'Hint', (a) => (a.hint ? a.hint.text : a.status)],
  ['mistakes', 'Find mistakes', (a) => (a.completable ? `no mistake: the ${a.marks} marks can still be completed`
    : a.mistakes && a.mistakes.length ? `wrong: ${a.mistakes.map((m) => m.text).join('; ')}` : a.status)],
  ['decided', 'What is decided', (a) => (typeof a.open === 'number' ? `${a.decided} cells decided, ${a.open} open` : a.status)],
  ['unique', 'Unique?', (a) => (a.unique === true ? 'unique' : a.unique === false ? 'not unique: two solutions' : a.status)],
];

/* The assistant on the text in the box (a puzzle, with a partial answer where the verb reads
 * one: country's pzprv3 holds it, flow's comes in the answer box): the C side's words and the
 * picture it draws (open cells grey, the two solutions side by side, wrong marks red, the
 * hint's step green). A player on the board gets these on the board itself. */
function askTools(ctx, { current, format, answer, asks }) {
  const name = ctx.game.name;
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-ask-status` });
  const takesAnswer = asks.some((v) => /ANSWER/.test(v.usage || ''));
  let extra = null;
  if (!answer && takesAnswer) {
    answer = el('textarea', { id: `${name}-answer`, spellcheck: 'false', placeholder: 'answer so far (optional: a file that holds one)' });
    extra = el('label', { for: answer.id, text: 'answer so far' });
  }
  const out = el('div', { id: `${name}-ask-results` });
  async function ask(v, label, words) {
    const text = current();
    if (!text.trim()) { setStatus(status, 'bad', 'Open a puzzle first.'); return; }
    const req = { verb: v.name, input: text, options: { 'time-limit': 10 } };
    if (format.value) req.options.format = format.value;
    if (answer && answer.value.trim() && /ANSWER/.test(v.usage || '')) { req.inputs = [{ name: 'answer', text: answer.value }]; req.args = ['answer']; }
    if (v.pictures) req.picture = 'svg';
    out.replaceChildren();
    delete status.dataset.ask;
    const r = await work(name, status, `${label}…`, req);
    if (r.stopped || r.error) return;
    const said = r.answers.map((a) => `${a.name}: ${words(a)}`);
    setStatus(status, r.exit === 0 ? 'ok' : r.exit === 3 ? 'warn' : 'bad', said.join('; ') || r.status);
    status.dataset.ask = v.name;
    out.append(...warningsOf(r));
    r.answers.forEach((a, i) => out.append(answerBox(a, said[i], gameopt.picture(r, a.name), `${name}-${v.name}`)));
  }
  const buttons = asks.map((v) => {
    const [, label, words] = ASKS.find(([n]) => n === v.name);
    return el('button', { type: 'button', id: `${name}-ask-${v.name}`, title: v.summary, text: label, onclick: () => ask(v, label, words) });
  });
  return [el('h3', { text: 'Ask the assistant (on the puzzle opened)' }), extra, extra ? answer : null,
    el('div', { class: 'buttons' }, ...buttons), status, out].filter(Boolean);
}

/* A family whose questions are verbs with options rather than pasted puzzles (tokens: an
 * upgrade on a tile; taxis: a game played by a heuristic, the ideal path): pick the verb,
 * fill its options (from the option tables), Run; the answer is drawn when the verb draws. */
function buildVerbPanel(game) {
  const name = game.name;
  const panel = el('section', { role: 'tabpanel', id: `panel-${name}`, 'aria-labelledby': `tab-${name}`, hidden: true });
  const verbSelect = el('select', { id: `${name}-verb` }, ...game.verbs.filter((v) => v.name !== 'draw').map((v) => el('option', { value: v.name, text: `${v.name}: ${v.summary}` })));
  const input = el('textarea', { id: `${name}-input`, spellcheck: 'false', placeholder: 'Input (a file\'s text), when the question reads one' });
  const inputLabel = el('label', { for: `${name}-input`, text: 'Input' });
  const args = el('input', { type: 'text', id: `${name}-args`, placeholder: 'words after the input, e.g. tile names' });
  const optionsBox = el('div', { class: 'controls', id: `${name}-options` });
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-status` });
  const results = el('div', { id: `${name}-results` });
  const run = el('button', { type: 'submit', class: 'primary', id: `${name}-solve`, text: 'Run' });
  const example = el('button', { type: 'button', id: `${name}-example`, text: 'Example' });
  const verbOf = () => game.verbs.find((v) => v.name === verbSelect.value);
  function showOptions() {
    const v = verbOf();
    optionsBox.replaceChildren(...v.options.filter((o) => !o.common || o.name !== 'json').map((o) => typedControl(name, v.name, o)));
    input.hidden = inputLabel.hidden = v.input === 'none';
  }
  verbSelect.addEventListener('change', showOptions);
  showOptions();
  async function submit(ev) {
    if (ev) ev.preventDefault();
    const v = verbOf();
    const req = { verb: v.name, options: typedValues(optionsBox) };
    if (!input.hidden && input.value.trim()) req.input = input.value;
    if (args.value.trim()) req.args = args.value.trim().split(/\s+/);
    if (v.pictures) req.picture = 'svg';
    run.disabled = true;
    const r = await work(name, status, 'Working…', req);
    run.disabled = false;
    results.replaceChildren();
    if (r.stopped || r.error) return;
    const words = { 0: 'done', 1: 'no (proven)', 3: 'unknown (a limit was reached)' }[r.exit] || `exit ${r.exit}`;
    setStatus(status, r.exit === 0 ? 'ok' : r.exit === 3 ? 'warn' : 'bad', `${v.name}: ${words}${r.answers.length > 1 ? ` · ${r.answers.length} answers` : ''}`);
    results.append(...warningsOf(r));
    if (!r.answers.length && r.text) results.append(el('pre', { class: 'json', text: r.text }));
    r.answers.forEach((a, i) => results.append(answerBox(a, `answer ${i + 1}`, gameopt.picture(r, a.name), `${name}-${v.name}`)));
  }
  example.addEventListener('click', () => {
    const ex = (window.gameoptExamples || {})[name];
    if (!ex) return;
    verbSelect.value = ex.verb;
    showOptions();
    for (const [k, val] of Object.entries(ex.options || {})) {
      const c = optionsBox.querySelector(`[data-option="${k}"]`);
      if (c && c.type === 'checkbox') c.checked = !!val; else if (c) c.value = String(val);
    }
    input.value = ex.input || '';
    args.value = (ex.args || []).join(' ');
  });
  if (!(window.gameoptExamples || {})[name]) example.hidden = true;
  const form = el('form', { onsubmit: submit },
    el('div', { class: 'controls' }, el('div', {}, el('label', { for: verbSelect.id, text: 'Question' }), verbSelect)),
    optionsBox, inputLabel, input,
    el('div', { class: 'controls' }, el('div', {}, el('label', { for: args.id, text: 'Arguments' }), args)),
    el('div', { class: 'buttons' }, run, example), status);
  const ctx = { game, panel, el, svgURL, setStatus, call: (req, opts) => gameopt.call({ game: name, ...req }, opts),
    work: (node, words, req) => work(name, node, words, req) };
  /* the family's own part first (a player's view); the command line's questions below it */
  const own = el('div', { class: 'own' });
  ctx.own = own;
  panel.append(el('p', { class: 'summary', text: game.summary }), own,
    el('details', { class: 'box', id: `${name}-questions` }, el('summary', { text: 'Every question, with its options' }),
      el('div', { class: 'layout' }, el('div', {}, form), el('div', {}, results))));
  if (extras[name] && extras[name].build) extras[name].build(ctx);
  if (!own.childNodes.length) panel.querySelector(`#${name}-questions`).open = true;
  return panel;
}

const panels = {};

function selectTab(name, focus) {
  for (const t of document.querySelectorAll('[role=tab]')) {
    const on = t.dataset.game === name;
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
    if (on && focus) t.focus();
  }
  for (const p of document.querySelectorAll('[role=tabpanel]')) p.hidden = p.id !== `panel-${name}`;
  if (readHash().name !== name) history.replaceState(null, '', `#${name}`);
  const ctx = panels[name];
  if (ctx && ctx.shown && !readHash().puzzle) ctx.shown();
}

/* The address names a tab, and may carry a puzzle and progress. */
async function route() {
  const h = readHash();
  const ctx = panels[h.name];
  if (!ctx) return;
  selectTab(h.name, false);
  if (h.puzzle && ctx.open) await ctx.open(h.puzzle, h.progress);
}

async function main() {
  const list = await gameopt.games();
  const loading = document.getElementById('loading');
  if (list.error || !list.games) {
    loading.textContent = list.error || 'gameopt sent no games.';
    return;
  }
  document.getElementById('version').textContent = `gameopt ${list.version || list.gameopt || ''}`;
  const tabs = document.getElementById('tabs');
  const main = document.getElementById('panels');
  loading.remove();
  const names = list.games.map((g) => g.name);
  for (const g of list.games) {
    tabs.append(el('button', {
      role: 'tab', id: `tab-${g.name}`, 'data-game': g.name, 'aria-controls': `panel-${g.name}`,
      text: g.name, onclick: () => selectTab(g.name, false),
    }));
    /* tokens and taxis also read questions as puzzles (solve), but their tab offers the
     * family's own verbs, as their example does */
    const example = (window.gameoptExamples || {})[g.name];
    const verbFamily = example && typeof example === 'object' && example.verb;
    const puzzles = !verbFamily && g.verbs.some((v) => v.name === 'solve' && v.input === 'required') && g.formats.length;
    const panel = puzzles ? buildPanel(g, list.limits) : buildVerbPanel(g);
    main.append(panel);
    panels[g.name] = panel.ctx || {};
  }
  tabs.addEventListener('keydown', (e) => {
    const i = names.indexOf(document.activeElement.dataset.game);
    if (i < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (step) selectTab(names[(i + step + names.length) % names.length], true);
    else if (e.key === 'Home') selectTab(names[0], true);
    else if (e.key === 'End') selectTab(names[names.length - 1], true);
  });
  const wanted = readHash();
  if (wanted.puzzle && panels[wanted.name]) await route();
  else selectTab(names.includes(wanted.name) ? wanted.name : names[0], false);
  window.addEventListener('hashchange', route);
  document.body.dataset.ready = 'true';
}

main();
