"""The client packages built by scripts/package.sh install with their own tools."""

import json
import os
import shutil
import subprocess
import sys
import zipfile

from packages import ROOT, built, run, version


def test_python_wheel_installs_in_a_fresh_venv_and_passes_the_client_tests(tmp_path):
    wheel = built(f"clients/python/transitiond-{version()}-py3-none-any.whl")
    sdist = built(f"clients/python/transitiond-{version()}.tar.gz")
    assert sdist.stat().st_size > 0
    names = zipfile.ZipFile(wheel).namelist()
    assert "transitiond/__init__.py" in names and "transitiond/py.typed" in names
    metadata = zipfile.ZipFile(wheel).read(f"transitiond-{version()}.dist-info/METADATA").decode()
    assert f"Version: {version()}\n" in metadata
    venv = tmp_path / "venv"
    # The test tools (pytest, jsonschema) come from the interpreter the suite runs on;
    # the client comes only from the wheel.
    run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
    python = str(venv / "bin" / "python")
    run([python, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps", str(wheel)])
    # The tests, copied away from Clients/python/src so that only the wheel can be imported.
    tests = tmp_path / "a" / "python" / "tests"
    shutil.copytree(ROOT / "Clients" / "python" / "tests", tests)
    where = run([python, "-c", "import transitiond; print(transitiond.__file__); print(transitiond.__version__)"], cwd=tests)
    location, installed = where.split()
    assert location.startswith(str(venv)) and installed == version()
    env = dict(os.environ, TRANSITIOND_SCHEMA_DIR=str(ROOT / "Protocol" / "schema"))
    env.setdefault("TRANSITIOND", str(ROOT / ".build" / "debug" / "transitiond"))
    r = subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)], cwd=tests, env=env,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    assert " passed" in r.stdout.splitlines()[-1]


def emacs_install(tmp_path, target):
    elpa = tmp_path / "elpa"
    program = f"""(progn
      (require 'package)
      (setq package-user-dir "{elpa}" package-archives nil)
      (package-initialize)
      (package-install-file "{target}")
      (require 'transitiond)
      (princ (format "%s\\n%s\\n" (locate-library "transitiond")
                     (package-version-join (package-desc-version (cadr (assq 'transitiond package-alist)))))))"""
    out = run(["emacs", "--batch", "-Q", "--eval", program])
    library, installed = out.split()[-2:]
    assert library.startswith(str(elpa / f"transitiond-{version()}")), library
    assert installed == version()


def test_emacs_package_installs_with_package_install_file(tmp_path):
    tree = built(f"clients/emacs/transitiond-{version()}")
    assert (tree / "transitiond-pkg.el").read_text().count(f'"transitiond" "{version()}"') == 1
    emacs_install(tmp_path / "from-tar", built(f"clients/emacs/transitiond-{version()}.tar"))
    emacs_install(tmp_path / "from-directory", tree)


def test_neovim_plugin_tree_loads_with_its_help(tmp_path):
    tree = built(f"clients/nvim/transitiond.nvim-{version()}")
    assert (tree / "doc" / "tags").is_file()
    out = run(["nvim", "--headless", "--clean", "--cmd", f"set rtp^={tree}",
               "-c", "lua io.stdout:write(require('transitiond').version .. '\\n')",
               "-c", "help transitiond",
               "-c", "lua io.stdout:write(vim.fn.expand('%:p') .. '\\n')",
               "-c", "qa!"], timeout=60)
    lines = out.split()
    assert lines[0] == version()
    assert lines[1] == str(tree / "doc" / "transitiond.txt")


def test_npm_tarball_imports_in_node(tmp_path):
    """The JavaScript client's npm pack output, unpacked as node_modules/<name>, imports."""
    tarball = built("clients/web/*.tgz", needs="; it needs Clients/web/package.json and npm")
    modules = tmp_path / "node_modules"
    modules.mkdir()
    run(["tar", "-xzf", str(tarball), "-C", str(modules)])
    name = json.loads((modules / "package" / "package.json").read_text())["name"]
    target = modules / name
    target.parent.mkdir(parents=True, exist_ok=True)
    (modules / "package").rename(target)
    out = run(["node", "--input-type=module", "-e", f"const m = await import({json.dumps(name)}); console.log(Object.keys(m).length)"],
              cwd=tmp_path)
    assert int(out.strip()) > 0


def test_vscode_vsix_holds_the_manifest_and_the_extension():
    """The .vsix Clients/vscode/packaging.sh builds offline is a VSIX zip of this version."""
    vsix = built(f"clients/vscode/transitiond-{version()}.vsix")
    with zipfile.ZipFile(vsix) as z:
        names = set(z.namelist())
        assert {"[Content_Types].xml", "extension.vsixmanifest", "extension/package.json"} <= names
        manifest = json.loads(z.read("extension/package.json"))
        assert manifest["version"] == version()
        assert f'Version="{version()}"' in z.read("extension.vsixmanifest").decode()
        assert any(n.startswith("extension/src/") and n.endswith(".js") for n in names)
        # The daemon on Node it starts when no transitiond is found, in Clients/web's layout.
        web = ["transitiond-wasm.js", "bin/transitiond.mjs", "transitiond.wasm", "package.json"]
        assert {f"extension/web/{name}" for name in web} <= names
        assert z.read("extension/web/transitiond.wasm")[:4] == b"\0asm"
