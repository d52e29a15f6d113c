"""The .deb on this machine: apt-get install, use the installed files, dpkg -r.

Needs root (CI runs as root); skipped otherwise, and skipped when a transitiond
package is installed already (it is not this test's to remove).
"""

import gzip
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from packages import ROOT, built, run, version

APT = ["apt-get", "-o", "DPkg::Lock::Timeout=600", "-y", "-q"]
# Container images often tell dpkg to skip man pages and docs; these are the files
# under test, so they are included whatever the local dpkg configuration says.
INCLUDE_OURS = ["-o", "DPkg::Options::=--path-include=/usr/share/man/man1/transition*",
                "-o", "DPkg::Options::=--path-include=/usr/share/doc/transitiond/*"]


def installed_status():
    r = subprocess.run(["dpkg-query", "-W", "-f=${db:Status-Abbrev}", "transitiond"], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else ""


@pytest.fixture(scope="module")
def installed():
    """Installs the .deb for the module's tests, then removes it."""
    deb = built("transitiond_*.deb")
    if os.geteuid() != 0:
        pytest.skip("installing the .deb needs root (apt-get install, dpkg -r); CI runs as root")
    if installed_status().startswith("ii"):
        pytest.skip("a transitiond package is installed already: not removing it")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(APT + INCLUDE_OURS + ["install", str(deb)], env=env, timeout=900)
    files = [Path(p) for p in run(["dpkg-query", "-L", "transitiond"]).split() if Path(p).is_file()]
    yield deb, files
    run(["dpkg", "-r", "transitiond"], env=env, timeout=300)


def test_package_metadata():
    deb = built("transitiond_*.deb")
    control = run(["dpkg-deb", "-f", str(deb), "Package", "Version", "Depends", "Architecture"])
    fields = dict(line.split(": ", 1) for line in control.splitlines())
    assert fields["Package"] == "transitiond"
    assert fields["Version"].startswith(version() + "-")
    assert deb.name == f"transitiond_{fields['Version']}_{fields['Architecture']}.deb"
    depends = [d.strip().split()[0] for d in fields["Depends"].split(",")]
    # transitiond is static (libuv linked in); transitionctl needs the C library.
    assert depends == ["libc6"]


def test_lintian_reports_no_error():
    deb = built("transitiond_*.deb")
    r = subprocess.run(["lintian", "--no-tag-display-limit", str(deb)], capture_output=True, text=True, timeout=600)
    errors = [line for line in r.stdout.splitlines() if line.startswith("E:")]
    assert errors == [], r.stdout
    assert r.returncode == 0, r.stdout + r.stderr


def test_tarball_holds_the_same_files_as_the_deb():
    deb = built("transitiond_*.deb")
    tarball = built(f"transitiond_{version()}_*.tar.gz")
    in_deb = {line.split()[-1].lstrip("./") for line in run(["dpkg-deb", "-c", str(deb)]).splitlines() if line.startswith("-")}
    with tarfile.open(tarball) as t:
        in_tar = {m.name for m in t.getmembers() if m.isfile()}
    assert in_tar == in_deb and "usr/bin/transitiond" in in_tar


def needed_libraries(exe):
    return {line.split("[")[1].rstrip("]") for line in run(["readelf", "-d", exe]).splitlines() if "(NEEDED)" in line}


def test_installed_daemon_is_static_and_transitionctl_needs_only_libc(installed):
    # No dynamic section at all: nothing to load or relocate at start-up.
    assert "INTERP" not in run(["readelf", "-l", "/usr/bin/transitiond"])
    assert needed_libraries("/usr/bin/transitiond") == set()
    needed = needed_libraries("/usr/bin/transitionctl")
    assert "libc.so.6" in needed
    assert needed <= {"libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1"}, needed
    assert "not found" not in run(["ldd", "/usr/bin/transitionctl"])


def test_installed_version_and_man_pages(installed):
    assert run(["/usr/bin/transitiond", "--version"]) == f"transitiond {version()}\n"
    assert run(["/usr/bin/transitionctl", "--version"]) == f"transitionctl {version()}\n"
    for page in ("transitiond", "transitionctl"):
        assert run(["man", "-w", page]).strip() == f"/usr/share/man/man1/{page}.1.gz"
        assert run(["/usr/bin/" + page, "--generate-man"]) == gzip.open(f"/usr/share/man/man1/{page}.1.gz", "rt").read()


def test_installed_completions_load(installed):
    for name in ("transitiond", "transitionctl"):
        out = run(["bash", "--norc", "-c", f"source /usr/share/bash-completion/completions/{name}; complete -p {name}"])
        assert out.strip() == f"complete -F _{name} {name}"
        assert Path(f"/usr/share/zsh/vendor-completions/_{name}").read_text().startswith(f"#compdef {name}\n")
        run(["fish", "--no-config", "--no-execute", f"/usr/share/fish/vendor_completions.d/{name}.fish"])


def test_installed_systemd_units_verify(installed, tmp_path):
    units = ["/usr/lib/systemd/user/transitiond.socket", "/usr/lib/systemd/user/transitiond.service"]
    env = dict(os.environ, XDG_RUNTIME_DIR=str(tmp_path))
    run(["systemd-analyze", "--user", "verify", *units], env=env)
    socket = Path(units[0]).read_text()
    assert "ListenStream=%t/transitiond/transitiond.sock\n" in socket
    assert "SocketMode=0600\n" in socket and "DirectoryMode=0700\n" in socket


def test_end_to_end_smoke_against_the_installed_daemon(installed):
    env = dict(os.environ, TRANSITIOND="/usr/bin/transitiond", TRANSITIONCTL="/usr/bin/transitionctl")
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "Tests/EndToEnd/test_manual_clock.py", "Tests/EndToEnd/test_socket_file.py"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:]
    # transitionctl finds the daemon installed next to it.
    env.pop("TRANSITIOND")
    assert run(["/usr/bin/transitionctl", "call", "session/list"], env=env).strip() == '{"sessions":[]}'


def test_removal_leaves_nothing_behind(installed):
    deb, files = installed
    assert Path("/usr/bin/transitiond") in files and len(files) >= 15
    run(["dpkg", "-r", "transitiond"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    left = [str(f) for f in files if f.exists()]
    assert left == []
    assert not Path("/usr/share/doc/transitiond").exists()
    assert installed_status() in ("", "un")
    # The fixture's own dpkg -r is then a no-op; reinstalling is not needed.
