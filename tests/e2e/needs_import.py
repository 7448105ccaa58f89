"""needs.json read by its real consumer: a minimal Sphinx project (sphinx and sphinx-needs from
PyPI) imports the built site's needs.json with `needimport`, the English version on one page and
the Japanese version (`:version: ja`, IDs prefixed `ja-`) on another, and builds with warnings as
errors. The needs sphinx-needs itself then exports (its `needs` builder) must hold every claim
and question of claims.json with its class as status and its premises as links, in both
languages. Usage: python3 needs_import.py SITE_DIR
"""

import json
import pathlib
import subprocess
import sys
import tempfile

CONF = """
extensions = ["sphinx_needs"]
project = "needimport check"
needs_id_regex = r"^[a-z0-9][a-z0-9._-]*$"
needs_types = [
    {"directive": "claim", "title": "Claim", "prefix": "", "color": "#BFD8D2", "style": "node"},
    {"directive": "question", "title": "Question", "prefix": "", "color": "#FEDCD2", "style": "node"},
]
needs_fields = {name: {"description": name, "schema": {"type": "string"}, "default": ""} for name in ["lifecycle", "gfx", "url", "declared_in"]}
needs_links = {"supersedes": {"incoming": "is superseded by", "outgoing": "supersedes"}}
needs_build_json = True
"""

INDEX = """Imported evidence
=================

.. toctree::

   en
   ja
"""


def page(title, needs, options=""):
    return f"{title}\n{'=' * len(title)}\n\n.. needimport:: {needs}\n{options}"


def main():
    if len(sys.argv) != 2:
        print("usage: python3 needs_import.py SITE_DIR", file=sys.stderr)
        return 2
    site = pathlib.Path(sys.argv[1]).resolve()
    needs_file = site / "needs.json"
    claims = json.loads((site / "claims.json").read_text(encoding="utf-8"))
    failures = 0

    def check(ok, what):
        nonlocal failures
        print(("ok   " if ok else "FAIL ") + what)
        failures += 0 if ok else 1

    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "docs"
        src.mkdir()
        (src / "conf.py").write_text(CONF, encoding="utf-8")
        (src / "index.rst").write_text(INDEX, encoding="utf-8")
        # A path in a directive is from the project's folder.
        (src / "needs.json").write_bytes(needs_file.read_bytes())
        (src / "en.rst").write_text(page("English", "needs.json"), encoding="utf-8")
        (src / "ja.rst").write_text(page("Japanese", "needs.json", "   :version: ja\n   :id_prefix: ja-\n"), encoding="utf-8")
        for builder in ["html", "needs"]:
            out = pathlib.Path(tmp) / builder
            run = subprocess.run(
                [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", builder, str(src), str(out)],
                capture_output=True,
                text=True,
            )
            check(run.returncode == 0, f"sphinx-build -b {builder} imports needs.json without a warning" + (f"\n{run.stderr}" if run.returncode else ""))
        exported = json.loads((pathlib.Path(tmp) / "needs" / "needs.json").read_text(encoding="utf-8"))
        version = exported["versions"][exported["current_version"]]["needs"]
        html = (pathlib.Path(tmp) / "html" / "en.html").read_text(encoding="utf-8")

    missing, wrong = [], []
    for prefix, lang in [("", "en"), ("ja-", "ja")]:
        for claim in claims["claims"]:
            need = version.get(prefix + claim["id"])
            if need is None:
                missing.append(prefix + claim["id"])
                continue
            links = sorted(need.get("links", []))
            expected = sorted(prefix + p for p in claim["depends_on"])
            if need["status"] != claim["class"] or links != expected or need["title"] != claim["text"][lang] or need["type"] != "claim":
                wrong.append(f"{prefix}{claim['id']}: {need['status']} {links} {need['title']!r}")
            if claim["supersedes"] and sorted(need.get("supersedes", [])) != sorted(prefix + s for s in claim["supersedes"]):
                wrong.append(f"{prefix}{claim['id']}: supersedes {need.get('supersedes')}")
        for question in claims["questions"]:
            need = version.get(prefix + question["id"])
            if need is None or need["type"] != "question" or sorted(need.get("links", [])) != sorted(prefix + a for a in question["about"]):
                wrong.append(f"{prefix}{question['id']}: {need and need.get('links')}")
    total = len(claims["claims"]) + len(claims["questions"])
    check(not missing, f"every claim is a need in both languages ({2 * len(claims['claims']) - len(missing)} of {2 * len(claims['claims'])})" + (f": missing {missing[:5]}" if missing else ""))
    check(not wrong, f"each has its class as status, its premises as links, its text as title ({total} per language)" + (f": {wrong[:5]}" if wrong else ""))
    check(all(c["id"] in html for c in claims["claims"]), "the HTML page shows every claim ID")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
