'use strict';
// The VS Code side: commands, the preview webview and error messages. Everything that
// talks to the daemon lives in client.js and previewModel.js.

const vscode = require('vscode');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { DocumentSync } = require('./documents');
const { TransitiondClient, RpcError } = require('./client');
const { PreviewController } = require('./previewModel');
const { parseSpec, DEFAULT_SPEC } = require('./spec');

const COMMAND_IDS = Object.freeze([
  'transitiond.start',
  'transitiond.createSession',
  'transitiond.play',
  'transitiond.scrub',
  'transitiond.finish',
  'transitiond.cancel',
  'transitiond.cancelInPlace',
  'transitiond.openPreview',
  'transitiond.stop',
  'transitiond.scrubForward',
  'transitiond.scrubBack',
  'transitiond.advance',
  'transitiond.followSession',
  'transitiond.documentCommand',
]);

/** The text shown to the user for an error: its message, never a stack trace. */
function messageOf(error) {
  if (error instanceof RpcError) return error.userMessage;
  if (error && typeof error.message === 'string' && error.message) return error.message;
  return String(error);
}

class TransitiondExtension {
  constructor(context) {
    this.context = context;
    this.extensionPath = context.extensionPath || path.resolve(__dirname, '..');
    this.client = null;
    this.starting = null;
    this.controller = null;
    this.panel = null;
    this.stopping = false;
    this.output = vscode.window.createOutputChannel('transitiond');
  }

  log(text) {
    this.output.appendLine(text);
  }

  showError(error) {
    const message = messageOf(error);
    this.log(`error: ${message}`);
    return vscode.window.showErrorMessage(`transitiond: ${message}`);
  }

  /** Wraps a command so that failures become error messages. */
  guard(fn) {
    return async (...args) => {
      try {
        return await fn.apply(this, args);
      } catch (error) {
        this.showError(error);
        return undefined;
      }
    };
  }

  config() {
    const c = vscode.workspace.getConfiguration('transitiond');
    return {
      path: c.get('path') || 'transitiond',
      socketPath: c.get('socketPath') || '',
      shared: c.get('shared') === true,
      args: c.get('args') || [],
      requestTimeout: c.get('requestTimeout') || 10000,
      fallbackToWebAssembly: c.get('fallbackToWebAssembly') !== false,
    };
  }

  // MARK: The daemon

  async ensureClient() {
    if (this.client && this.client.isRunning) return this.client;
    if (this.starting) return this.starting;
    const cfg = this.config();
    const client = new TransitiondClient({
      path: cfg.path,
      socketPath: cfg.socketPath || undefined,
      shared: cfg.shared,
      args: cfg.args,
      requestTimeout: cfg.requestTimeout,
      fallbackToWebAssembly: cfg.fallbackToWebAssembly,
    });
    client.on('stderr', (text) => this.output.append(text));
    client.on('error', (error) => this.log(`protocol error: ${messageOf(error)}`));
    client.on('close', ({ code, signal }) => {
      if (this.client !== client) return;
      this.client = null;
      this.dropController();
      if (!this.stopping) {
        this.showError(new Error(`the daemon exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})`));
      }
      this.postStatus('The daemon is not running.');
    });
    this.starting = client.start().then(
      (result) => {
        this.client = client;
        this.starting = null;
        const info = result && result.serverInfo;
        const pid = client.pid ? ` (pid ${client.pid})` : '';
        const what = info ? `${info.name} ${info.version}` : cfg.path;
        if (client.nodeHost) {
          this.log(`started ${what}${pid} on Node (WebAssembly): ${client.nodeHost}, as no ${cfg.path} was found on the PATH`);
        } else {
          this.log(`started ${what}${pid}: ${cfg.socketPath || cfg.path}`);
        }
        return client;
      },
      (error) => {
        this.starting = null;
        throw error;
      },
    );
    return this.starting;
  }

  async start() {
    const client = await this.ensureClient();
    const info = client.serverInfo;
    vscode.window.showInformationMessage(`transitiond${info && info.version ? ` ${info.version}` : ''} is running`);
    return client;
  }

  async stop() {
    this.stopping = true;
    try {
      this.dropController();
      const client = this.client || (this.starting ? await this.starting.catch(() => null) : null);
      this.client = null;
      if (client) {
        await client.dispose();
        this.log('stopped');
      }
      this.postStatus('The daemon is stopped.');
    } finally {
      this.stopping = false;
    }
  }

  // MARK: Sessions

  dropController() {
    const controller = this.controller;
    this.controller = null;
    if (controller) controller.dispose({ keepSession: !(this.client && this.client.isRunning) }).catch(() => {});
  }

  /** The spec: an argument, else the active editor when it holds one, else the default. */
  specFrom(arg) {
    if (arg !== undefined && arg !== null && !(arg instanceof Object && arg.scheme)) return parseSpec(arg);
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document) {
      const text = editor.document.getText();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const isSpec = json && typeof json === 'object' && ('from' in json || 'to' in json || 'viewport' in json);
      const isDocument = json && typeof json === 'object' && 'session' in json && 'transition' in json;
      if (isSpec || isDocument) return parseSpec(json);
    }
    return parseSpec(DEFAULT_SPEC);
  }

  async createSession(specArg) {
    const spec = this.specFrom(specArg);
    const client = await this.ensureClient();
    this.dropController();
    const controller = await PreviewController.create(client, spec);
    this.controller = controller;
    controller.on('update', (model) => this.postModel(model));
    this.openPreview();
    this.postModel(controller.snapshot());
    this.log(`session ${controller.session}: ${spec.items ?? 'sections'} items, ${spec.from.type} <-> ${spec.to.type}`);
    return controller.session;
  }

  /** Previews the session another client created with a name (see the `shared` setting). */
  async followSession(nameArg) {
    const name = typeof nameArg === 'string' ? nameArg : await vscode.window.showInputBox({ prompt: 'Follow the session named' });
    if (!name) return undefined;
    const client = await this.ensureClient();
    this.dropController();
    const controller = await PreviewController.follow(client, name, parseSpec(DEFAULT_SPEC));
    this.controller = controller;
    controller.on('update', (model) => this.postModel(model));
    this.openPreview();
    this.postModel(controller.snapshot());
    this.log(`following session ${controller.session} (${name})`);
    return controller.session;
  }

  async ensureController() {
    if (this.controller) return this.controller;
    await this.createSession();
    return this.controller;
  }

  requireController() {
    if (!this.controller) throw new Error('no session: run "transitiond: Create Session" first');
    return this.controller;
  }

  async play() {
    const controller = await this.ensureController();
    this.openPreview();
    return controller.play();
  }

  async scrub(progressArg) {
    const controller = await this.ensureController();
    let progress = typeof progressArg === 'number' ? progressArg : undefined;
    if (progress === undefined) {
      const text = await vscode.window.showInputBox({
        prompt: 'Progress of the transition, 0 to 1',
        value: String(Math.round(controller.model.progress * 100) / 100),
        validateInput: (v) => (Number.isFinite(Number(v)) && v.trim() !== '' ? undefined : 'a number from 0 to 1'),
      });
      if (text === undefined) return undefined;
      progress = Number(text);
    }
    if (controller.model.state === 'idle') await controller.play({ interactive: true });
    this.openPreview();
    return controller.scrub(progress);
  }

  async finish() {
    return this.requireController().finish();
  }

  /** Scrubs by a step (the preview's `l` and `h`), starting an interactive transition when idle. */
  async scrubBy(key) {
    const controller = await this.ensureController();
    if (controller.model.state === 'idle') await controller.play({ interactive: true });
    this.openPreview();
    return controller.handleKey(key);
  }

  async scrubForward() {
    return this.scrubBy('l');
  }

  async scrubBack() {
    return this.scrubBy('h');
  }

  /** Advances a manual clock by `seconds` (default one frame). */
  async advance(seconds) {
    const controller = await this.ensureController();
    return controller.advance(typeof seconds === 'number' ? seconds : undefined);
  }

  async cancel() {
    return this.requireController().cancel();
  }

  async cancelInPlace() {
    return this.requireController().cancelInPlace();
  }

  // MARK: The preview

  openPreview() {
    if (this.panel) {
      if (!this.panel.visible && typeof this.panel.reveal === 'function') this.panel.reveal(undefined, true);
      return this.panel;
    }
    const mediaRoot = vscode.Uri.file(path.join(this.extensionPath, 'media'));
    const panel = vscode.window.createWebviewPanel(
      'transitiond.preview',
      'transitiond preview',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: true, retainContextWhenHidden: true, localResourceRoots: [mediaRoot] },
    );
    this.panel = panel;
    panel.webview.html = this.previewHtml(panel.webview);
    panel.webview.onDidReceiveMessage((message) => this.onPreviewMessage(message));
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = null;
    });
    return panel;
  }

  previewHtml(webview) {
    const media = path.join(this.extensionPath, 'media');
    const scriptUri = webview.asWebviewUri(vscode.Uri.file(path.join(media, 'preview.js')));
    const nonce = crypto.randomBytes(16).toString('base64');
    return fs
      .readFileSync(path.join(media, 'preview.html'), 'utf8')
      .replace(/\{\{cspSource\}\}/g, webview.cspSource)
      .replace(/\{\{nonce\}\}/g, nonce)
      .replace(/\{\{scriptUri\}\}/g, String(scriptUri));
  }

  async onPreviewMessage(message) {
    if (!message || typeof message !== 'object') return;
    try {
      if (message.type === 'ready') {
        if (this.controller) this.postModel(this.controller.snapshot());
        else this.postStatus(this.client ? 'No session: run "transitiond: Create Session".' : 'The daemon is not running.');
      } else if (message.type === 'key') {
        const controller = this.requireController();
        await controller.handleKey(String(message.key));
      } else if (message.type === 'command' && COMMAND_IDS.includes(`transitiond.${message.command}`)) {
        await vscode.commands.executeCommand(`transitiond.${message.command}`);
      }
    } catch (error) {
      this.showError(error);
    }
  }

  postModel(model) {
    if (this.panel) this.panel.webview.postMessage({ type: 'model', model });
  }

  postStatus(text) {
    if (this.panel) this.panel.webview.postMessage({ type: 'status', text });
  }

  dispose() {
    return this.stop();
  }
}

let instance = null;

function activate(context) {
  const ext = new TransitiondExtension(context);
  instance = ext;
  const handlers = {
    'transitiond.start': ext.start,
    'transitiond.createSession': ext.createSession,
    'transitiond.play': ext.play,
    'transitiond.scrub': ext.scrub,
    'transitiond.finish': ext.finish,
    'transitiond.cancel': ext.cancel,
    'transitiond.cancelInPlace': ext.cancelInPlace,
    'transitiond.openPreview': ext.openPreview,
    'transitiond.stop': ext.stop,
    'transitiond.scrubForward': ext.scrubForward,
    'transitiond.scrubBack': ext.scrubBack,
    'transitiond.advance': ext.advance,
    'transitiond.followSession': ext.followSession,
    // A code lens's command: the daemon runs it on the document (play, scrub, stop).
    'transitiond.documentCommand': async (command, ...args) => {
      const result = await ext.documents.execute(command, args);
      if (result && result.name) ext.log(`${command}: session ${result.session}, named ${result.name}`);
      return result;
    },
  };
  for (const id of COMMAND_IDS) {
    context.subscriptions.push(vscode.commands.registerCommand(id, ext.guard(handlers[id])));
  }
  // Transition documents: the daemon's language server checks them (src/documents.js).
  const diagnostics = vscode.languages.createDiagnosticCollection('transitiond');
  const documents = new DocumentSync({
    client: () => ext.ensureClient(),
    show: (uri, list) => diagnostics.set(vscode.Uri.parse(uri), list.map((d) => {
      const range = new vscode.Range(d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character);
      const diagnostic = new vscode.Diagnostic(range, d.field ? `${d.field}: ${d.message}` : d.message, d.severity);
      diagnostic.source = d.source;
      diagnostic.code = d.code;
      return diagnostic;
    })),
  });
  ext.documents = documents;
  const sync = (method) => (document) => documents[method](document).catch((error) => ext.log(`documents: ${messageOf(error)}`));
  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(sync('didOpen')),
    vscode.workspace.onDidChangeTextDocument((event) => sync('didChange')(event.document)),
    vscode.workspace.onDidCloseTextDocument(sync('didClose')),
  );
  for (const document of vscode.workspace.textDocuments) sync('didOpen')(document);
  const selector = { language: 'transition' };
  const rangeOf = (r) => new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
  context.subscriptions.push(
    vscode.languages.registerCompletionItemProvider(selector, {
      provideCompletionItems: async (document, position) => (await documents.completion(document, position)).map((i) => {
        const item = new vscode.CompletionItem(i.label, i.kind === 10 ? vscode.CompletionItemKind.Property : vscode.CompletionItemKind.EnumMember);
        item.detail = i.detail;
        item.documentation = i.documentation;
        if (i.textEdit) {
          item.range = rangeOf(i.textEdit.range);
          item.insertText = i.textEdit.newText;
        }
        return item;
      }),
    }, '"', ':'),
    vscode.languages.registerHoverProvider(selector, {
      provideHover: async (document, position) => {
        const hover = await documents.hover(document, position);
        return hover ? new vscode.Hover(new vscode.MarkdownString(hover.contents.value), rangeOf(hover.range)) : null;
      },
    }),
    vscode.languages.registerCodeLensProvider(selector, {
      provideCodeLenses: async (document) => (await documents.lenses(document)).map((lens) => new vscode.CodeLens(rangeOf(lens.range), {
        title: lens.command.title,
        command: 'transitiond.documentCommand',
        arguments: [lens.command.command, ...lens.command.arguments],
      })),
    }),
  );
  context.subscriptions.push(ext.output);
  context.subscriptions.push({ dispose: () => { ext.dispose().catch(() => {}); } });
  return ext;
}

/** VS Code waits for the returned promise: the daemon is shut down before the host exits. */
function deactivate() {
  const ext = instance;
  instance = null;
  return ext ? ext.stop() : undefined;
}

module.exports = { activate, deactivate, COMMAND_IDS, messageOf, TransitiondExtension };
