/* The page's one door to gameopt: every request goes through gameopt.call, and every reply
 * comes back as the mid-end's envelope (issue 28):
 *
 *   call({game, verb, input, inputs: [{name, text}], args, options, picture: 'svg'},
 *        {signal, onProgress}) -> Promise<{exit, status, answers: [...], text, warnings,
 *        outputs: [{role, name, type, text}], error: {text, file, line, column, message}}>
 *
 * It never rejects: a failed request is a reply with exit 4 and an error the page shows where
 * the action was taken (no spinner waits for good). A Stop is signal.abort(): the request is
 * dropped (the server notices the hang-up and cancels it) and the reply says "stopped".
 * When backend.js is loaded (window.gameoptBackend, issue 29: the server or the WebAssembly
 * worker behind one call(request), answering the same envelope), requests go there;
 * otherwise to the server's JSON API (POST api/GAME/VERB, the envelope back).
 *
 * Progress (issue 29 item 4, issue 30 item 6): onProgress(text) is told what the work has
 * proven so far while it runs: "puzzle 3 of 50: at least 20 moves, at most 23; 41000 nodes".
 * The worker posts it; from the server, the request carries a random name (header
 * X-Gameopt-Progress) and GET api/progress/NAME is asked every half second until the answer
 * comes (docs/serve.md). */
'use strict';

(function () {
  const STATUS = ['solved', 'infeasible', 'bad-input', 'unknown', 'error'];

  function failure(exit, text) {
    const m = /^gameopt: ([^:]*):(\d+):(\d+): (.*)$/s.exec(text || '');
    return {
      exit, status: STATUS[exit] || 'error', answers: [], text: '', warnings: '', outputs: [],
      error: m ? { text, file: m[1], line: Number(m[2]), column: Number(m[3]), message: m[4] }
        : { text, file: '', line: 0, column: 0, message: (text || '').replace(/^gameopt: /, '') },
    };
  }

  /* The words for a progress report ({label, done, total, status} from either back end, or
   * {state: "waiting", ahead} from the server's queue); "" when there is nothing to tell. */
  function progressText(p) {
    if (!p || typeof p !== 'object') return typeof p === 'string' ? p : '';
    if (p.state === 'waiting') return p.ahead ? `waiting for the server (${p.ahead} ahead)` : 'waiting for the server';
    const parts = [];
    if (p.total > 1) parts.push(`puzzle ${Math.min(p.done + 1, p.total)} of ${p.total}`);
    if (p.status) parts.push(p.status);
    return parts.join(': ');
  }

  /* Asks the server what the request named `name` has proven, every half second (one ask at
   * a time), until stopped(); each answer goes to tell(). */
  async function pollProgress(name, stopped, tell) {
    while (!stopped()) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (stopped()) return;
      try {
        const r = await fetch(`api/progress/${name}`, { cache: 'no-store' });
        if (r.ok && !stopped()) tell(await r.json());
      } catch (e) { /* the answer (or its failure) ends the polling */ }
    }
  }

  function randomName() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  async function viaServer(req, signal, onProgress) {
    /* the server's API is the mid-end's entry point: the request as it is, the game and verb
     * in the path */
    const body = { input: req.input, inputs: req.inputs, args: req.args, options: req.options, picture: req.picture };
    const headers = { 'Content-Type': 'application/json' };
    let done = false;
    if (onProgress) {
      const name = randomName();
      headers['X-Gameopt-Progress'] = name;
      pollProgress(name, () => done || (signal && signal.aborted), onProgress);
    }
    let r, text;
    try {
      r = await fetch(`api/${req.game}/${req.verb}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
      text = await r.text();
    } finally {
      done = true;
    }
    try { return reply(JSON.parse(text)); } catch (e) {
      return failure(r.status === 503 ? 3 : 4, `gameopt: the server answered ${r.status}: ${text.slice(0, 200)}`);
    }
  }

  /* The entry point's envelope; anything else (a proxy's page, a truncated body) throws. */
  function reply(json) {
    if (json && typeof json === 'object' && typeof json.exit === 'number' && Array.isArray(json.answers)) return json;
    throw new Error('not an envelope');
  }

  /* One request; never rejects. */
  async function call(req, { signal, onProgress } = {}) {
    const told = onProgress && ((p) => { const t = progressText(p); if (t) onProgress(t); });
    try {
      const backend = await window.gameoptBackend; /* backend.js: a promise of it */
      if (backend && typeof backend.call === 'function')
        return reply(await backend.call({ ...req, signal, onProgress: told }));
      return await viaServer(req, signal, told);
    } catch (e) {
      if (signal && signal.aborted) return { ...failure(3, 'gameopt: stopped (nothing proven beyond what was shown)'), stopped: true };
      return failure(4, 'gameopt: no answer from gameopt (is gameopt serve still running?)');
    }
  }

  /* GET the games' list (the verbs and options of every family). */
  async function games() {
    try {
      const backend = await window.gameoptBackend; /* backend.js: a promise of it */
      if (backend && typeof backend.games === 'function') return await backend.games();
      const r = await fetch('api/games');
      return await r.json();
    } catch (e) {
      return { error: 'gameopt: the server does not answer (is gameopt serve running?)' };
    }
  }

  /* The picture of the reply (its first, or the one named name), as SVG text. */
  function picture(reply, name) {
    const pics = (reply.outputs || []).filter((o) => o.role === 'picture' && o.type === 'image/svg+xml');
    const p = pics.find((o) => o.name === name) || pics[0];
    return p ? p.text : null;
  }

  /* The words to show for a failed reply. */
  function errorText(reply) {
    return reply.error ? reply.error.text : `gameopt: ${reply.status}`;
  }

  window.gameopt = { call, games, picture, errorText };
})();
