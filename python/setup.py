"""Installs the gameopt package and records the checkout it came from, so the installed
package finds the library in that checkout's build/ (libgameopt.so) as well as an installed
one. Configuration is in pyproject.toml."""
import os

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_recording_source(build_py):
    def run(self):
        super().run()
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        target = os.path.join(self.build_lib, "gameopt", "_built.py")
        with open(target, "w", encoding="utf-8") as f:
            f.write('"""Written at install time: the source tree this package was installed from."""\n')
            f.write("SOURCE_ROOT = %r\n" % root)


setup(cmdclass={"build_py": build_py_recording_source})
