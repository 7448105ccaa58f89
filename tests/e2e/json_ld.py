"""The linked data of every content page read by a real JSON-LD processor (pyld from PyPI): each
page's script parses as JSON and expands without error and without fetching anything; it
describes a TechArticle in the page's language, tied to its translation, holding one Claim per
claim card on the page (with its evidence class); and no script element holds an early end.
Usage: python3 json_ld.py SITE_DIR
"""

import json
import pathlib
import re
import sys

from pyld import jsonld

SCHEMA = "https://schema.org/"
SCRIPT = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.S)


def no_remote(url, options=None):
    raise jsonld.JsonLdError(f"the page asked to fetch {url}", "loading document failed")


def main():
    if len(sys.argv) != 2:
        print("usage: python3 json_ld.py SITE_DIR", file=sys.stderr)
        return 2
    site = pathlib.Path(sys.argv[1]).resolve()
    failures, pages, claims = [], 0, 0
    for path in sorted(site.glob("*/**/index.html")):
        html = path.read_text(encoding="utf-8")
        scripts = SCRIPT.findall(html)
        lang = re.search(r'<html lang="([a-z]+)"', html).group(1)
        cards = len(re.findall(r'<article class="claim[^"]*" id="claim-', html))
        if not scripts:
            continue
        pages += 1
        rel = path.relative_to(site).as_posix()
        if len(scripts) != 1:
            failures.append(f"{rel}: {len(scripts)} JSON-LD scripts")
            continue
        try:
            data = json.loads(scripts[0])
            expanded = jsonld.expand(data, {"base": f"https://example.invalid/{rel}", "documentLoader": no_remote})
        except Exception as e:  # noqa: BLE001 - any failure of the processor is the finding
            failures.append(f"{rel}: {e}")
            continue
        page = expanded[0]
        if SCHEMA + "TechArticle" not in page.get("@type", []):
            failures.append(f"{rel}: not a TechArticle: {page.get('@type')}")
        if [v["@value"] for v in page.get(SCHEMA + "inLanguage", [])] != [lang]:
            failures.append(f"{rel}: inLanguage is not {lang}")
        link = SCHEMA + ("workTranslation" if lang == "ja" else "translationOfWork")
        if not page.get(link):
            failures.append(f"{rel}: no {link}")
        parts = [p for p in page.get(SCHEMA + "hasPart", []) if SCHEMA + "Claim" in p.get("@type", [])]
        if len(parts) != cards:
            failures.append(f"{rel}: {len(parts)} Claim items for {cards} cards")
        for part in parts:
            names = {p[SCHEMA + "name"][0]["@value"]: p[SCHEMA + "value"][0]["@value"] for p in part.get(SCHEMA + "additionalProperty", [])}
            if names.get("evidenceClass") not in {"confirmed", "inferred", "unresolved", "limited"}:
                failures.append(f"{rel}: {part.get('@id')} has no evidence class")
        claims += len(parts)
    print(("ok   " if pages else "FAIL ") + f"{pages} pages carry JSON-LD")
    for failure in failures:
        print("FAIL " + failure)
    if not failures:
        print(f"ok   every script expands with pyld, a TechArticle tied to its translation, {claims} Claim items matching the cards")
    return 1 if failures or not pages else 0


if __name__ == "__main__":
    sys.exit(main())
