'use strict';
// A minimal stand-in for the `vscode` module: enough of commands, window, workspace and
// webviews for extension.js to run in plain Node, recording what the extension does.

const Module = require('node:module');
const path = require('node:path');

function disposable(fn = () => {}) {
  return { dispose: fn };
}

class FakeWebview {
  constructor() {
    this.html = '';
    this.cspSource = 'vscode-webview://stub';
    this.messages = [];
    this.listeners = [];
  }
  asWebviewUri(uri) {
    return { scheme: 'vscode-webview', fsPath: uri.fsPath, toString: () => `vscode-webview://stub${uri.fsPath}` };
  }
  postMessage(message) {
    // What crosses to a real webview is JSON-serializable data.
    this.messages.push(JSON.parse(JSON.stringify(message)));
    return Promise.resolve(true);
  }
  onDidReceiveMessage(listener) {
    this.listeners.push(listener);
    return disposable();
  }
  /** Sends a message as the webview would; resolves when the extension has handled it. */
  async send(message) {
    await Promise.all(this.listeners.map((l) => l(message)));
  }
  models() {
    return this.messages.filter((m) => m.type === 'model').map((m) => m.model);
  }
}

class FakePanel {
  constructor(viewType, title, showOptions, options) {
    Object.assign(this, { viewType, title, showOptions, options });
    this.webview = new FakeWebview();
    this.visible = true;
    this.disposeListeners = [];
    this.reveals = 0;
  }
  reveal() {
    this.reveals += 1;
  }
  onDidDispose(listener) {
    this.disposeListeners.push(listener);
    return disposable();
  }
  dispose() {
    for (const l of this.disposeListeners) l();
  }
}

/** A text document as the editor holds it; `edit` changes its text as typing would. */
class FakeTextDocument {
  constructor(uri, text, languageId, events) {
    this.uri = uri;
    this.text = text;
    this.languageId = languageId;
    this.version = 1;
    this.events = events;
  }
  getText() {
    return this.text;
  }
  /** Replaces the text (a new version) and fires onDidChangeTextDocument. */
  edit(text) {
    this.text = text;
    this.version += 1;
    for (const l of this.events.change) l({ document: this, contentChanges: [{ text }] });
  }
}

function createVscodeStub(settings = {}) {
  const commands = new Map();
  const events = { open: [], change: [], close: [] };
  const record = { errors: [], infos: [], output: [], panels: [], inputs: [] };
  const vscode = {
    version: '1.90.0-stub',
    commands: {
      registerCommand(id, fn) {
        if (commands.has(id)) throw new Error(`command '${id}' already exists`);
        commands.set(id, fn);
        return disposable(() => commands.delete(id));
      },
      executeCommand(id, ...args) {
        const fn = commands.get(id);
        if (!fn) return Promise.reject(new Error(`command '${id}' not found`));
        return Promise.resolve(fn(...args));
      },
      getCommands: async () => [...commands.keys()],
    },
    window: {
      activeTextEditor: undefined,
      showErrorMessage(message) {
        record.errors.push(message);
        return Promise.resolve(undefined);
      },
      showInformationMessage(message) {
        record.infos.push(message);
        return Promise.resolve(undefined);
      },
      showInputBox(options) {
        record.inputs.push(options);
        return Promise.resolve(record.nextInput);
      },
      createOutputChannel(name) {
        return {
          name,
          append: (text) => record.output.push(text),
          appendLine: (text) => record.output.push(`${text}\n`),
          show() {},
          dispose() {},
        };
      },
      createWebviewPanel(viewType, title, showOptions, options) {
        const panel = new FakePanel(viewType, title, showOptions, options);
        record.panels.push(panel);
        return panel;
      },
    },
    workspace: {
      textDocuments: [],
      onDidOpenTextDocument: (l) => { events.open.push(l); return disposable(); },
      onDidChangeTextDocument: (l) => { events.change.push(l); return disposable(); },
      onDidCloseTextDocument: (l) => { events.close.push(l); return disposable(); },
      /**
       * Stub only: opens a document at `fsPath` (fires onDidOpenTextDocument) and, unless
       * `active` is false, shows it in the active editor. Returns the FakeTextDocument.
       */
      openDocument(fsPath, text, { languageId = 'transition', active = true } = {}) {
        const document = new FakeTextDocument(vscode.Uri.file(fsPath), text, languageId, events);
        vscode.workspace.textDocuments.push(document);
        for (const l of events.open) l(document);
        if (active) vscode.window.activeTextEditor = { document };
        return document;
      },
      /** Stub only: closes a document (fires onDidCloseTextDocument). */
      closeDocument(document) {
        vscode.workspace.textDocuments = vscode.workspace.textDocuments.filter((d) => d !== document);
        if (vscode.window.activeTextEditor && vscode.window.activeTextEditor.document === document) vscode.window.activeTextEditor = undefined;
        for (const l of events.close) l(document);
      },
      getConfiguration(section) {
        return {
          get: (key, fallback) => {
            const value = settings[`${section}.${key}`];
            return value === undefined ? fallback : value;
          },
        };
      },
    },
    Uri: {
      file: (p) => ({ scheme: 'file', fsPath: p, path: p, toString: () => `file://${p}` }),
      parse: (text) => ({ toString: () => text }),
      joinPath: (base, ...parts) => vscode.Uri.file(path.join(base.fsPath, ...parts)),
    },
    languages: {
      registerCompletionItemProvider: () => disposable(),
      registerHoverProvider: () => disposable(),
      registerCodeLensProvider: () => disposable(),
      createDiagnosticCollection: (name) => {
        const collection = { name, entries: new Map(), set: (uri, list) => collection.entries.set(String(uri), list), dispose() {} };
        record.diagnostics = collection;
        return collection;
      },
    },
    Range: class {
      constructor(startLine, startCharacter, endLine, endCharacter) {
        Object.assign(this, { startLine, startCharacter, endLine, endCharacter });
      }
    },
    Diagnostic: class {
      constructor(range, message, severity) {
        Object.assign(this, { range, message, severity });
      }
    },
    CompletionItemKind: { Property: 9, EnumMember: 19 },
    ViewColumn: { Active: -1, Beside: -2, One: 1, Two: 2 },
    Disposable: class {
      constructor(fn) {
        this.dispose = fn;
      }
    },
  };
  return { vscode, commands, record };
}

/**
 * Loads a fresh src/extension.js with `vscode` resolved to `stub`. Returns the module
 * and a function that removes the hook.
 */
function loadExtension(stub) {
  const original = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request === 'vscode') return stub;
    return original.call(this, request, parent, isMain);
  };
  const file = require.resolve('../../src/extension');
  delete require.cache[file];
  try {
    return { extension: require(file), restore: () => { Module._load = original; } };
  } catch (error) {
    Module._load = original;
    throw error;
  }
}

module.exports = { createVscodeStub, loadExtension, FakePanel, FakeWebview, FakeTextDocument };
