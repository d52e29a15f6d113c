"""The transition document's schema (schema/transition-document.json) against what the
daemon's document/check decides in examples/documents.jsonl: a document the daemon
accepts validates, one it refuses is refused by the schema too.

    python3 -m pytest Protocol/tests -q          (from the repository root)
"""

import json

from lsp_stdio import EXAMPLES_DIR, SCHEMA_DIR, read_transcript
from test_transcripts import Schemas


def checked_documents():
    """(document as sent, what document/check answered) of the transcript."""
    steps = read_transcript(EXAMPLES_DIR / "documents.jsonl")
    sent = {message["id"]: message for kind, message in steps if kind == "send" and "id" in message}
    for kind, reply in steps:
        request = sent.get(reply.get("id")) if kind == "expect" else None
        if request and request["method"] == "document/check" and "result" in reply:
            params = request["params"]
            try:
                document = json.loads(params["text"]) if "text" in params else params["document"]
            except json.JSONDecodeError:
                continue  # the syntax error: nothing for a schema to say
            yield document, reply["result"]


def test_the_schema_agrees_with_the_daemon_on_every_document_of_the_transcript():
    validator = Schemas(SCHEMA_DIR).validator("transition-document.json")
    seen = {True: 0, False: 0}
    for document, result in checked_documents():
        if result.get("olderForm"):
            continue
        schema_accepts = validator.is_valid(document)
        # A warning (an unknown member) is a refusal for the schema, which describes the
        # canonical form.
        assert schema_accepts == (result["valid"] and result["diagnostics"] == []), document
        seen[schema_accepts] += 1
        if result["valid"]:
            # What the requests are made with is a document too.
            assert validator.is_valid(result["document"])
    assert seen[True] >= 2 and seen[False] >= 2


def test_the_schema_inside_the_daemon_is_current():
    """The MCP server's schema resource (scripts/embed-schema.py) is the one here."""
    import subprocess
    import sys

    from lsp_stdio import REPO_ROOT

    result = subprocess.run([sys.executable, str(REPO_ROOT / "scripts/embed-schema.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
