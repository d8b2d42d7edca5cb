#!/usr/bin/env python3
"""`make install`'s files, from a build folder into a temporary DESTDIR (`cmake --install`, about
a second): exactly the files Debian's engine packages would hold, under the prefix /usr; the
installed engine names the project version (`--version`, its start-up line, `id name` over UCI,
`myname` over CECP, as xboard starts it from the .eng entry); the xboard entry reads as xboard
parses it; the man page carries the version and, where groff is installed, formats without a
warning.

  tests/packaging/test_install.py BUILD_DIR PROJECT_VERSION
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

BUILD_DIR = None
PROJECT_VERSION = None
EXPECTED_FILES = sorted([
    "usr/games/sen",
    "usr/share/man/man6/sen.6",
    "usr/share/games/plugins/xboard/sen.eng",
    "usr/share/doc/sen/README.md",
    "usr/share/doc/sen/CHANGELOG.md",
    "usr/share/doc/sen/NOTICE",
])


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.destdir = tempfile.mkdtemp(prefix="sen-install-")
        env = dict(os.environ, DESTDIR=cls.destdir)
        cls.install = subprocess.run(["cmake", "--install", BUILD_DIR, "--prefix", "/usr"], env=env,
                                     capture_output=True, text=True, timeout=120)
        cls.sen = os.path.join(cls.destdir, "usr", "games", "sen")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.destdir, ignore_errors=True)

    def run_sen(self, args=(), stdin=""):
        proc = subprocess.run([self.sen, *args], input=stdin, capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stderr, "")
        return proc.stdout.splitlines()

    def version(self):
        lines = self.run_sen(["--version"])
        self.assertEqual(len(lines), 1, lines)
        return lines[0][len("Sen "):]

    def test_files_and_modes(self):
        self.assertEqual(self.install.returncode, 0, self.install.stderr)
        found = sorted(os.path.relpath(os.path.join(folder, name), self.destdir)
                       for folder, _, names in os.walk(self.destdir) for name in names)
        self.assertEqual(found, EXPECTED_FILES)
        self.assertTrue(os.access(self.sen, os.X_OK))
        for name in EXPECTED_FILES[1:]:
            self.assertFalse(os.stat(os.path.join(self.destdir, name)).st_mode & 0o111, name)

    def test_version_is_the_project_version(self):
        version = self.version()
        self.assertRegex(version, "^" + re.escape(PROJECT_VERSION) + r"(-dev(-[0-9a-f]{7})?)?$")
        built = subprocess.run([os.path.join(BUILD_DIR, "sen"), "--version"], capture_output=True, text=True)
        self.assertEqual(built.stdout.strip(), f"Sen {version}")

    def test_installed_engine_answers_uci(self):
        version = self.version()
        lines = self.run_sen(stdin="uci\nisready\nquit\n")
        self.assertEqual(lines[0], f"Sen {version} by the Sen developers")
        self.assertEqual(lines[1], f"id name Sen {version}")
        self.assertEqual(lines[2], "id author the Sen developers")
        self.assertEqual(lines[-2:], ["uciok", "readyok"])

    def test_installed_engine_answers_cecp(self):
        version = self.version()
        lines = self.run_sen(stdin="xboard\nprotover 2\nquit\n")
        self.assertEqual(lines[0], f"Sen {version} by the Sen developers")
        features = " ".join(lines[1:])
        self.assertIn(f'myname="Sen {version}"', features)
        self.assertIn("done=1", features)

    def test_xboard_entry(self):
        # xboard (menus.c, InstallFromDir) reads "plugin spec <major>.<minor>", then the engine
        # command, then the variants, one a line.
        with open(os.path.join(self.destdir, "usr/share/games/plugins/xboard/sen.eng")) as f:
            self.assertEqual(f.read(), "plugin spec 0.0\nsen\nchess,xiangqi\n")

    def test_man_page(self):
        page = os.path.join(self.destdir, "usr/share/man/man6/sen.6")
        with open(page) as f:
            text = f.read()
        self.assertRegex(text, r'(?m)^\.TH SEN 6 "[0-9-]+" "Sen ' + re.escape(PROJECT_VERSION) + '" "Games"$')
        if not shutil.which("groff"):
            self.skipTest("groff is not installed")
        proc = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", page], capture_output=True, text=True,
                              env=dict(os.environ, LC_ALL="C.UTF-8"))
        self.assertEqual((proc.returncode, proc.stderr), (0, ""))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    BUILD_DIR, PROJECT_VERSION = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1], verbosity=2)
