"""--help, the man pages and the shell completions, all rendered from one description.

The man page is read back from its roff source (and checked by groff), the help is
parsed from its two columns, and the two must list the same options with the same
words; each completion script must load in its shell and complete real words.
"""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRANSITIOND = os.environ.get("TRANSITIOND") or str(ROOT / ".build" / "debug" / "transitiond")
TRANSITIONCTL = os.environ.get("TRANSITIONCTL") or str(Path(TRANSITIOND).parent / "transitionctl")
PROGRAMS = {"transitiond": TRANSITIOND, "transitionctl": TRANSITIONCTL}
SUBCOMMANDS = ["call", "run", "demo", "render", "export", "record", "check"]


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, timeout=30, **kw)
    assert r.returncode == 0, f"{args}: exit {r.returncode}\n{r.stderr}"
    return r.stdout


def words(text):
    return " ".join(text.split())


# MARK: reading the help


def help_sections(text):
    """{TITLE: [lines]} of a help text; a title's inline text is the first line."""
    sections, title = {}, None
    for line in text.splitlines():
        m = re.match(r"^([A-Z][A-Z ]+):(?: (.*))?$", line)
        if m:
            title = m.group(1)
            sections[title] = [m.group(2)] if m.group(2) else []
        elif title is not None:
            sections[title].append(line)
    return sections


def help_definitions(lines):
    """[(term, text)] of a two-column list: terms at column 2, text from column 26."""
    items = []
    for line in lines:
        if line.startswith("  ") and not line.startswith("   "):
            if len(line) > 26 and line[25] == " ":
                items.append([line[2:25].strip(), line[26:].strip()])
            else:
                items.append([line.strip(), ""])
        elif line.startswith(" " * 26) and items:
            items[-1][1] = (items[-1][1] + " " + line.strip()).strip()
    return [(t, words(x)) for t, x in items]


# MARK: reading the man page


def unroff(line):
    line = line.replace("\\&", "").replace("\\-", "-").replace("\\e", "\\")
    line = line.replace("\\(em", "\u2014").replace("\\(mu", "\u00d7")
    return re.sub(r"\\f[BIRP]", "", line)


def man_parts(source):
    """{section: {"paragraphs": [...], "definitions": [(term, text)]}}, subsections
    (.SS) under "SUBCOMMANDS/<name>"."""
    parts, key, expect_term, pending = {}, None, False, None
    for raw in source.splitlines():
        if raw.startswith('.\\"'):
            continue
        if raw.startswith(".SH ") or raw.startswith(".SS "):
            name = unroff(raw[4:]).strip('"')
            key = name if raw.startswith(".SH ") else "SUBCOMMANDS/" + name.split()[0]
            parts[key] = {"paragraphs": [], "definitions": []}
        elif raw == ".TP":
            expect_term = True
        elif raw.startswith("."):
            expect_term = False
        elif key is not None:
            text = unroff(raw)
            if expect_term:
                pending, expect_term = text, False
            elif pending is not None:
                parts[key]["definitions"].append((pending, words(text)))
                pending = None
            else:
                parts[key]["paragraphs"].append(words(text))
    return parts


@pytest.fixture(scope="module", params=list(PROGRAMS))
def program(request):
    name = request.param
    return name, PROGRAMS[name], run([PROGRAMS[name], "--generate-man"])


def test_man_page_is_clean_roff(program):
    name, _, source = program
    if not shutil.which("groff"):
        pytest.skip("groff is not installed (Debian groff-base)")
    r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z"], input=source, capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert source.startswith('.\\"') and f".TH {name.upper()} 1 " in source


def test_help_and_man_page_say_the_same(program):
    name, path, source = program
    man = man_parts(source)
    help_text = run([path, "--help"])
    sections = help_sections(help_text)
    assert words(" ".join(sections["OVERVIEW"])) == " ".join(man["DESCRIPTION"]["paragraphs"])
    assert sections["USAGE"][0] == " ".join(man["SYNOPSIS"]["paragraphs"])
    help_options = help_definitions(sections["OPTIONS"])
    assert len(help_options) >= 6
    assert help_options == man["OPTIONS"]["definitions"]
    # Every other section of the help is in the page, word for word.
    for title, lines in sections.items():
        if title in ("OVERVIEW", "USAGE", "OPTIONS", "SUBCOMMANDS"):
            continue
        assert title in man, f"{title} missing from {name}(1)"
        page_text = " ".join(man[title]["paragraphs"] + [f"{t} {x}" for t, x in man[title]["definitions"]])
        for term, text in help_definitions(lines):
            assert f"{term} {text}".strip() in page_text
    assert f"{name} - " in " ".join(man["NAME"]["paragraphs"])


def test_each_subcommand_help_matches_its_man_section():
    man = man_parts(run([TRANSITIONCTL, "--generate-man"]))
    connection = {t for t, _ in help_definitions(help_sections(run([TRANSITIONCTL, "--help"]))["OPTIONS"])}
    for sub in SUBCOMMANDS:
        sections = help_sections(run([TRANSITIONCTL, sub, "--help"]))
        part = man[f"SUBCOMMANDS/{sub}"]
        own = [d for d in help_definitions(sections["OPTIONS"]) if d[0] not in connection or d[0] == "-h, --help"]
        args = help_definitions(sections.get("ARGUMENTS", []))
        assert part["definitions"][: len(args) + len(own)] == args + own, sub
        assert words(" ".join(sections["OVERVIEW"])) in " ".join(part["paragraphs"]), sub
        assert sections["USAGE"][0] in " ".join(part["paragraphs"]), sub


# MARK: completions


def completion(tmp_path, name, shell):
    path = tmp_path / f"{name}.{shell}"
    path.write_text(run([PROGRAMS[name], "--generate-completion", shell]))
    return path


def bash_complete(script, name, line):
    """What the completion offers for `line` (the cursor at its end), one per line."""
    words_ = line.split(" ")
    program = (
        f"source {script}; COMP_WORDS=({' '.join(repr(w) for w in words_)}); "
        f"COMP_CWORD={len(words_) - 1}; COMP_LINE={line!r}; COMP_POINT=${{#COMP_LINE}}; "
        f"_{name}; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    )
    return run(["bash", "--norc", "-c", program]).split()


def test_bash_completion_loads_and_completes(tmp_path):
    for name in PROGRAMS:
        script = completion(tmp_path, name, "bash")
        run(["bash", "-n", str(script)])
        assert run(["bash", "--norc", "-c", f"source {script}; complete -p {name}"]).strip() == f"complete -F _{name} {name}"
    d, ctl = tmp_path / "transitiond.bash", tmp_path / "transitionctl.bash"
    assert bash_complete(d, "transitiond", "transitiond --log-level ") == ["error", "warning", "info", "debug"]
    assert bash_complete(d, "transitiond", "transitiond --max-s") == ["--max-sessions"]
    assert bash_complete(ctl, "transitionctl", "transitionctl r") == ["run", "render", "record"]
    assert bash_complete(ctl, "transitionctl", "transitionctl check --di") == ["--diff-svg"]
    assert bash_complete(ctl, "transitionctl", "transitionctl record x.transition.json --fr") == ["--frames"]
    assert bash_complete(ctl, "transitionctl", "transitionctl --socket /tmp/x render --fr") == ["--frames"]
    assert bash_complete(ctl, "transitionctl", "transitionctl help de") == ["demo"]
    assert bash_complete(ctl, "transitionctl", "transitionctl call --daemon-log-level d") == ["debug"]


def test_zsh_completion_loads(tmp_path):
    if not shutil.which("zsh"):
        pytest.skip("zsh is not installed (scripts/ensure-deps.sh --tests installs it)")
    for name in PROGRAMS:
        script = completion(tmp_path, name, "zsh")
        run(["zsh", "-n", str(script)])
        out = run(["zsh", "-f", "-c", f"autoload -Uz compinit; compinit -u -D; source {script}; print -r -- $_comps[{name}]"])
        assert out.strip() == f"_{name}"


def fish_complete(script, line):
    out = run(["fish", "--no-config", "-c", f"source {script}; complete -C {line!r}"])
    return [entry.split("\t")[0] for entry in out.splitlines()]


def test_fish_completion_loads_and_completes(tmp_path):
    if not shutil.which("fish"):
        pytest.skip("fish is not installed (scripts/ensure-deps.sh --tests installs it)")
    d, ctl = completion(tmp_path, "transitiond", "fish"), completion(tmp_path, "transitionctl", "fish")
    for script in (d, ctl):
        run(["fish", "--no-config", "--no-execute", str(script)])
    assert sorted(fish_complete(d, "transitiond --log-level ")) == ["debug", "error", "info", "warning"]
    assert fish_complete(d, "transitiond --max-b") == ["--max-backlog-bytes", "--max-batch"]
    assert sorted(fish_complete(ctl, "transitionctl r")) == ["record", "render", "run"]
    assert fish_complete(ctl, "transitionctl check --di") == ["--diff-svg"]
    assert fish_complete(ctl, "transitionctl render --fr") == ["--frames"]
    # A subcommand's options stay with it.
    assert fish_complete(ctl, "transitionctl call --fr") == []


def test_unknown_shell_is_a_usage_error():
    for path in PROGRAMS.values():
        r = subprocess.run([path, "--generate-completion", "tcsh"], capture_output=True, text=True, timeout=10)
        assert r.returncode == 64 and "bash, zsh, fish" in r.stderr and r.stdout == ""


# MARK: the description and the parsers agree


def parser_spellings(sources):
    """Every option spelling a hand-written parser matches (`case "--name"`)."""
    found = set()
    for path in sources:
        for line in path.read_text().splitlines():
            if line.strip().startswith("case "):
                found.update(re.findall(r'"(-[-\w]*)"', line))
    return found - {"-", "--"}


def limit_spellings():
    """The `--max-*` flags of the daemon's limits table (`ServiceLimits.options`), which
    its parser matches besides its own `case`s."""
    text = (ROOT / "Sources" / "TransitionService" / "Configuration" / "LimitOption.swift").read_text()
    return {"--" + name for name in re.findall(r'LimitOption\(\s*"([\w-]+)"', text)}


def completed_words(name):
    """The option words the bash completion offers, from its word lists."""
    script = run([PROGRAMS[name], "--generate-completion", "bash"])
    return set(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", script))


def test_every_option_a_parser_accepts_is_described():
    daemon = parser_spellings([ROOT / "Sources" / "transitiond" / "CommandLineOptions.swift"]) | limit_spellings()
    # The table's nine limits (--max-web-connections the latest): the pattern finds them all.
    assert len(limit_spellings()) == 9
    tool = parser_spellings(sorted((ROOT / "Sources" / "transitionctl").rglob("*.swift")))
    assert {"--listen", "--pipe", "--max-batch"} <= daemon and {"--out", "-o", "--daemon"} <= tool
    assert daemon - completed_words("transitiond") == set()
    assert tool - completed_words("transitionctl") == set()


def test_every_described_option_is_accepted():
    """Each option of the help, given before --help/--version, is not 'unknown'."""
    def check(command, option, valued, last):
        args = command + [option] + (["1"] if valued else []) + [last]
        r = subprocess.run(args, capture_output=True, text=True, timeout=10)
        assert "unknown option" not in r.stderr, (args, r.stderr)
    for t, _ in help_definitions(help_sections(run([TRANSITIOND, "--help"]))["OPTIONS"]):
        for option in re.findall(r"(?<![\w<])--?[\w-]+", t):
            check([TRANSITIOND], option, "<" in t and "[<" not in t, "--version")
    for sub in SUBCOMMANDS:
        for t, _ in help_definitions(help_sections(run([TRANSITIONCTL, sub, "--help"]))["OPTIONS"]):
            for option in re.findall(r"(?<![\w<])--?[\w-]+", t):
                check([TRANSITIONCTL, sub], option, "<" in t, "--help")
