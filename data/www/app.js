/* gameopt's page: one tab per family, built from GET /api/games (the game tables), so a
 * family appears here by existing on the server. Paste or drop a puzzle, see it drawn
 * (POST /api/GAME/draw), solve it (POST /api/GAME/solve), see the answer drawn with its
 * status, uniqueness, time and method, download the JSON or the SVG. A family can add its
 * own part (window.gameoptExtras[name], e.g. playing Flood-It in flood.js). No build step,
 * no network beyond this server. */
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
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/* One API call: {http, exit, json, text}. */
async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  };
  let r;
  try {
    r = await fetch(path, init);
  } catch (e) {
    return { http: 0, exit: 4, json: { error: 'gameopt: the server does not answer (is gameopt serve running?)' }, text: '' };
  }
  const text = await r.text();
  let json;
  try { json = JSON.parse(text); } catch (e) { json = { error: text }; }
  return { http: r.status, exit: Number(r.headers.get('X-Gameopt-Exit') || 0), json, text };
}

function svgURL(svg) {
  return URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
}

function formatSeconds(s) {
  if (typeof s !== 'number') return '';
  return s < 1 ? `${(s * 1000).toFixed(s < 0.01 ? 2 : 1)} ms` : `${s.toFixed(2)} s`;
}

function setStatus(node, kind, text) {
  node.className = `status ${kind}`;
  node.textContent = text;
}

/* The words for one answer: status, uniqueness (with count 2), time, method. */
function describe(answer, count, defaultMethod) {
  const parts = [answer.status || 'answered'];
  if (answer.status === 'solved' && count >= 2 && typeof answer.solutions === 'number')
    parts.push(answer.solutions === 1 ? 'unique' : `not unique (${answer.solutions} solutions found)`);
  if (answer.optimal === true) parts.push('optimal');
  if (typeof answer.length === 'number') parts.push(`${answer.length} moves`);
  if (typeof answer.seconds === 'number') parts.push(formatSeconds(answer.seconds));
  parts.push(`method ${answer.method || defaultMethod}`);
  return parts.join(' · ');
}

/* Every plain field of the answer, as the JSON names it. */
function facts(answer) {
  const dl = el('dl', { class: 'facts' });
  for (const [k, v] of Object.entries(answer)) {
    if (k === 'svg' || v === null || typeof v === 'object') continue;
    dl.append(el('dt', { text: k }), el('dd', { 'data-key': k, text: String(v) }));
  }
  return dl;
}

function download(name, type, text, label) {
  const a = el('a', { href: URL.createObjectURL(new Blob([text], { type })), download: name, text: label });
  return a;
}

function buildPanel(game, limits) {
  const name = game.name;
  const solveVerb = game.verbs.find((v) => v.name === 'solve');
  const canDraw = game.verbs.some((v) => v.name === 'draw');
  const input = el('textarea', {
    id: `${name}-input`, spellcheck: 'false', 'aria-describedby': `${name}-formats-help`,
    placeholder: 'Paste a puzzle here, or drop a file',
  });
  const format = el('select', { id: `${name}-format` }, el('option', { value: '', text: 'guess' }),
    ...game.formats.map((f) => el('option', { value: f, text: f })));
  const method = el('select', { id: `${name}-method` },
    ...game.methods.map((m, i) => el('option', { value: m, text: i === 0 ? `${m} (default)` : m })));
  // Only verbs that search for more than one solution take --count (flood's solve does not).
  const takesCount = (solveVerb ? solveVerb.options : []).some((o) => o.name === 'count');
  const unique = el('input', { type: 'checkbox', id: `${name}-unique`, checked: takesCount });
  const timeLimit = el('input', {
    type: 'number', id: `${name}-time`, min: '0', step: 'any',
    placeholder: limits && limits.time_limit ? String(limits.time_limit) : '',
  });
  /* the solve verb's own options (the common ones have their controls above) */
  const own = (solveVerb ? solveVerb.options : []).filter((o) => !o.common).map((o) => typedControl(name, 'solve', o));
  const ownBox = el('div', { class: 'controls' }, ...own);
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', id: `${name}-status` });
  const picture = el('figure', { class: 'picture', id: `${name}-picture` });
  const results = el('div', { id: `${name}-results` });
  const solveButton = el('button', { type: 'submit', class: 'primary', id: `${name}-solve`, text: 'Solve' });
  const exampleButton = el('button', { type: 'button', id: `${name}-example`, text: 'Example' });
  const panel = el('section', { role: 'tabpanel', id: `panel-${name}`, 'aria-labelledby': `tab-${name}`, hidden: true });
  const ctx = { game, panel, input, status, picture, results, api, el, svgURL, setStatus, drawn: null };

  function options() {
    const o = {};
    if (format.value) o.format = format.value;
    if (method.value && method.value !== game.methods[0]) o.method = method.value;
    if (takesCount && unique.checked) o.count = 2;
    if (timeLimit.value) o['time-limit'] = Number(timeLimit.value);
    for (const c of ownBox.querySelectorAll('[data-option]')) {
      if (c.type === 'checkbox') { if (c.checked) o[c.dataset.option] = true; }
      else if (c.value.trim()) o[c.dataset.option] = c.value.trim();
    }
    return o;
  }
  ctx.options = options;

  let timer = 0;
  let drawSeq = 0;
  let drawnInput = null; /* the text the picture shows */
  async function draw() {
    if (!canDraw || !input.value.trim()) return;
    const seq = ++drawSeq;
    drawnInput = input.value;
    const o = {};
    if (format.value) o.format = format.value;
    const r = await api(`/api/${name}/draw`, { input: input.value, options: o });
    if (seq !== drawSeq) return; /* a newer edit is being drawn */
    if (r.json.error) {
      setStatus(status, 'bad', r.json.error);
      ctx.drawn = null;
      picture.replaceChildren(); /* no stale drawing beside the error */
      results.replaceChildren();
      return;
    }
    results.replaceChildren(); /* answers belong to the puzzle drawn before */
    const first = Array.isArray(r.json) ? r.json[0] : r.json;
    ctx.drawn = first;
    picture.replaceChildren(el('img', { src: svgURL(first.svg), alt: `the puzzle ${first.name}` }),
      el('figcaption', { text: Array.isArray(r.json) ? `${first.name} (first of ${r.json.length})` : 'the puzzle' }));
    setStatus(status, '', 'Puzzle read. Press Solve.');
    if (extras[name] && extras[name].drawn) extras[name].drawn(ctx, first);
  }

  async function solve(ev) {
    if (ev) ev.preventDefault();
    if (!input.value.trim()) {
      setStatus(status, 'bad', 'Paste or drop a puzzle first (or press Example).');
      input.focus();
      return;
    }
    clearTimeout(timer);
    if (drawnInput !== input.value) await draw(); /* the pasted puzzle first, then its answer */
    drawSeq++; /* a draw still under way must not overwrite the answer's status */
    const o = options();
    setStatus(status, 'busy', 'Solving…');
    solveButton.disabled = true;
    const r = await api(`/api/${name}/solve`, { input: input.value, options: o, picture: 'svg' });
    solveButton.disabled = false;
    results.replaceChildren();
    if (r.json.error) {
      setStatus(status, 'bad', r.json.error);
      return;
    }
    const answers = Array.isArray(r.json) ? r.json : [r.json];
    const words = answers.map((a) => describe(a, o.count || 1, game.methods[0]));
    const kind = answers.every((a) => a.status === 'solved') ? 'ok' : answers.some((a) => a.status === 'unknown') ? 'warn' : 'bad';
    setStatus(status, kind, answers.length === 1 ? words[0] : `${answers.length} puzzles: ${words.join('; ')}`);
    answers.forEach((a, i) => {
      const box = el('div', { class: 'result', 'data-name': a.name });
      if (answers.length > 1) box.append(el('h3', { text: `${a.name}: ${words[i]}` }));
      if (a.svg) box.append(el('figure', { class: 'picture' },
        el('img', { src: svgURL(a.svg), alt: `${a.name}: ${words[i]}`, class: 'answer' })));
      box.append(facts(a));
      const json = JSON.stringify(Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'svg')));
      const links = el('p', { class: 'downloads' }, download(`${a.name}.json`, 'application/json', json + '\n', 'Download JSON'));
      if (a.svg) links.append(download(`${a.name}.svg`, 'image/svg+xml', a.svg, 'Download SVG'));
      box.append(links, el('details', {}, el('summary', { text: 'JSON' }), el('pre', { class: 'json', text: json })));
      results.append(box);
    });
    if (answers[0].svg) picture.replaceChildren();
    if (extras[name] && extras[name].solved) extras[name].solved(ctx, answers[0]);
  }

  /* The family's other verbs on the same puzzle box: generate a new puzzle (drawn, ready to
   * solve) and check an answer (ok, wrong with the checker's reason, or the located error). */
  /* before another verb answers in the status: the pasted puzzle drawn, and no draw still
   * under way that would overwrite the answer */
  async function settle() {
    clearTimeout(timer);
    if (drawnInput !== input.value) await draw();
    drawSeq++;
  }
  const more = buildMoreVerbs(ctx, { draw, settle, format });

  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(draw, 250); });
  format.addEventListener('change', draw);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) solve(e); });
  input.addEventListener('dragover', (e) => { e.preventDefault(); input.classList.add('dragging'); });
  input.addEventListener('dragleave', () => input.classList.remove('dragging'));
  input.addEventListener('drop', async (e) => {
    e.preventDefault();
    input.classList.remove('dragging');
    const file = e.dataTransfer.files[0];
    if (file) { input.value = await file.text(); draw(); }
  });
  exampleButton.addEventListener('click', () => {
    input.value = (window.gameoptExamples || {})[name] || '';
    draw();
  });
  if (!(window.gameoptExamples || {})[name]) exampleButton.hidden = true;

  const form = el('form', { onsubmit: solve },
    el('label', { for: input.id, text: 'Puzzle' }), input,
    el('p', { class: 'summary', id: `${name}-formats-help`, text: `Formats: ${game.formats.join(', ')}. Ctrl+Enter solves.` }),
    el('div', { class: 'controls' },
      el('div', {}, el('label', { for: format.id, text: 'Format' }), format),
      el('div', {}, el('label', { for: method.id, text: 'Method' }), method),
      el('div', {}, el('label', { for: timeLimit.id, text: 'Time limit (s)' }), timeLimit),
      takesCount ? el('div', { class: 'check' }, unique, el('label', { for: unique.id, text: 'prove uniqueness' })) : null),
    own.length ? el('details', {}, el('summary', { text: `${name} options` }), ownBox) : null,
    el('div', { class: 'buttons' }, solveButton, exampleButton));
  panel.append(el('p', { class: 'summary', text: game.summary }),
    el('div', { class: 'layout' }, el('div', {}, form, more, status), el('div', {}, picture, results)));
  if (extras[name] && extras[name].build) extras[name].build(ctx);
  return panel;
}

/* The values of typed controls (typedControl) in box, as API options. */
function typedValues(box) {
  const o = {};
  for (const c of box.querySelectorAll('[data-option]')) {
    if (c.type === 'checkbox') { if (c.checked) o[c.dataset.option] = true; }
    else if (c.value.trim()) o[c.dataset.option] = c.value.trim();
  }
  return o;
}

/* Generate and check for a puzzle family, when its table declares them. */
function buildMoreVerbs(ctx, { settle, format }) {
  const { game, input, status } = ctx;
  const name = game.name;
  const generate = game.verbs.find((v) => v.name === 'generate');
  const check = game.verbs.find((v) => v.name === 'check');
  const box = el('div', { class: 'more' });
  const skip = new Set(['count', 'shard', 'format', 'json', 'quiet', 'time-limit', 'memory-limit', 'stats', 'verify']);
  if (generate) {
    const opts = el('div', { class: 'controls' }, ...generate.options.filter((o) => !skip.has(o.name)).map((o) => typedControl(name, 'generate', o)));
    const button = el('button', { type: 'button', id: `${name}-generate`, text: 'New puzzle' });
    button.addEventListener('click', async () => {
      const o = typedValues(opts);
      if (o.seed === undefined) o.seed = Math.floor(Math.random() * 1e9);
      setStatus(status, 'busy', 'Making a new puzzle…');
      button.disabled = true;
      if (generate.options.some((g) => g.name === 'time-limit')) o['time-limit'] = 20;
      const r = await api(`/api/${name}/generate`, { options: o });
      button.disabled = false;
      if (r.json.error || typeof r.json.text !== 'string') {
        setStatus(status, 'bad', r.json.error || 'no puzzle came back');
        return;
      }
      input.value = r.json.text;
      format.value = '';
      await settle();
      setStatus(status, '', `A new puzzle (seed ${o.seed}), drawn. Press Solve.`);
      status.dataset.seed = String(o.seed);
    });
    box.append(el('details', {}, el('summary', { text: 'New puzzle options' }), opts), el('div', { class: 'buttons' }, button));
  }
  if (check) {
    /* a second file (flow: ANSWER, flood: SOLUTIONS) when the verb's usage names one */
    const second = (check.usage || '').split(' ')[1];
    const answerName = second ? second.replace(/[[\].]/g, '') : '';
    const answer = answerName ? el('textarea', { id: `${name}-answer`, spellcheck: 'false', placeholder: `${answerName.toLowerCase()}: the text to check against the puzzle` }) : null;
    const opts = el('div', { class: 'controls' }, ...check.options.filter((o) => !skip.has(o.name)).map((o) => typedControl(name, 'check', o)));
    const button = el('button', { type: 'button', id: `${name}-check`, text: 'Check' });
    button.addEventListener('click', async () => {
      if (!input.value.trim()) { setStatus(status, 'bad', 'Paste a puzzle first.'); return; }
      await settle();
      const body = { input: input.value, options: typedValues(opts) };
      if (format.value) body.options.format = format.value;
      if (answer && answer.value.trim()) body.answer = answer.value;
      setStatus(status, 'busy', 'Checking…');
      const r = await api(`/api/${name}/check`, body);
      if (r.json.error) { setStatus(status, 'bad', r.json.error); status.dataset.check = 'error'; return; }
      const rows = Array.isArray(r.json) ? r.json : [r.json];
      const words = rows.map((a) => `${a.name}: ${a.ok ? 'ok' : `wrong: ${a.why || a.reason || ''}`}`);
      setStatus(status, rows.every((a) => a.ok) ? 'ok' : 'bad', words.join('; '));
      status.dataset.check = rows.every((a) => a.ok) ? 'ok' : 'wrong';
    });
    box.append(el('details', { id: `${name}-check-box` }, el('summary', { text: `Check an answer (${check.summary})` }),
      answer ? el('label', { for: answer.id, text: answerName.toLowerCase() }) : null, answer, opts,
      el('div', { class: 'buttons' }, button)));
  }
  const convert = game.verbs.find((v) => v.name === 'convert');
  if (convert && convert.options.some((o) => o.name === 'to')) {
    const to = el('select', { id: `${name}-convert-to` }, ...game.formats.map((f) => el('option', { value: f, text: f })));
    const button = el('button', { type: 'button', id: `${name}-convert`, text: 'Convert' });
    const out = el('pre', { class: 'json', id: `${name}-converted`, hidden: true });
    button.addEventListener('click', async () => {
      if (!input.value.trim()) { setStatus(status, 'bad', 'Paste a puzzle first.'); return; }
      await settle();
      const body = { input: input.value, options: { to: to.value } };
      if (format.value) body.options.format = format.value;
      const r = await api(`/api/${name}/convert`, body);
      if (r.json.error) { setStatus(status, 'bad', r.json.error); out.hidden = true; return; }
      out.textContent = r.json.text;
      out.hidden = false;
      setStatus(status, 'ok', `Converted to ${to.value}.`);
    });
    box.append(el('details', { id: `${name}-convert-box` }, el('summary', { text: `Convert (${convert.summary})` }),
      el('div', { class: 'controls' }, el('div', {}, el('label', { for: to.id, text: 'to' }), to)),
      el('div', { class: 'buttons' }, button), out));
  }
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

/* A family whose questions are verbs with options rather than pasted puzzles (tokens: an
 * upgrade on a tile; taxis: a game played by a heuristic, the ideal path): pick the verb,
 * fill its options (from the option tables), Run; the answer is drawn when the verb draws. */
function buildVerbPanel(game) {
  const name = game.name;
  const panel = el('section', { role: 'tabpanel', id: `panel-${name}`, 'aria-labelledby': `tab-${name}`, hidden: true });
  const verbSelect = el('select', { id: `${name}-verb` }, ...game.verbs.map((v) => el('option', { value: v.name, text: `${v.name}: ${v.summary}` })));
  const input = el('textarea', { id: `${name}-input`, spellcheck: 'false', placeholder: 'Input (a file\'s text), when the verb reads one' });
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
    const body = { options: {} };
    for (const c of optionsBox.querySelectorAll('[data-option]')) {
      if (c.type === 'checkbox') { if (c.checked) body.options[c.dataset.option] = true; }
      else if (c.value.trim()) body.options[c.dataset.option] = c.dataset.type === 'int' || c.dataset.type === 'real' ? Number(c.value) : c.value.trim();
    }
    if (!input.hidden && input.value.trim()) body.input = input.value;
    if (args.value.trim()) body.args = args.value.trim().split(/\s+/);
    if (v.pictures) body.picture = 'svg';
    setStatus(status, 'busy', 'Working…');
    run.disabled = true;
    const r = await api(`/api/${name}/${v.name}`, body);
    run.disabled = false;
    results.replaceChildren();
    if (r.json.error) { setStatus(status, 'bad', r.json.error); return; }
    const answers = Array.isArray(r.json) ? r.json : [r.json];
    const words = { 0: 'done', 1: 'no (proven)', 3: 'unknown (a limit was reached)' }[r.exit] || `exit ${r.exit}`;
    setStatus(status, r.exit === 0 ? 'ok' : r.exit === 3 ? 'warn' : 'bad', `${v.name}: ${words}${answers.length > 1 ? ` · ${answers.length} answers` : ''}`);
    answers.forEach((a, i) => {
      const box = el('div', { class: 'result' });
      if (a.svg) box.append(el('figure', { class: 'picture' }, el('img', { src: svgURL(a.svg), alt: `${name} ${v.name} answer ${i + 1}`, class: 'answer' })));
      if (a.text !== undefined && Object.keys(a).length === 1) box.append(el('pre', { class: 'json', text: a.text }));
      else box.append(facts(a));
      const json = JSON.stringify(Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'svg')));
      const links = el('p', { class: 'downloads' }, download(`${name}-${v.name}.json`, 'application/json', json + '\n', 'Download JSON'));
      if (a.svg) links.append(download(`${name}-${v.name}.svg`, 'image/svg+xml', a.svg, 'Download SVG'));
      box.append(links, el('details', {}, el('summary', { text: 'JSON' }), el('pre', { class: 'json', text: json })));
      results.append(box);
    });
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
    optionsBox,
    inputLabel, input,
    el('div', { class: 'controls' }, el('div', {}, el('label', { for: args.id, text: 'Arguments' }), args)),
    el('div', { class: 'buttons' }, run, example));
  panel.append(el('p', { class: 'summary', text: game.summary }),
    el('div', { class: 'layout' }, el('div', {}, form, status), el('div', {}, results)));
  if (extras[name] && extras[name].build) extras[name].build({ game, panel, api, el, svgURL, setStatus });
  return panel;
}

function selectTab(name, focus) {
  for (const t of document.querySelectorAll('[role=tab]')) {
    const on = t.dataset.game === name;
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
    if (on && focus) t.focus();
  }
  for (const p of document.querySelectorAll('[role=tabpanel]')) p.hidden = p.id !== `panel-${name}`;
  if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
}

async function main() {
  const r = await api('/api/games');
  const loading = document.getElementById('loading');
  if (r.json.error || !r.json.games) {
    loading.textContent = r.json.error || 'The server sent no games.';
    return;
  }
  document.getElementById('version').textContent = `gameopt ${r.json.version}`;
  const tabs = document.getElementById('tabs');
  const panels = document.getElementById('panels');
  loading.remove();
  const names = r.json.games.map((g) => g.name);
  for (const g of r.json.games) {
    tabs.append(el('button', {
      role: 'tab', id: `tab-${g.name}`, 'data-game': g.name, 'aria-controls': `panel-${g.name}`,
      text: g.name, onclick: () => selectTab(g.name, false),
    }));
    /* tokens and taxis also read questions as puzzles (solve), but their tab offers the
     * family's own verbs, as their example does */
    const example = (window.gameoptExamples || {})[g.name];
    const verbFamily = example && typeof example === 'object' && example.verb;
    const puzzles = !verbFamily && g.verbs.some((v) => v.name === 'solve' && v.input === 'required') && g.formats.length;
    panels.append(puzzles ? buildPanel(g, r.json.limits) : buildVerbPanel(g));
  }
  tabs.addEventListener('keydown', (e) => {
    const i = names.indexOf(document.activeElement.dataset.game);
    if (i < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (step) selectTab(names[(i + step + names.length) % names.length], true);
    else if (e.key === 'Home') selectTab(names[0], true);
    else if (e.key === 'End') selectTab(names[names.length - 1], true);
  });
  const wanted = location.hash.slice(1);
  selectTab(names.includes(wanted) ? wanted : names[0], false);
  document.body.dataset.ready = 'true';
}

main();
