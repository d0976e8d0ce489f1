/* Which gameopt answers the page (issue 29). Served by `gameopt serve` (GET api/games answers
 * the games' list), the page asks the server's JSON API, as request.js does without a back
 * end: window.gameoptBackend resolves to null. Standing alone (a folder of static files, make
 * web's build/web, served by any static file server), it asks a Web Worker (worker.js) running
 * gameopt compiled to WebAssembly, with the same request and the same envelope back: the
 * worker calls the JSON entry point the server calls. Only this file knows which.
 *
 * Each request runs on a worker of its own (the module is compiled once; a worker that answered
 * waits for the next request), up to one a core; more wait their turn. Stop (the request's
 * signal) terminates its worker: the next request gets a fresh one, the page stays usable at
 * once. A request the browser cannot give the memory for gets a reply that says so (exit 3)
 * and its worker is ended. */
'use strict';

(function () {
  /* What a request's structures may take (--memory-limit over the JSON entry point): below the
   * 4 GB a WebAssembly module can address, so a search stops with its bounds (exit 3) before
   * the browser refuses the module more memory. */
  const MEMORY_MB = 2048;
  /* Tests only: every allocation over this many bytes fails (alloc.c's fault injection),
   * to see the page's out-of-memory message without using gigabytes. */
  const failAllocOver = new URLSearchParams(location.search).get('wasm-fail-alloc-over');

  async function servedByGameopt() {
    try {
      const r = await fetch('api/games', { cache: 'no-store' });
      if (!r.ok) return false;
      const j = await r.json();
      return Array.isArray(j.games);
    } catch (e) {
      return false;
    }
  }

  function workerBackend() {
    const compiled = (async () => {
      try {
        return await WebAssembly.compileStreaming(fetch('gameopt.wasm'));
      } catch (e) { /* a server that does not say application/wasm */
        return WebAssembly.compile(await (await fetch('gameopt.wasm')).arrayBuffer());
      }
    })();
    const env = failAllocOver ? { GOPT_FAIL_ALLOC_OVER: failAllocOver } : {};
    /* requests run side by side as on the server (the page proves a par while it solves), each
     * on a worker of its own, up to one a core; a worker that answered waits for the next */
    const most = Math.max(2, navigator.hardwareConcurrency || 2);
    const idle = [];
    const waiting = [];
    let running = 0;
    let seq = 0;

    /* A worker with its module instantiated. */
    function spawn() {
      const w = new Worker('worker.js');
      const ready = new Promise((resolve, reject) => {
        w.onmessage = ({ data }) => (data.ready ? resolve(w) : reject(new Error(data.error)));
        w.onerror = (e) => reject(new Error(e.message || 'the worker did not start'));
      });
      compiled.then((module) => w.postMessage({ init: { module, env } }), (e) => w.onerror(e));
      return ready;
    }

    /* A worker for one request, in its turn; null when the request was stopped while waiting. */
    async function take(signal) {
      if (running >= most) {
        await new Promise((resolve) => {
          waiting.push(resolve);
          if (signal) signal.addEventListener('abort', () => { const i = waiting.indexOf(resolve); if (i >= 0) waiting.splice(i, 1), resolve(); }, { once: true });
        });
        if (signal && signal.aborted) return null;
      }
      running++;
      return idle.pop() || spawn();
    }

    /* The worker back to the idle ones (or, after a Stop or a failure, ended), and the next
     * waiting request's turn. */
    function give(w, ended) {
      running--;
      if (ended) w.terminate();
      else idle.push(w);
      const next = waiting.shift();
      if (next) next();
    }

    function failure(f) {
      const text = f.outOfMemory
        ? `gameopt: out of memory: this job needs more memory than the browser gives the page (${Math.round(f.heapMb)} MB in use); ` +
          'try a smaller puzzle, or run it with the command line or gameopt serve'
        : `gameopt: the WebAssembly module stopped: ${f.message}`;
      return {
        exit: f.outOfMemory ? 3 : 4, status: f.outOfMemory ? 'unknown' : 'error', answers: [], text: '', warnings: '',
        outputs: [], error: { text, file: '', line: 0, column: 0, message: text.replace(/^gameopt: /, '') },
      };
    }

    /* One message to a worker; the reply's text, a failure's envelope, or null when stopped. */
    async function ask(message, signal, onProgress) {
      const wp = take(signal);
      let w;
      try {
        w = await wp;
      } catch (e) {
        running--;
        return failure({ message: `the worker did not start: ${e.message}` });
      }
      if (!w) return null;
      if (signal && signal.aborted) return give(w, false), null;
      const id = ++seq;
      return new Promise((resolve) => {
        const stop = () => { give(w, true); resolve(null); };
        if (signal) signal.addEventListener('abort', stop, { once: true });
        w.onmessage = ({ data }) => {
          if (data.progress) return onProgress && onProgress(data.progress); /* request.js words it */
          if (data.id !== id) return;
          if (signal) signal.removeEventListener('abort', stop);
          if (data.failed) return give(w, true), resolve(failure(data.failed));
          give(w, false);
          resolve(data.reply);
        };
        w.postMessage({ id, ...message });
      });
    }

    async function answer(reply, signal) {
      if (reply === null || (signal && signal.aborted)) throw new DOMException('stopped', 'AbortError');
      return typeof reply === 'string' ? JSON.parse(reply) : reply;
    }

    spawn().then((w) => idle.push(w), () => {}); /* the first worker starts with the page */
    return {
      kind: 'worker',
      async call(req) {
        const { signal, onProgress, ...request } = req;
        /* as the server's path is given it (request.js): "-" names the input, which the entry
         * point puts first itself */
        if (request.args && request.args[0] === '-' && request.input !== undefined) request.args = request.args.slice(1);
        return answer(await ask({ call: JSON.stringify(request), memoryMb: MEMORY_MB }, signal, onProgress), signal);
      },
      async games() {
        return answer(await ask({ games: true }));
      },
    };
  }

  window.gameoptBackend = servedByGameopt().then((served) => (served ? null : workerBackend()));
})();
