#!/usr/bin/env python3
"""Builds the extension's .vsix without the network (no npm, no vsce).

    python3 Clients/vscode/scripts/package.py [--out FILE]

A .vsix is a zip: `[Content_Types].xml`, `extension.vsixmanifest` (what the
Marketplace and `code --install-extension` read: identity, engine, assets) and the
extension's files under `extension/`. The files packed are package.json, README.md,
LICENSE (as LICENSE.txt, where the manifest points), src/ and media/, and under web/
the daemon on Node that the extension starts when no `transitiond` is found
(Clients/web's transitiond-wasm.js, bin/transitiond.mjs, transitiond.wasm and the
package.json it reads its version from, in their layout); tests and this script stay
out. The module must be built first (bash scripts/build-wasm.sh). Default output:
Clients/vscode/<name>-<version>.vsix.
"""

import argparse
import json
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

HERE = Path(__file__).resolve().parent.parent
FOLDERS = ("src", "media")
# The daemon on Node, from Clients/web, packed under extension/web/ in the same layout.
WEB = Path("..", "web")
WEB_FILES = ("transitiond-wasm.js", "bin/transitiond.mjs", "transitiond.wasm", "package.json")
CONTENT_TYPES = {
    ".json": "application/json",
    ".js": "application/javascript",
    ".mjs": "application/javascript",
    ".wasm": "application/wasm",
    ".html": "text/html",
    ".css": "text/css",
    ".md": "text/markdown",
    ".txt": "text/plain",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".vsixmanifest": "text/xml",
}


def files(root: Path) -> dict:
    """{path in the package: file on disk}."""
    packed = {
        "extension/package.json": root / "package.json",
        "extension/README.md": root / "README.md",
        "extension/LICENSE.txt": root / "LICENSE",
    }
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                packed["extension/" + path.relative_to(root).as_posix()] = path
    for name in WEB_FILES:
        path = root / WEB / name
        if not path.is_file():
            hint = " (run bash scripts/build-wasm.sh)" if name.endswith(".wasm") else ""
            raise SystemExit("package.py: %s is missing%s" % (path.resolve(), hint))
        packed["extension/web/" + name] = path
    return packed


def manifest(pkg: dict) -> str:
    repository = pkg.get("repository") or {}
    url = repository.get("url", "") if isinstance(repository, dict) else str(repository)
    properties = [
        ("Microsoft.VisualStudio.Code.Engine", pkg["engines"]["vscode"]),
        ("Microsoft.VisualStudio.Code.ExtensionDependencies", ""),
        ("Microsoft.VisualStudio.Code.ExtensionPack", ""),
        ("Microsoft.VisualStudio.Code.ExtensionKind", "workspace"),
        ("Microsoft.VisualStudio.Code.LocalizedLanguages", ""),
        ("Microsoft.VisualStudio.Services.Links.Source", url),
        ("Microsoft.VisualStudio.Services.GitHubFlavoredMarkdown", "true"),
        ("Microsoft.VisualStudio.Services.Content.Pricing", "Free"),
    ]
    props = "\n".join(
        "      <Property Id=%s Value=%s />" % (quoteattr(k), quoteattr(v)) for k, v in properties)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id={quoteattr(pkg["name"])} Version={quoteattr(pkg["version"])} Publisher={quoteattr(pkg["publisher"])} />
    <DisplayName>{escape(pkg.get("displayName", pkg["name"]))}</DisplayName>
    <Description xml:space="preserve">{escape(pkg.get("description", ""))}</Description>
    <Tags>{escape(",".join(pkg.get("keywords", [])))}</Tags>
    <Categories>{escape(",".join(pkg.get("categories", [])))}</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
{props}
    </Properties>
    <License>extension/LICENSE.txt</License>
  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/README.md" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.License" Path="extension/LICENSE.txt" Addressable="true" />
  </Assets>
</PackageManifest>
"""


def content_types(names) -> str:
    extensions = sorted({Path(n).suffix for n in names} | {".vsixmanifest"})
    unknown = [e for e in extensions if e not in CONTENT_TYPES]
    if unknown:
        raise SystemExit("package.py: no content type for %s" % ", ".join(unknown))
    defaults = "".join(
        '<Default Extension=%s ContentType=%s />' % (quoteattr(e), quoteattr(CONTENT_TYPES[e])) for e in extensions)
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">%s</Types>\n' % defaults)


def build(root: Path, out: Path) -> Path:
    pkg = json.loads((root / "package.json").read_text())
    packed = files(root)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("extension.vsixmanifest", manifest(pkg))
        z.writestr("[Content_Types].xml", content_types(packed))
        for name, path in packed.items():
            z.write(path, name)
    return out


def main(argv) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="the .vsix to write")
    args = parser.parse_args(argv)
    pkg = json.loads((HERE / "package.json").read_text())
    out = args.out or HERE / ("%s-%s.vsix" % (pkg["name"], pkg["version"]))
    print(build(HERE, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
