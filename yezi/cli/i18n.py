"""`yezi i18n extract|compile|json|stats`: keep the gettext catalogs under yezi/locale.

- ``extract``: collect every marked msgid (``_()``, ``ngettext()``, ``N_()``, ``Msg()``),
  write ``yezi/locale/yezi.pot`` and merge it into the three ``.po`` files (new entries untranslated).
- ``compile``: write ``.mo`` files beside the ``.po`` (yezi reads the ``.po`` itself; for other tools).
- ``json DIR``: one ``<lang>.json`` per language, the catalog the web client loads.
- ``stats``: entries and untranslated entries per language.
- ``web``: write the catalogs' translations of the web client's strings into yezi/web/i18n.js (its
  English block is the source of those msgids, with the context ``web:KEY``); ``web --import`` first
  takes translations of new keys from i18n.js's Chinese blocks (after a merge: ``extract`` then ``web --import``).
"""

from __future__ import annotations

from pathlib import Path

from yezi.cli.args import Parser


def main(argv: list[str] | None = None) -> int:
    p = Parser(prog="yezi i18n", description="Keep the translation catalogs (gettext .po files under yezi/locale).")
    sub = p.add_subparsers(dest="what", required=True, metavar="WHAT")
    sub.add_parser("extract", help="extract msgids from the code and merge them into the .po files")
    sub.add_parser("compile", help="write .mo files beside the .po files")
    sp = sub.add_parser("json", help="export each catalog as JSON for the web client")
    sp.add_argument("dir", type=Path)
    sub.add_parser("stats", help="entries and untranslated entries per language")
    sp = sub.add_parser("web", help="write the catalogs' translations into the Chinese blocks of yezi/web/i18n.js")
    sp.add_argument("--import", dest="imp", action="store_true",
                    help="first fill untranslated web entries of the catalogs from i18n.js (after a merge)")
    args = p.parse_args(argv)
    from yezi.i18n import tools
    from yezi.i18n.catalog import LANGS, load_po

    if args.what == "extract":
        missing = tools.update()
        for lang, n in missing.items():
            print(f"{lang}: {n} untranslated")
    elif args.what == "compile":
        for path in tools.compile_mo():
            print(path)
    elif args.what == "web":
        from yezi.i18n.web import import_translations, sync

        if args.imp:
            print(f"{import_translations()} catalog entries filled from yezi/web/i18n.js")
        print(f"{sync()} strings changed in yezi/web/i18n.js")
    elif args.what == "json":
        for path in tools.export_json(args.dir):
            print(path)
    else:
        n = len(tools.extract())
        for lang in LANGS:
            cat = load_po(lang)
            done = len(cat.singles) + len(cat.contexts) + sum(1 for v in cat.plurals.values() if all(v))
            print(f"{lang}: {n} msgids, {done} translated")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
