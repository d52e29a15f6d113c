#!/usr/bin/env bash
# Builds transitiond's packages, offline, into dist/ (or --out DIR):
#   transitiond_<version>-<revision>_<arch>.deb   the daemon, transitionctl, man pages,
#                                                 completions, systemd user units, docs
#   transitiond_<version>_<arch>.tar.gz           the same files (usr/...), for any Linux
#   clients/                                      the Python wheel and sdist, the Emacs
#                                                 and Neovim packages, and whatever a
#                                                 client's own packaging hook builds
# The executables are release builds with the Swift runtime linked in: transitiond is
# one static executable (libuv and libc inside, for its start-up time), transitionctl
# needs only libc. The version is ProjectVersion.number (scripts/version.py).
#
#   bash scripts/package.sh [--out DIR] [--skip-build] [--no-clients]
#
# --skip-build packages the release binaries already in .build/release.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

out="$ROOT/dist"
build=1
clients=1
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --out=*) out="${1#--out=}"; shift ;;
        --skip-build) build=0; shift ;;
        --no-clients) clients=0; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "package.sh: unknown option '$1'" >&2; exit 64 ;;
    esac
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"

version="$(python3 scripts/version.py)"
python3 scripts/version.py --check
# The Debian revision: 1 for each new upstream version.
revision="${DEB_REVISION:-1}"
arch="$(dpkg --print-architecture)"
maintainer="${DEB_MAINTAINER:-The transitiond authors <transitiond@example.org>}"
# Reproducible: every date and mtime is the last commit's.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
umask 022

# MARK: executables

# --static-swift-stdlib links the Swift runtime in; the C++ runtime it uses is linked
# in too: a directory holding only libstdc++.a, searched first, and -static-libgcc.
# The directory's path is fixed so that a second run reuses the build.
static_cxx="$ROOT/.build/static-libstdc++"
mkdir -p "$static_cxx"
ln -sf "$(clang -print-file-name=libstdc++.a)" "$static_cxx/libstdc++.a"
release_flags=(-c release --static-swift-stdlib -Xlinker -L"$static_cxx"
    -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
    -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now)
if [ "$build" = 1 ]; then
    # Same flags for both products: the second build reuses the first's modules.
    swift build "${release_flags[@]}" --product transitiond
    swift build "${release_flags[@]}" --product transitionctl
fi
bin="$(swift build "${release_flags[@]}" --show-bin-path)"
for exe in transitiond transitionctl; do
    [ -x "$bin/$exe" ] || { echo "package.sh: $bin/$exe is missing (build first)" >&2; exit 1; }
    # Nothing but the C library and libm may be needed at run time.
    unexpected="$(readelf -d "$bin/$exe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' \
        | grep -v -E '^(libc\.so\.6|libm\.so\.6|ld-linux.*)$' || true)"
    if [ -n "$unexpected" ]; then
        echo "package.sh: $exe needs more than libc:" $unexpected >&2
        exit 1
    fi
done

# MARK: the file tree

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
doc="$root/usr/share/doc/transitiond"
install -d "$root/usr/bin" "$root/usr/share/man/man1" "$doc" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/lib/systemd/user" \
    "$root/usr/share/lintian/overrides"
for exe in transitiond transitionctl; do
    install -m 0755 "$bin/$exe" "$root/usr/bin/$exe"
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$exe"
    # Man page and completions come from the packaged executable itself.
    "$root/usr/bin/$exe" --generate-man | gzip -9n > "$root/usr/share/man/man1/$exe.1.gz"
    "$root/usr/bin/$exe" --generate-completion bash > "$root/usr/share/bash-completion/completions/$exe"
    "$root/usr/bin/$exe" --generate-completion zsh > "$root/usr/share/zsh/vendor-completions/_$exe"
    "$root/usr/bin/$exe" --generate-completion fish > "$root/usr/share/fish/vendor_completions.d/$exe.fish"
done
install -m 0644 packaging/systemd/transitiond.socket packaging/systemd/transitiond.service \
    "$root/usr/lib/systemd/user/"
install -m 0644 packaging/deb/copyright "$doc/copyright"
install -m 0644 packaging/deb/lintian-overrides "$root/usr/share/lintian/overrides/transitiond"
install -m 0644 README.md "$doc/README.md"
# The upstream changelog, and the Debian changelog made from it: one entry a release.
gzip -9n < CHANGELOG.md > "$doc/changelog.gz"
python3 - "$revision" "$maintainer" > "$stage/changelog.Debian" <<'PY'
import re, sys, datetime, email.utils
revision, maintainer = sys.argv[1], sys.argv[2]
text = open("CHANGELOG.md", encoding="utf-8").read()
releases = re.findall(r"^## (\S+) \((\d{4}-\d{2}-\d{2})\)\n(.*?)(?=^## |\Z)", text, re.M | re.S)
for i, (version, date, body) in enumerate(releases):
    if i:
        print()
    print(f"transitiond ({version}-{revision}) unstable; urgency=medium\n")
    for item in re.split(r"^- ", body.strip(), flags=re.M):
        item = " ".join(item.split())
        if item:
            words, line = item.split(), "  *"
            for w in words:
                if len(line) + 1 + len(w) > 78:
                    print(line)
                    line = "   "
                line += " " + w
            print(line)
    when = datetime.datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=datetime.timezone.utc)
    print(f"\n -- {maintainer}  {email.utils.format_datetime(when)}")
PY
gzip -9n < "$stage/changelog.Debian" > "$doc/changelog.Debian.gz"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

# MARK: .tar.gz of the same files

tarball="$out/transitiond_${version}_${arch}.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -C "$root" -cf - usr | gzip -9n > "$tarball"

# MARK: .deb

# Depends: what the executables link, with the versions their symbols need.
if command -v dpkg-shlibdeps >/dev/null 2>&1; then
    mkdir -p "$stage/src/debian"
    touch "$stage/src/debian/control"
    depends="$(cd "$stage/src" && dpkg-shlibdeps -O "$root/usr/bin/transitiond" "$root/usr/bin/transitionctl" 2>/dev/null \
        | sed -n 's/^shlibs:Depends=//p')"
else
    # Without dpkg-dev: the newest glibc symbol version transitionctl uses.
    glibc="$(readelf -V "$root/usr/bin/transitionctl" \
        | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)"
    depends="libc6 (>= $glibc)"
fi
case "$depends" in
    libc6*) ;;
    *) echo "package.sh: unexpected Depends: '$depends'" >&2; exit 1 ;;
esac
install -d "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
installed_size="$(du -sk --apparent-size --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s/@VERSION@/$version-$revision/" -e "s/@ARCH@/$arch/" -e "s/@MAINTAINER@/$maintainer/" \
    -e "s/@INSTALLED_SIZE@/$installed_size/" -e "s/@DEPENDS@/$depends/" \
    packaging/deb/control.in > "$root/DEBIAN/control"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
touch -d "@$SOURCE_DATE_EPOCH" "$root/DEBIAN" "$root/DEBIAN/"*
deb="$out/transitiond_${version}-${revision}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
echo "$tarball"

# MARK: client packages

if [ "$clients" = 1 ]; then
    bash scripts/package-clients.sh --out "$out/clients"
fi
