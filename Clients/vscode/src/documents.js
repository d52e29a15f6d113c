'use strict';
// Transition documents (*.transition.json, language `transition`) kept in sync with the
// daemon's language server (Protocol/README.md section 20): opened, changed (whole
// text) and closed with the textDocument notifications, and the daemon's
// textDocument/publishDiagnostics shown as the editor's diagnostics. The checks are the
// daemon's own, the same as its methods make; the extension makes none of its own.
// Completion, hover and code lenses are asked of the daemon too.
// No `vscode` dependency: the editor's parts are passed in.

/** Whether a text document is a transition document. */
function isTransitionDocument(document) {
  return document.languageId === 'transition' || String(document.uri).endsWith('.transition.json');
}

/**
 * LSP's DiagnosticSeverity (1 error, 2 warning, 3 information, 4 hint) as VS Code's (0
 * error, 1 warning, 2 information, 3 hint).
 */
function severityOf(lspSeverity) {
  return [1, 2, 3, 4].includes(lspSeverity) ? lspSeverity - 1 : 1;
}

class DocumentSync {
  /**
   * @param {object} parts
   * @param {() => Promise<object>} parts.client the daemon's client (started on demand)
   * @param {(uri: string, diagnostics: object[]) => void} parts.show shows a document's
   *   diagnostics: each `{range: {start: {line, character}, end}, severity (VS Code's),
   *   message, source, code, field}`
   * @param {(uri: string, params: object) => void} [parts.published] told after each
   *   publishDiagnostics of an open document (the daemon has taken its last change)
   */
  constructor({ client, show, published }) {
    this.client = client;
    this.show = show;
    this.onPublished = published || (() => {});
    this.open = new Set();
    /** The open documents by URI (the editor's objects). */
    this.documents = new Map();
    this.subscribed = null;
  }

  /** The text of an open document, or undefined. */
  textOf(uri) {
    const document = this.documents.get(String(uri));
    return document ? document.getText() : undefined;
  }

  async connect() {
    const client = await this.client();
    if (this.subscribed !== client) {
      const reconnected = this.subscribed !== null;
      this.subscribed = client;
      client.on('textDocument/publishDiagnostics', (params) => this.published(params));
      // A new connection (after a stop, or a daemon that went away) knows no documents yet.
      if (reconnected) for (const document of this.documents.values()) this.sendOpen(client, document);
    }
    return client;
  }

  published(params) {
    if (!params || !this.open.has(params.uri)) return;
    this.show(params.uri, (params.diagnostics || []).map((d) => ({
      range: d.range,
      severity: severityOf(d.severity),
      message: d.message,
      source: d.source,
      code: d.code,
      field: d.data && d.data.field,
    })));
    this.onPublished(params.uri, params);
  }

  async didOpen(document) {
    if (!isTransitionDocument(document)) return;
    const client = await this.connect();
    const uri = String(document.uri);
    this.open.add(uri);
    this.documents.set(uri, document);
    this.sendOpen(client, document);
  }

  sendOpen(client, document) {
    client.notify('textDocument/didOpen', {
      textDocument: { uri: String(document.uri), languageId: 'transition', version: document.version, text: document.getText() },
    });
  }

  async didChange(document) {
    const uri = String(document.uri);
    if (!this.open.has(uri)) return;
    this.documents.set(uri, document);
    const client = await this.connect();
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: document.version },
      contentChanges: [{ text: document.getText() }],
    });
  }

  async didClose(document) {
    const uri = String(document.uri);
    if (!this.open.has(uri)) return;
    const client = await this.connect();
    client.notify('textDocument/didClose', { textDocument: { uri } });
    this.open.delete(uri);
    this.documents.delete(uri);
    this.show(uri, []);
  }

  /** Runs transitiond.play, .scrub (with a progress) or .stop on a document. */
  async command(name, document, progress) {
    return this.execute(`transitiond.${name}`, [String(document.uri), ...(name === 'scrub' ? [progress === undefined ? 0.5 : progress] : [])]);
  }

  /** Runs one of the daemon's commands (a code lens's) with its arguments. */
  async execute(command, args) {
    const client = await this.connect();
    return client.request('workspace/executeCommand', { command, arguments: args });
  }

  /** The daemon's answer to a position request on an open transition document. */
  async at(method, document, position) {
    const uri = String(document.uri);
    if (!this.open.has(uri)) return null;
    const client = await this.connect();
    return client.request(method, { textDocument: { uri }, position: { line: position.line, character: position.character } });
  }

  /** Completion items (LSP's) at a position. */
  async completion(document, position) {
    return (await this.at('textDocument/completion', document, position)) || [];
  }

  /** The hover (LSP's) at a position, or null. */
  async hover(document, position) {
    return this.at('textDocument/hover', document, position);
  }

  /** The code lenses (LSP's) of a document. */
  async lenses(document) {
    const uri = String(document.uri);
    if (!this.open.has(uri)) return [];
    const client = await this.connect();
    return (await client.request('textDocument/codeLens', { textDocument: { uri } })) || [];
  }
}

module.exports = { DocumentSync, isTransitionDocument, severityOf };
