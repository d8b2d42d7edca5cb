#!/usr/bin/env python3
"""Tests of scripts/check-links: on Markdown files written for the test it reports exactly the broken
links (a missing file, a missing heading anchor, a missing docs/ path named in the text) and passes the
good ones (relative files and folders, GitHub heading anchors, web addresses, placeholders).
Standard library only; well under a second.
"""

import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "check-links")

PAGE = """# The page

## Options (UCI_Elo, `Hash`)

Good: [other](other.md), [its heading](other.md#a-heading-with-code), [here](#the-page),
[the options](#options-uci_elo-hash), [a folder](sub/), [the web](https://example.org/x.md),
[a placeholder](<name>.md), docs/strength.md, https://example.org/docs/nothing.md.

Bad: [gone](gone.md), [no anchor](other.md#nowhere), [no local anchor](#nowhere),
docs/no-such-page.md.

```sh
# A heading inside a code block
```

[not an anchor](#a-heading-inside-a-code-block)
"""

OTHER = """# A heading with `code`
"""


class CheckLinksTest(unittest.TestCase):
    def run_on(self, files):
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "sub"))
            for name, text in files.items():
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write(text)
            out = subprocess.run([sys.executable, SCRIPT, os.path.join(folder, "page.md")],
                                 capture_output=True, text=True, timeout=60)
        return out.returncode, [line.split(": ", 1)[1] for line in out.stdout.splitlines()]

    def test_reports_exactly_the_broken_links(self):
        code, problems = self.run_on({"page.md": PAGE, "other.md": OTHER})
        self.assertEqual(code, 1)
        self.assertEqual(problems, [
            "link target gone.md does not exist",
            "link target other.md#nowhere: no heading with the anchor #nowhere",
            "link target #nowhere: no heading with the anchor #nowhere",
            "docs/no-such-page.md does not exist",
            "link target #a-heading-inside-a-code-block: no heading with the anchor #a-heading-inside-a-code-block",
        ])

    def test_a_page_whose_links_all_lead_somewhere_passes(self):
        good = PAGE.split("Bad:")[0]
        code, problems = self.run_on({"page.md": good, "other.md": OTHER})
        self.assertEqual((code, problems), (0, []))


if __name__ == "__main__":
    unittest.main()
