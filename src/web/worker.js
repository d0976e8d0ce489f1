/* The page's Web Worker when it stands alone (make web's build/web; issue 29): gameopt
 * compiled to WebAssembly (gameopt.js + gameopt.wasm, cmake/web) answering the page's requests
 * with the JSON entry point, the same one `gameopt serve` answers with (src/web/worker_api.c).
 * No solver glue here: a request's JSON goes in, the envelope's JSON comes out.
 *
 * Messages from the page (data/www/backend.js):
 *   {init: {module, env}}         the compiled WebAssembly.Module (compiled once by the page, so
 *                                 a fresh worker after Stop starts at once) and environment
 *                                 variables for the C side (tests: GOPT_FAIL_ALLOC_OVER)
 *   {id, call: TEXT, memoryMb}    one request (the JSON of api.h); memoryMb bounds its structures
 *   {id, games: true}             the games' list, as GET /api/games
 * To the page:
 *   {ready: true} | {ready: false, error}
 *   {id, reply: TEXT}             the envelope
 *   {progress: {label, done, total, status, final}}   while a call runs
 *   {id, failed: {outOfMemory, bytes, heapMb, message}}   the module cannot go on: the page
 *                                 answers with the message and starts a fresh worker */
'use strict';

importScripts('gameopt.js'); /* defines createGameopt (-sMODULARIZE) */

let gameopt = null;

function start({ module, env }) {
  createGameopt({
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
    preRun: [(m) => Object.assign(m.ENV, env || {})],
    print: (t) => console.log(t),
    printErr: (t) => console.warn(t),
  }).then((m) => {
    gameopt = m;
    postMessage({ ready: true });
  }, (e) => postMessage({ ready: false, error: String(e) }));
}

/* The C string of s, on the module's heap (the caller frees it). */
function cString(s) {
  const n = gameopt.lengthBytesUTF8(s) + 1;
  const p = gameopt._malloc(n);
  gameopt.stringToUTF8(s, p, n);
  return p;
}

/* A C function's string reply as JS text (the C side's memory freed). */
function take(p) {
  const text = gameopt.UTF8ToString(p);
  gameopt._web_free(p);
  return text;
}

function failed(id, e) {
  const heapMb = gameopt ? gameopt.HEAP8.length / 1048576 : 0;
  if (e && e.gameoptOutOfMemory) return postMessage({ id, failed: { outOfMemory: true, bytes: e.bytes, heapMb } });
  /* C++'s new (CaDiCaL) aborts instead when the heap cannot grow: an abort on a heap past 1 GB
   * is taken for that */
  const message = String(e && e.message ? e.message : e);
  const memory = /out of memory|Cannot enlarge memory|bad_alloc/i.test(message) || (/abort/i.test(message) && heapMb > 1024);
  postMessage({ id, failed: { outOfMemory: memory, heapMb, message } });
}

onmessage = ({ data }) => {
  if (data.init) return start(data.init);
  const { id } = data;
  try {
    if (data.games) return postMessage({ id, reply: take(gameopt._web_games()) });
    const req = cString(data.call);
    const reply = take(gameopt._web_call(req, data.memoryMb || 0));
    gameopt._free(req);
    postMessage({ id, reply });
  } catch (e) {
    failed(id, e);
  }
};
