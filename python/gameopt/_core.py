"""One call of any verb of any game through the JSON entry point, and what comes back."""
import base64
import ctypes
import json
import os
import threading
from xml.sax.saxutils import escape

from . import _library

__all__ = ["GameoptError", "InputError", "InternalError", "Cancel", "Result", "Picture", "PNG", "Output", "Rows",
           "run", "games", "request_of"]


class GameoptError(Exception):
    """What went wrong in a call (a subclass says what kind)."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.result = result


class InputError(GameoptError, ValueError):
    """Bad input or usage (the command line's exit 2): where and what, as the one-line error
    `gameopt: FILE:LINE:COL: message` says it."""

    def __init__(self, error, result=None):
        self.text = error.get("text", "")
        self.file = error.get("file", "")
        self.line = error.get("line", 0)
        self.column = error.get("column", 0)
        self.message = error.get("message", self.text)
        super().__init__(self.text or self.message, result)


class InternalError(GameoptError, RuntimeError):
    """An answer failed its independent checker, or the library failed (exit 4)."""


class Cancel:
    """A cancel token: set() stops the call that was given it (from any thread), which then
    answers with what it knows (status "unknown"). One token may serve several calls."""

    def __init__(self):
        self._flag = ctypes.c_int(0)

    def set(self):
        self._flag.value = 1

    def clear(self):
        self._flag.value = 0

    def is_set(self):
        return bool(self._flag.value)

    @property
    def _pointer(self):
        return ctypes.pointer(self._flag)


class Picture(str):
    """An SVG picture: a string of the document that Jupyter draws inline."""
    name = ""

    def _repr_svg_(self):
        return str(self)

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self)


class PNG(bytes):
    """A PNG picture: its bytes, drawn inline by Jupyter."""
    name = ""

    def _repr_png_(self):
        return bytes(self)

    def save(self, path):
        with open(path, "wb") as f:
            f.write(self)


class Output(dict):
    """A side output of a call (an LP, a DOT network, a plot, a picture, a setting): its role,
    option, name, extension, media type, and its data (text, or bytes for PNG and PDF)."""

    @property
    def data(self):
        if "text" in self:
            return self["text"]
        return base64.b64decode(self.get("base64", ""))

    def save(self, path):
        data = self.data
        with open(path, "w" if isinstance(data, str) else "wb", **({"encoding": "utf-8"} if isinstance(data, str) else {})) as f:
            f.write(data)


class Rows(list):
    """Rows of a table (an experiment, a tournament) as dicts, ready for pandas.DataFrame; the
    manifest that repeats them rides along."""
    manifest = None

    def to_csv(self, path):
        """The rows as CSV, the manifest in '#' comment lines at the top
        (pandas.read_csv(path, comment="#") reads the rows back)."""
        import csv
        keys = []
        for r in self:
            keys += [k for k in r if k not in keys]
        with open(path, "w", encoding="utf-8", newline="") as f:
            if self.manifest is not None:
                f.write("# manifest: %s\n" % json.dumps(self.manifest, sort_keys=True))
            w = csv.DictWriter(f, fieldnames=keys)
            w.writeheader()
            for r in self:
                w.writerow({k: json.dumps(v) if isinstance(v, (list, dict)) else v for k, v in r.items()})

    def to_pandas(self):
        import pandas  # not a dependency of the package: only this method needs it
        frame = pandas.DataFrame(list(self))
        frame.attrs["manifest"] = self.manifest
        return frame


def _with_metadata(svg, manifest):
    """The SVG with the manifest in a <metadata> element (JSON) right after the <svg> tag."""
    if manifest is None or "<metadata" in svg:
        return svg
    at = svg.find("<svg")
    end = svg.find(">", at) if at >= 0 else -1
    if end < 0:
        return svg
    meta = '<metadata id="gameopt-manifest">%s</metadata>' % escape(json.dumps(manifest, sort_keys=True))
    return svg[:end + 1] + "\n" + meta + svg[end + 1:]


_TABLE_KEYS = ("rows", "matrix", "pairs", "findings")


class Result(dict):
    """The reply of one call: exit, status, answers (each a dict, as --json prints it), text
    (what the command line prints for people), warnings, outputs, and error."""

    cancelled = False  # the call was stopped by Ctrl-C (KeyboardInterrupt) or its cancel token

    @property
    def exit(self):
        return self.get("exit", 4)

    @property
    def status(self):
        return self.get("status", "error")

    @property
    def ok(self):
        return self.exit == 0

    @property
    def answers(self):
        return self.get("answers", [])

    @property
    def answer(self):
        """The first answer (most calls have one), or None."""
        a = self.answers
        return a[0] if a else None

    @property
    def text(self):
        return self.get("text", "")

    @property
    def warnings(self):
        return self.get("warnings", "")

    @property
    def outputs(self):
        return [Output(o) for o in self.get("outputs", [])]

    @property
    def pictures(self):
        """Every picture the call drew (picture="svg" or "png"; plots too), in order."""
        out = []
        for o in self.outputs:
            if o.get("ext") == "svg":
                p = Picture(_with_metadata(o.get("text", ""), self.manifest))
            elif o.get("ext") == "png" and o.get("role") in ("picture", "plot"):
                p = PNG(o.data)
            else:
                continue
            p.name = o.get("name", "")
            out.append(p)
        return out

    @property
    def picture(self):
        pics = self.pictures
        return pics[0] if pics else None

    @property
    def manifest(self):
        """What repeats the result: version, revision, the request with every option
        (defaults filled in), seed, limits, threads, machine and date."""
        for a in self.answers:
            if "manifest" in a:
                return a["manifest"]
        return None

    def table(self, key=None):
        """The rows of the answer's table (key: "rows", "matrix", "pairs", "findings"; by
        default the first there is) as a Rows list of dicts; the answer's scalar fields (seed,
        graph, games, c, dups ...) are copied into every row."""
        rows = Rows()
        rows.manifest = self.manifest
        for a in self.answers:
            keys = [key] if key else [k for k in _TABLE_KEYS if k in a][:1]
            for k in keys:
                common = {f: v for f, v in a.items()
                          if not isinstance(v, (list, dict)) and f not in ("seconds", "cpu_seconds", "status", "method")}
                for r in a.get(k, []):
                    if not isinstance(r, dict):  # e.g. flow's "rows" are the board's lines
                        continue
                    row = dict(common)
                    row.update(r)
                    rows.append(row)
        return rows

    @property
    def rows(self):
        return self.table()

    def _repr_svg_(self):
        p = self.picture
        return str(p) if isinstance(p, Picture) else None

    def __repr__(self):
        return "<gameopt.Result exit=%d status=%s answers=%d outputs=%d>" % (
            self.exit, self.status, len(self.answers), len(self.get("outputs", [])))


# ---- the request ----------------------------------------------------------------------------

def _read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


def _is_file(word):
    return isinstance(word, (str, os.PathLike)) and "\n" not in str(word) and os.path.isfile(word)


_option_types = {}  # (game, verb) -> {name: type}


def _types(game, verb):
    key = (game, verb)
    if key not in _option_types:
        types = {}
        for g in games():
            if g["name"] == game:
                for v in g["verbs"]:
                    if v["name"] == verb:
                        types = {o["name"]: o["type"] for o in v["options"]}
        _option_types[key] = types
    return _option_types[key]


def _value(game, verb, name, value, inputs):
    """A Python value as the entry point takes it: flags True/False, numbers, text; tuples as
    ranges (A..B) or sizes (WxH) by the option's type; lists comma-separated; an output option
    given True gets "-" (the output comes in the reply); a file named by an option is read."""
    if isinstance(value, (tuple, list)):
        kind = _types(game, verb).get(name)
        if kind == "size" and len(value) == 2:
            return "%sx%s" % tuple(value)
        if kind == "range" and len(value) == 2:
            return "%s..%s" % tuple(value)
        return ",".join(str(v) for v in value)
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if value is True and _types(game, verb).get(name) == "output":
        return "-"
    if isinstance(value, str) and _types(game, verb).get(name) == "string" and _is_file(value):
        inputs.setdefault(value, _read(value))  # e.g. taxis graph="my.board": read here
    return value


def request_of(game, verb, input=None, inputs=None, args=None, picture=None, options=None):
    """The JSON entry point's request for a call (docs/formats.md, "The JSON entry point").
    Files named in input, inputs, args or options are read here, in Python, and go in as
    named texts: the entry point itself reads no file."""
    named = {}
    words = []
    req = {"game": game, "verb": verb}
    if input is not None:
        if isinstance(input, os.PathLike) or _is_file(input):
            name = os.fspath(input)
            named[name] = _read(name)
            words.append(name)
        else:
            req["input"] = input
    if isinstance(inputs, dict):
        named.update(inputs)
    elif inputs:
        for p in inputs:
            named[os.fspath(p)] = _read(p)
    for a in args or []:
        a = os.fspath(a) if isinstance(a, os.PathLike) else str(a)
        if a not in named and _is_file(a):
            named[a] = _read(a)
        words.append(a)
    opts = {}
    for k, v in (options or {}).items():
        if v is None or v is False:
            continue
        opts[k.replace("_", "-")] = _value(game, verb, k.replace("_", "-"), v, named)
    if named:
        req["inputs"] = [{"name": n, "text": t} for n, t in named.items()]
    if words:
        req["args"] = words
    if opts:
        req["options"] = opts
    if picture:
        req["picture"] = "svg" if picture is True else picture
    return req


# ---- running a call ----------------------------------------------------------------------------

class _Worker(threading.Thread):
    """A thread that makes calls for the main thread, so the main thread waits in Python and
    Ctrl-C (KeyboardInterrupt, also a notebook's "interrupt") reaches it mid-call."""

    def __init__(self):
        super().__init__(name="gameopt-call", daemon=True)
        self._go = threading.Lock()
        self._go.acquire()
        self.done = threading.Lock()
        self.done.acquire()
        self.job = None
        self.reply = None
        self.error = None
        self.busy = False
        self.start()

    def run(self):
        while True:
            self._go.acquire()
            try:
                self.reply = _library.call(*self.job)
            except BaseException as e:  # handed to the waiting caller
                self.error = e
            self.job = None
            self.done.release()

    def submit(self, request, env):
        self.busy = True
        self.reply = self.error = None
        self.job = (request, env)
        self._go.release()


_workers = []
_workers_lock = threading.Lock()


def _idle_worker():
    with _workers_lock:
        for w in _workers:
            if not w.busy:
                return w
        w = _Worker()
        _workers.append(w)
        return w


def _call_interruptible(request, env, cancel):
    """On the main thread: the call on a worker, the main thread waiting where Ctrl-C reaches
    it. Ctrl-C sets the cancel token; the call then stops and answers what it knows."""
    w = _idle_worker()
    w.submit(request, env)
    interrupted = False
    while True:
        try:
            w.done.acquire()
            break
        except KeyboardInterrupt:
            if interrupted:  # a second Ctrl-C while the call winds down: leave it to finish alone
                raise
            interrupted = True
            cancel.set()
    w.busy = False
    if w.error is not None:
        raise w.error
    return w.reply, interrupted


def _progress_sink(progress):
    def report(ctx, label, done, total, status, final):
        try:
            progress(label.decode("utf-8", "replace") if label else "", done, total,
                     status.decode("utf-8", "replace") if status else "", bool(final))
        except Exception:  # a failing callback must not unwind through C
            pass
    fn = _library.PROGRESS_FN(report)
    return _library.ProgressSink(fn, None), fn


def run(game, verb, input=None, inputs=None, args=None, picture=None, cancel=None, progress=None,
        max_threads=0, check=True, **options):
    """Runs one verb of one game, as `gameopt GAME VERB [args] [--options]` would, and returns
    its Result. input: the puzzle's text, a link, or a file's path; inputs: more named texts
    ({name: text}) or files; args: the words after the verb; picture: "svg" or "png" (or True);
    options as on the command line without "--" (underscores for hyphens: time_limit=5,
    mc_samples=128; flags True; ranges and sizes as tuples; lists comma-separated).
    Bad input raises InputError, a failed check InternalError (with check=False both come back
    as a Result); a limit, infeasibility or a cancel comes back as the Result with its status
    and the bounds the answer's note gives. Every answer carries its manifest."""
    options = dict(options)
    options.setdefault("manifest", True)
    req = request_of(game, verb, input, inputs, args, picture, options)
    return call(req, cancel=cancel, progress=progress, max_threads=max_threads, check=check)


def call(request, cancel=None, progress=None, max_threads=0, check=True):
    """A request as the JSON entry point takes it (a dict) in, its Result out."""
    body = json.dumps(request, ensure_ascii=False).encode("utf-8")
    token = cancel if cancel is not None else Cancel()
    env = _library.Env(0.0, 0.0, int(max_threads or 0), token._pointer, None)
    keep = None
    if progress is not None:
        sink, keep = _progress_sink(progress)
        env.progress = ctypes.pointer(sink)
    if threading.current_thread() is threading.main_thread():
        reply, interrupted = _call_interruptible(body, env, token)
    else:  # Ctrl-C only reaches the main thread: call directly
        reply, interrupted = _library.call(body, env), False
    del keep
    result = Result(json.loads(reply))
    result.cancelled = interrupted or (cancel is not None and cancel.is_set())
    if check:
        if result.exit == 2:
            raise InputError(result.get("error") or {"text": "bad input"}, result)
        if result.exit == 4:
            err = result.get("error") or {}
            raise InternalError(err.get("text") or result.warnings.strip() or "internal error", result)
    return result


_games = None


def games():
    """Every family with its formats, methods and verbs, each verb with its typed options
    (name, type, default, min, max, choices, help): the library's own tables."""
    global _games
    if _games is None:
        _games = json.loads(_library.games())["games"]
    return _games
