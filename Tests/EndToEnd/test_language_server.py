"""The daemon's language server for transition documents, driven by a language-server
client the project did not write: pygls's LanguageClient (PyPI `pygls`, with
`lsprotocol`'s types), over the daemon's standard input/output or, through
`transitiond --remote`, its Unix socket beside another client watching the preview.
"""

import asyncio
import json

import pytest
from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

from e2e_harness import binary_path

pytestmark = pytest.mark.native_only("the language server is the native daemon's")

URI = "file:///work/list-to-grid.transition.json"
TEXT = (
    '{\n'
    '  "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],\n'
    '              "layout": {"type": "list", "rowHeight": 60}, "clock": "manual"},\n'
    '  "transition": {"to": {"type": "grid", "columns": "two"}, "duraton": 0.5,\n'
    '                 "timing": "quarticEaseInOut"}\n'
    '}\n'
)


class Editor:
    """A pygls client on a daemon, with the diagnostics it was sent, in order."""

    def __init__(self):
        self.client = LanguageClient("transitiond-tests", "1")
        self.diagnostics = asyncio.Queue()
        queue = self.diagnostics

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params):
            queue.put_nowait(params)

    async def start(self, *args):
        await self.client.start_io(str(binary_path()), *(args or ("--stdio",)))
        # An editor's client says what it does with text documents.
        capabilities = t.ClientCapabilities(text_document=t.TextDocumentClientCapabilities(
            synchronization=t.TextDocumentSyncClientCapabilities(),
            publish_diagnostics=t.PublishDiagnosticsClientCapabilities()))
        result = await self.client.initialize_async(t.InitializeParams(capabilities=capabilities))
        self.client.initialized(t.InitializedParams())
        return result

    async def published(self):
        return await asyncio.wait_for(self.diagnostics.get(), 30)

    def open(self, text, uri=URI, language="json"):
        self.client.text_document_did_open(t.DidOpenTextDocumentParams(
            text_document=t.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)))

    async def execute(self, command, *arguments):
        return await self.client.workspace_execute_command_async(t.ExecuteCommandParams(
            command=command, arguments=list(arguments)))

    def change(self, version, *changes, uri=URI):
        self.client.text_document_did_change(t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=list(changes)))

    async def stop(self):
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


def run(body, *args):
    async def main():
        editor = Editor()
        result = await editor.start(*args)
        try:
            return await body(editor, result)
        finally:
            await editor.stop()

    return asyncio.run(main())


def position(line, character):
    return t.Position(line=line, character=character)


def where(diagnostic):
    r = diagnostic.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


def test_initialize_advertises_the_language_features():
    async def body(editor, result):
        return result.capabilities

    capabilities = run(body)
    assert capabilities.text_document_sync.open_close is True
    assert capabilities.text_document_sync.change == t.TextDocumentSyncKind.Incremental
    assert capabilities.hover_provider is True
    assert capabilities.completion_provider is not None
    assert capabilities.code_lens_provider is not None
    assert list(capabilities.execute_command_provider.commands) == [
        "transitiond.play", "transitiond.scrub", "transitiond.stop"]


def test_a_client_without_text_documents_is_not_told_of_them(stdio):
    client = stdio()
    capabilities = client.initialize()["capabilities"]
    assert "textDocumentSync" not in capabilities and "hoverProvider" not in capabilities
    assert "layoutTypes" in capabilities


def test_diagnostics_follow_the_text_through_incremental_and_full_changes():
    async def body(editor, _):
        # Another JSON file is not a transition document: it gets nothing, so the first
        # diagnostics to arrive are the transition document's.
        editor.open('{"a": 1}', uri="file:///work/package.json")
        editor.open(TEXT)
        first = await editor.published()
        # "two" -> 2 (incremental): the error goes, the unknown member's warning shows.
        editor.change(2, t.TextDocumentContentChangePartial(
            range=t.Range(start=position(3, 51), end=position(3, 56)), text="2"))
        second = await editor.published()
        # "duraton" -> "duration" (incremental): nothing left.
        editor.change(3, t.TextDocumentContentChangePartial(
            range=t.Range(start=position(3, 55), end=position(3, 64)), text='"duration"'))
        third = await editor.published()
        # A whole new text with a syntax error (full sync).
        editor.change(4, t.TextDocumentContentChangeWholeDocument(text='{"session": {,}}'))
        fourth = await editor.published()
        editor.client.text_document_did_close(t.DidCloseTextDocumentParams(
            text_document=t.TextDocumentIdentifier(uri=URI)))
        closed = await editor.published()
        return first, second, third, fourth, closed

    first, second, third, fourth, closed = run(body)
    assert first.uri == URI and first.version == 1
    # Errors and warnings in one round: the misspelt member is told at once.
    error, early_warning = first.diagnostics
    assert early_warning.severity == t.DiagnosticSeverity.Warning
    assert early_warning.message == "unknown member; did you mean `duration`?"
    assert where(early_warning) == (3, 59, 3, 68)  # "duraton", before "two" became 2
    assert error.severity == t.DiagnosticSeverity.Error and error.source == "transitiond"
    assert error.code == -32602 and error.message == "expected integer"
    assert error.data == {"field": "transition.to.columns"}
    assert where(error) == (3, 51, 3, 56)  # "two"
    [warning] = second.diagnostics
    assert second.version == 2
    assert warning.severity == t.DiagnosticSeverity.Warning
    assert warning.message == "unknown member; did you mean `duration`?"
    assert where(warning) == (3, 55, 3, 64)  # "duraton", its name
    assert third.version == 3 and list(third.diagnostics) == []
    [syntax] = fourth.diagnostics
    assert syntax.code == -32700 and where(syntax) == (0, 13, 0, 14)
    assert closed.uri == URI and list(closed.diagnostics) == []


def test_the_item_limit_and_the_transition_language_id():
    async def body(editor, _):
        editor.open(TEXT.replace('"two"', "2").replace('"items": 10', '"items": 11'),
                    uri="untitled:Untitled-1", language="transition")
        return await editor.published()

    published = run(body, "--stdio", "--max-items", "10")
    limit, warning = published.diagnostics
    assert warning.severity == t.DiagnosticSeverity.Warning and warning.data == {"field": "transition.duraton"}
    assert limit.code == -32014 and limit.severity == t.DiagnosticSeverity.Error
    assert limit.data == {"field": "session.sections[0].items"}


def test_completion_offers_the_members_and_values_the_schema_allows():
    text = (
        '{"session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 4}],\n'
        ' "layout": {"type": "grid", "columns": 2, }},\n'
        ' "transition": {"to": {"type": ""}, "timing": "" }}\n'
    )

    async def body(editor, _):
        editor.open(text)
        await editor.published()

        async def complete(line, character):
            result = await editor.client.text_document_completion_async(t.CompletionParams(
                text_document=t.TextDocumentIdentifier(uri=URI), position=position(line, character)))
            return result if isinstance(result, list) else result.items

        # Inside the quotes of "type": "" and "timing": "", and before those of "timing".
        return await complete(1, 41), await complete(2, 32), await complete(2, 47), await complete(2, 46)

    members, types, easings, unquoted = run(body)
    names = [item.label for item in members]
    # A grid's members, without the ones written already.
    assert "spacing" in names and "aspectRatio" in names and "lineSpacing" in names
    assert "type" not in names and "columns" not in names and "rowHeight" not in names
    aspect = next(item for item in members if item.label == "aspectRatio")
    assert aspect.detail == "number from 0.000001 to 1000000"
    assert aspect.documentation == "Item width / height: a number from 1e-6 to 1e6."
    assert aspect.text_edit.new_text == '"aspectRatio": '
    assert [item.label for item in types] == ["flow", "list", "grid", "displaySwitch", "explicit"]
    assert types[0].text_edit.new_text == "flow"
    labels = [item.label for item in easings]
    assert labels[:2] == ["linear", "quadraticEaseIn"] and "quarticEaseInOut" in labels and "ease-in-out" in labels
    assert len(labels) == 31 + 6
    assert easings[0].text_edit.new_text == "linear"
    assert [item.label for item in unquoted] == labels and unquoted[0].text_edit.new_text == '"linear"'


def test_hover_tells_what_a_member_is_and_what_the_engine_makes_of_it():
    text = TEXT.replace('"two"', "2").replace('"duraton"', '"duration"')

    async def body(editor, _):
        editor.open(text)
        await editor.published()

        async def hover(line, character):
            return await editor.client.text_document_hover_async(t.HoverParams(
                text_document=t.TextDocumentIdentifier(uri=URI), position=position(line, character)))

        return await hover(4, 20), await hover(3, 20), await hover(2, 18)

    timing, to, layout = run(body)
    assert timing.contents.kind == t.MarkupKind.Markdown
    # quarticEaseInOut: 8 t^4 in the first half, so 0.03125 a quarter of the way in.
    assert timing.contents.value.endswith(
        "Duration 0.5 s; progress at 0%, 25%, 50%, 75%, 100% of it: 0, 0.0313, 0.5, 0.9688, 1.")
    assert timing.contents.value.startswith("**`timing`** — ")
    assert (timing.range.start.line, timing.range.start.character) == (4, 17)
    # Ten 187.5-point squares in two columns: five rows.
    assert to.contents.value.endswith("Content size 375 × 937.5 at the end.")
    assert layout.contents.value.endswith("Content size 375 × 600 at rest.")


def test_code_lenses_play_scrub_and_stop_a_session_another_client_watches(server):
    daemon = server()
    watcher = daemon.connect()
    text = TEXT.replace('"two"', "2").replace('"duraton"', '"duration"')

    async def body(editor, _):
        editor.open(text)
        await editor.published()
        lenses = await editor.client.text_document_code_lens_async(t.CodeLensParams(
            text_document=t.TextDocumentIdentifier(uri=URI)))
        out = {"lenses": lenses}

        out["play"] = await editor.execute("transitiond.play", URI)
        # The watcher finds the session by its name and plays it to the end.
        subscribed = watcher.call("session/subscribe", {"name": "transition:list-to-grid"})
        out["subscribed"] = subscribed
        watcher.call("clock/advance", {"session": subscribed["session"], "by": 0.5})
        out["end"] = watcher.wait_for(lambda m: m.get("method") == "transition/didEnd")
        # Live reload: three columns replay in the same session, which the watcher still hears.
        editor.change(2, t.TextDocumentContentChangePartial(
            range=t.Range(start=position(3, 51), end=position(3, 52)), text="3"))
        await editor.published()
        out["reloaded sample"] = watcher.call("transition/sample", {"session": subscribed["session"],
                                                                    "progress": 1})
        out["reloaded tick"] = watcher.call("clock/advance", {"session": subscribed["session"], "by": 0.5})
        out["reloaded end"] = watcher.wait_for(lambda m: m.get("method") == "transition/didEnd")
        out["scrub"] = await editor.execute("transitiond.scrub", URI, 0.25)
        out["scrub status"] = watcher.call("transition/status", {"session": subscribed["session"]})
        out["stop"] = await editor.execute("transitiond.stop", URI)
        out["stopped end"] = watcher.wait_for(lambda m: m.get("method") == "transition/didEnd")
        out["after stop"] = watcher.call_error("session/subscribe", {"name": "transition:list-to-grid"})
        return out

    out = run(body, f"--remote={daemon.path}")
    assert [lens.command.command for lens in out["lenses"]] == ["transitiond.play", "transitiond.scrub",
                                                                "transitiond.stop"]
    assert [list(lens.command.arguments) for lens in out["lenses"]] == [[URI], [URI, 0.5], [URI]]
    assert (out["lenses"][0].range.start.line, out["lenses"][0].range.start.character) == (3, 2)
    play = out["play"]
    assert play["name"] == "transition:list-to-grid" and play["duration"] == 0.5
    assert play["clock"] == "manual" and play["fps"] == 60
    subscribed = out["subscribed"]
    assert subscribed["session"] == play["session"]
    assert subscribed["clock"] == "manual" and subscribed["fps"] == 60
    assert out["end"]["params"]["reason"] == "finished" and out["end"]["params"]["completed"] is True
    # The edit replayed the document in the same session: a new transition, heard by the
    # watcher without subscribing again.
    tick = out["reloaded tick"]
    assert tick["session"] == play["session"] and tick["transition"] != play["transition"]
    assert tick["progress"] == 1
    assert out["reloaded end"]["params"]["transition"] == tick["transition"]
    widths = {a["frame"]["width"] for a in out["reloaded sample"]["attributes"]}
    assert widths == {125}  # three columns of 375
    assert out["scrub"]["session"] == play["session"] and out["scrub"]["progress"] == 0.25
    assert out["scrub status"]["progress"] == 0.25 and out["scrub status"]["state"] == "paused"
    assert out["stop"] is None
    assert out["stopped end"]["params"]["reason"] == "disposed"
    assert out["after stop"]["code"] == -32010  # no session of that name


def test_an_edit_replays_in_place_and_an_invalid_edit_keeps_the_preview(server):
    """A realtime document: the watcher subscribed once hears the first transition end in
    place at the edit and the next one start; an invalid edit leaves the session and says so."""
    daemon = server()
    watcher = daemon.connect()
    text = TEXT.replace('"two"', "2").replace('"duraton"', '"duration"').replace(
        ', "clock": "manual"', "").replace('"duration": 0.5', '"duration": 30')

    async def body(editor, _):
        editor.open(text)
        await editor.published()
        out = {"play": await editor.execute("transitiond.play", URI)}
        session = watcher.call("session/subscribe", {"name": "transition:list-to-grid"})["session"]
        out["first tick"] = watcher.wait_for(lambda m: m.get("method") == "transition/tick")
        # 30 s -> 0.25 s, while the first transition runs.
        start = text.index("30")
        line = text[:start].count("\n")
        character = start - (text.rindex("\n", 0, start) + 1)
        editor.change(2, t.TextDocumentContentChangePartial(
            range=t.Range(start=position(line, character), end=position(line, character + 2)), text="0.25"))
        out["diagnostics"] = await editor.published()
        out["replaced"] = watcher.wait_for(lambda m: m.get("method") == "transition/didEnd")
        out["next end"] = watcher.wait_for(
            lambda m: m.get("method") == "transition/didEnd" and m["params"]["reason"] == "finished")
        # An invalid edit: the session stays, and the diagnostics say what the preview shows.
        editor.change(3, t.TextDocumentContentChangePartial(
            range=t.Range(start=position(line, character), end=position(line, character + 4)), text='"x"'))
        out["invalid"] = await editor.published()
        out["still"] = watcher.call("session/subscribe", {"name": "transition:list-to-grid"})
        out["session"] = session
        return out

    out = run(body, f"--remote={daemon.path}")
    session = out["session"]
    assert out["play"]["session"] == session and out["play"]["clock"] == "realtime"
    assert out["first tick"]["params"]["session"] == session
    assert list(out["diagnostics"].diagnostics) == []
    replaced = out["replaced"]["params"]
    assert replaced["session"] == session and replaced["reason"] == "cancelledInPlace"
    assert replaced["transition"] == out["play"]["transition"]
    ended = out["next end"]["params"]
    assert ended["session"] == session and ended["transition"] != replaced["transition"]
    assert ended["completed"] is True
    severities = sorted(d.severity for d in out["invalid"].diagnostics)
    assert severities == [t.DiagnosticSeverity.Error, t.DiagnosticSeverity.Information]
    info = next(d for d in out["invalid"].diagnostics if d.severity == t.DiagnosticSeverity.Information)
    assert f"session {session}" in info.message and "last valid version" in info.message
    assert out["still"]["session"] == session
    # The editor's own connection left: the document's session ended with it.
    assert watcher.call_error("session/subscribe", {"name": "transition:list-to-grid"})["code"] == -32010


def test_two_editors_share_a_documents_session_until_the_last_closes_it(server):
    daemon = server()
    watcher = daemon.connect()
    text = TEXT.replace('"two"', "2").replace('"duraton"', '"duration"')

    async def main():
        first, second = Editor(), Editor()
        await first.start(f"--remote={daemon.path}")
        await second.start(f"--remote={daemon.path}")
        out = {}
        try:
            first.open(text)
            await first.published()
            second.open(text)
            await second.published()
            out["first"] = await first.execute("transitiond.play", URI)
            out["second"] = await second.execute("transitiond.scrub", URI, 0.5)
            first.client.text_document_did_close(t.DidCloseTextDocumentParams(
                text_document=t.TextDocumentIdentifier(uri=URI)))
            await first.published()
            out["after first"] = watcher.call("session/subscribe", {"name": "transition:list-to-grid"})
            second.client.text_document_did_close(t.DidCloseTextDocumentParams(
                text_document=t.TextDocumentIdentifier(uri=URI)))
            await second.published()
            out["after second"] = watcher.call_error("session/subscribe", {"name": "transition:list-to-grid"})
        finally:
            await first.stop()
            await second.stop()
        return out

    out = asyncio.run(main())
    assert out["second"]["session"] == out["first"]["session"]
    assert out["after first"]["session"] == out["first"]["session"]
    assert out["after first"]["state"] == "paused"
    assert out["after second"]["code"] == -32010


def test_a_change_a_live_session_cannot_take_makes_the_session_anew(server):
    daemon = server()
    watcher = daemon.connect()
    text = TEXT.replace('"two"', "2").replace('"duraton"', '"duration"')

    async def body(editor, _):
        editor.open(text)
        await editor.published()
        out = {"play": await editor.execute("transitiond.play", URI)}
        editor.change(2, t.TextDocumentContentChangeWholeDocument(
            text=text.replace('"clock": "manual"', '"clock": "manual", "fps": 30')))
        await editor.published()
        out["again"] = watcher.call("session/subscribe", {"name": "transition:list-to-grid"})
        out["listed"] = watcher.call("session/list")
        return out

    out = run(body, f"--remote={daemon.path}")
    assert out["again"]["session"] != out["play"]["session"] and out["again"]["fps"] == 30
    assert [s["session"] for s in out["listed"]["sessions"]] == [out["again"]["session"]]


def test_a_command_on_an_invalid_document_is_refused():
    async def body(editor, _):
        editor.open(TEXT)
        await editor.published()
        try:
            await editor.execute("transitiond.play", URI)
        except Exception as error:  # pygls raises the JSON-RPC error
            return error
        return None

    error = run(body)
    assert error is not None
    assert "not a valid transition document: 4:52: error: transition.to.columns: expected integer" in str(error)
