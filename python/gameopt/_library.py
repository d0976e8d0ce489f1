"""Finding and loading libgameopt.so, and its two entry points declared for ctypes.

The library is looked for, in this order: the file $GAMEOPT_LIB names (only there, when it is
set); the build tree of the
checkout this package was installed from (recorded at install time) or that it sits in; the
installed library (the loader's path, then the usual prefixes). Nothing is loaded until the
first call, so `import gameopt` works anywhere and the error says where it looked.
"""
import ctypes
import ctypes.util
import os
import threading

__all__ = ["LibraryNotFoundError", "Env", "load", "PROGRESS_FN"]

_NAMES = ("libgameopt.so", "libgameopt.so.0")
_PREFIXES = ("/usr/local/lib", "/usr/local/lib64", "/usr/lib", "/usr/lib64", "/usr/lib/x86_64-linux-gnu",
             "/usr/lib/aarch64-linux-gnu")


class LibraryNotFoundError(OSError):
    """libgameopt.so is neither built nor installed where the package looks for it."""


# void report(void *ctx, const char *label, int64_t done, int64_t total, const char *status, bool final)
PROGRESS_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64,
                               ctypes.c_char_p, ctypes.c_bool)


class ProgressSink(ctypes.Structure):
    """gopt_progress_sink (include/gameopt/progress.h)."""
    _fields_ = [("report", PROGRESS_FN), ("ctx", ctypes.c_void_p)]


class Env(ctypes.Structure):
    """gopt_api_env (include/gameopt/api.h): what the caller bounds a request by."""
    _fields_ = [
        ("time_limit", ctypes.c_double),
        ("memory_limit_mb", ctypes.c_double),
        ("max_threads", ctypes.c_int),
        ("cancel", ctypes.POINTER(ctypes.c_int)),  # const atomic_int *: an int the C side reads
        ("progress", ctypes.POINTER(ProgressSink)),
    ]


def _source_roots():
    """Checkouts whose build/ may hold the library: the one recorded at install time, and the
    one this file sits in (python/gameopt/ inside the source tree)."""
    roots = []
    try:
        from . import _built  # written by setup.py when the package is installed
        roots.append(_built.SOURCE_ROOT)
    except ImportError:
        pass
    roots.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    return roots


def candidates():
    """Every place looked at, in order (for the error message too)."""
    places = []
    env = os.environ.get("GAMEOPT_LIB")
    if env:  # the user's word is final: no other library in its place
        return [env]
    for root in _source_roots():
        places.append(os.path.join(root, "build", "libgameopt.so"))
    found = ctypes.util.find_library("gameopt")
    if found:
        places.append(found)
    for prefix in _PREFIXES:
        for name in _NAMES:
            places.append(os.path.join(prefix, name))
    return places


_lock = threading.Lock()
_lib = None


def load():
    """The loaded library (once per process), with gopt_api_call, gopt_api_free and
    gopt_api_games declared."""
    global _lib
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        lib = None
        for place in candidates():
            if os.sep in place and not os.path.exists(place):
                tried.append(place)
                continue
            try:
                lib = ctypes.CDLL(place)
                break
            except OSError as e:
                tried.append("%s (%s)" % (place, e))
        if lib is None:
            raise LibraryNotFoundError(
                "gameopt: cannot find the shared library libgameopt.so; looked at:\n  " + "\n  ".join(tried) +
                "\nBuild it (`make` in the source tree: build/libgameopt.so), install it (`make install`), "
                "or set GAMEOPT_LIB to the file's path.")
        if not hasattr(lib, "gopt_api_call"):
            raise LibraryNotFoundError("gameopt: %s has no gopt_api_call (a library older than the JSON entry point)"
                                       % lib._name)
        lib.gopt_api_call.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(Env)]
        lib.gopt_api_call.restype = ctypes.c_void_p  # freed with gopt_api_free, so not c_char_p
        lib.gopt_api_free.argtypes = [ctypes.c_void_p]
        lib.gopt_api_free.restype = None
        lib.gopt_api_games.argtypes = []
        lib.gopt_api_games.restype = ctypes.c_void_p
        _lib = lib
        return lib


def path():
    """The file the library was loaded from."""
    return load()._name


def call(request, env):
    """One request (bytes of JSON) through gopt_api_call; the reply's bytes. ctypes releases
    the GIL for the call, so other Python threads run meanwhile."""
    lib = load()
    reply = lib.gopt_api_call(request, len(request), ctypes.byref(env) if env is not None else None)
    try:
        return ctypes.string_at(reply)
    finally:
        lib.gopt_api_free(reply)


def games():
    lib = load()
    reply = lib.gopt_api_games()
    try:
        return ctypes.string_at(reply)
    finally:
        lib.gopt_api_free(reply)
