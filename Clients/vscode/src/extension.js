'use strict';
// The VS Code side: commands, the preview webview and error messages. Everything that
// talks to the daemon lives in client.js and previewModel.js.

const vscode = require('vscode');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { DocumentSync, isTransitionDocument } = require('./documents');
const { TransitiondClient, RpcError, ErrorCodes } = require('./client');
const { PreviewController } = require('./previewModel');
const { DEFAULT_DOCUMENT, readDocument, documentFromArgument, sessionNameOf } = require('./document');

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
    this.refollowing = Promise.resolve();
    this.documents = null;
    this.output = vscode.window.createOutputChannel('transitiond');
  }

  log(text) {
    this.output.appendLine(text);
  }

  /** Says what a command did: in the output channel and as an information message. */
  report(text) {
    this.log(text);
    vscode.window.showInformationMessage(`transitiond: ${text}`);
    return text;
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
      // The per-user shared daemon unless turned off (a private daemon for this window).
      shared: c.get('shared', true) !== false,
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
        const how = signal ? `signal ${signal}` : `code ${code}`;
        this.showError(new Error(client.shared
          ? `the connection to the shared daemon ended unexpectedly (its forwarder, transitiond --remote=auto, exited: ${how})`
          : `the daemon exited unexpectedly (${how})`));
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
          const alone = cfg.shared ? '; it is private to this window: the daemon on Node cannot be the shared daemon' : '';
          this.log(`started ${what}${pid} on Node (WebAssembly): ${client.nodeHost}, as no ${cfg.path} was found on the PATH${alone}`);
        } else if (cfg.socketPath) {
          this.log(`connected to ${what}: ${cfg.socketPath}`);
        } else {
          this.log(`started ${what}${pid}: ${cfg.path}${client.shared ? ' --remote=auto (the shared daemon)' : ' --stdio (a private daemon)'}`);
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
    const how = client.shared ? 'the shared daemon' : client.socketPath || this.config().socketPath ? 'on its socket' : 'a private daemon';
    vscode.window.showInformationMessage(`transitiond${info && info.version ? ` ${info.version}` : ''} is running (${how})`);
    return client;
  }

  /**
   * Ends the connection: a private daemon exits; the shared daemon goes on serving its
   * other clients (the document sessions this window alone held end with it).
   */
  async stop(options = {}) {
    this.stopping = true;
    try {
      this.dropController();
      const client = this.client || (this.starting ? await this.starting.catch(() => null) : null);
      this.client = null;
      if (client) {
        await client.dispose();
        const what = client.shared ? 'disconnected from the shared daemon, which goes on serving its other clients' : 'stopped the daemon';
        if (options.report) this.report(what);
        else this.log(what);
      } else if (options.report) {
        this.report('the daemon was not running');
      }
      this.postStatus(client && client.shared ? 'Disconnected from the shared daemon.' : 'The daemon is stopped.');
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

  /** Makes `controller` the preview's: its updates are drawn. */
  adopt(controller) {
    this.controller = controller;
    controller.on('update', (model) => {
      if (this.controller === controller) this.postModel(model);
    });
    controller.on('stepError', (error) => {
      if (this.controller === controller) this.showError(error);
    });
    this.openPreview();
    this.postModel(controller.snapshot());
    return controller;
  }

  /** The transition document an argument names (a URI), else the active editor's, else null. */
  transitionDocument(arg) {
    const all = vscode.workspace.textDocuments || [];
    if (arg !== undefined && arg !== null && (typeof arg === 'string' || arg.scheme)) {
      const uri = String(arg);
      return (this.documents && this.documents.documents.get(uri)) || all.find((d) => String(d.uri) === uri) || { uri, missing: true };
    }
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document && isTransitionDocument(editor.document)) return editor.document;
    return null;
  }

  /**
   * What Create Session reads: an argument (a document, laid over the demo, or a text),
   * else the active editor's transition document, else the demo.
   */
  documentInput(arg) {
    if (typeof arg === 'string') return arg.trim() === '' ? JSON.parse(JSON.stringify(DEFAULT_DOCUMENT)) : arg;
    if (arg !== undefined && arg !== null && !arg.scheme) return documentFromArgument(arg);
    const document = this.transitionDocument(arg);
    if (document && !document.missing) return document.getText();
    return documentFromArgument(undefined);
  }

  /** A session of this window's own from a document (read by the daemon), previewed. */
  async createSession(arg) {
    const client = await this.ensureClient();
    const { document } = await readDocument(client, this.documentInput(arg));
    this.dropController();
    const controller = await PreviewController.create(client, document);
    this.adopt(controller);
    const items = (document.session.sections || []).reduce((n, s) => n + (s.items || 0), 0);
    this.log(`session ${controller.session}: ${items} items, ${document.session.layout.type} <-> ${document.transition.to.type}`);
    return controller.session;
  }

  /** Previews the session another client created with a name (a shared daemon's). */
  async followSession(nameArg) {
    const name = typeof nameArg === 'string' ? nameArg : await vscode.window.showInputBox({ prompt: 'Follow the session named' });
    if (!name) return undefined;
    const client = await this.ensureClient();
    this.dropController();
    const controller = await PreviewController.follow(client, name, { step: true });
    this.adopt(controller);
    this.log(`following session ${controller.session} (${name}, ${controller.clock} clock)`);
    return controller.session;
  }

  // MARK: Transition documents: played by the daemon's language server

  /**
   * Runs one of the daemon's document commands (`transitiond.play [uri]`, `.scrub [uri,
   * progress]`, `.stop [uri]`), reports what it did, and has the preview follow the
   * document's session (by name, through every edit) or, after stop, let it go.
   */
  async documentCommand(command, args = []) {
    const uri = String(args[0]);
    const client = await this.ensureClient();
    if (client.nodeHost) {
      throw new Error('the daemon on Node (WebAssembly) has no language server: playing a transition document needs the native transitiond');
    }
    const open = this.transitionDocument(uri);
    if (open && !open.missing && !this.documents.open.has(uri)) await this.documents.didOpen(open);
    const result = await this.documents.execute(command, [uri, ...args.slice(1)]);
    if (command === 'transitiond.stop') {
      const c = this.controller;
      const name = c && c.uri === uri ? c.name : await this.documentName(uri);
      if (c && c.uri === uri) this.dropController();
      this.report(`stopped ${name}: its session is disposed`);
      this.postStatus(`Stopped ${name}.`);
      return result;
    }
    if (!result || !result.name) return result;
    const controller = await this.followDocument(uri, result);
    const clock = result.clock === 'manual'
      ? `manual clock at ${result.fps || controller.fps} fps, stepped by the preview`
      : `${result.clock || controller.clock} clock`;
    if (command === 'transitiond.scrub') {
      this.report(`${result.name} held at ${Math.round(result.progress * 1000) / 10}% (session ${result.session}, transition ${result.transition}, ${clock})`);
    } else {
      this.report(`playing ${result.name} (session ${result.session}, transition ${result.transition}, ${result.duration} s, ${clock})`);
    }
    return result;
  }

  /** The name of a document's session, from its text as the daemon reads it. */
  async documentName(uri) {
    const text = this.documents.textOf(uri);
    if (text === undefined) return sessionNameOf(uri, null);
    try {
      const { document } = await readDocument(await this.ensureClient(), text);
      return sessionNameOf(uri, document);
    } catch {
      return sessionNameOf(uri, null);
    }
  }

  /** The document as the daemon reads it, or null (not valid, or not open). */
  async readOpenDocument(client, uri) {
    const text = this.documents.textOf(uri);
    if (text === undefined) return null;
    try {
      return (await readDocument(client, text)).document;
    } catch {
      return null;
    }
  }

  /** Has the preview follow the session of a played (or scrubbed) document. */
  async followDocument(uri, result) {
    const client = await this.ensureClient();
    const document = await this.readOpenDocument(client, uri);
    const viewport = document ? document.session.viewport : undefined;
    const current = this.controller;
    if (current && current.followed && current.uri === uri && current.client === client && !current.disposed) {
      // The same document: keep following; the session is the same one unless it was made anew.
      const subscribed = await client.request('session/subscribe', { name: result.name });
      await current.switchTo(subscribed, { document, viewport });
      current.model.transition = result.transition;
      current.kick();
      this.openPreview();
      return current;
    }
    this.dropController();
    const controller = await PreviewController.follow(client, result.name, { uri, document, viewport, step: true });
    controller.runDocument = (command, args) => this.documentCommand(command, args);
    this.adopt(controller);
    this.log(`the preview follows ${result.name} (session ${controller.session}, ${controller.clock} clock, ${controller.fps} fps)`);
    return controller;
  }

  /**
   * After the daemon took an edit of the document the preview follows (its diagnostics
   * came): an edit it replays in place keeps the session (the preview draws its next
   * transition); one that changes the document's clock, fps ... or name makes a new
   * session, which the preview follows instead. An invalid edit keeps the last valid one.
   */
  refollow(uri) {
    const run = this.refollowing.then(async () => {
      const c = this.controller;
      if (!c || !c.followed || c.uri !== uri || c.disposed) return;
      const client = c.client;
      const document = await this.readOpenDocument(client, uri);
      if (!document || this.controller !== c) return;
      const name = sessionNameOf(uri, document);
      let subscribed;
      try {
        subscribed = await client.request('session/subscribe', { name });
      } catch (error) {
        if (error instanceof RpcError && error.code === ErrorCodes.UnknownSession) return; // not played yet
        throw error;
      }
      if (this.controller !== c) return;
      await c.switchTo(subscribed, { document, viewport: document.session.viewport });
      c.kick();
    });
    this.refollowing = run.catch((error) => this.log(`preview: ${messageOf(error)}`));
    return run;
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

  /**
   * Play: a transition document (the argument's URI, else the active editor's) is played
   * by the daemon in its session; otherwise this window's session plays to its other layout.
   */
  async play(arg) {
    const document = this.transitionDocument(arg);
    if (document) return this.documentCommand('transitiond.play', [String(document.uri)]);
    const controller = await this.ensureController();
    this.openPreview();
    const result = await controller.play();
    if (!controller.uri) this.report(`playing session ${controller.session} (transition ${result.transition})`);
    return result;
  }

  async scrub(progressArg, uriArg) {
    const document = this.transitionDocument(uriArg);
    let progress = typeof progressArg === 'number' ? progressArg : undefined;
    if (progress === undefined) {
      const current = this.controller ? this.controller.model.progress : 0.5;
      const text = await vscode.window.showInputBox({
        prompt: 'Progress of the transition, 0 to 1',
        value: String(Math.round(current * 100) / 100),
        validateInput: (v) => (Number.isFinite(Number(v)) && v.trim() !== '' ? undefined : 'a number from 0 to 1'),
      });
      if (text === undefined) return undefined;
      progress = Number(text);
    }
    if (document) return this.documentCommand('transitiond.scrub', [String(document.uri), progress]);
    const controller = await this.ensureController();
    if (controller.model.state === 'idle') await controller.play({ interactive: true });
    this.openPreview();
    const status = await controller.scrub(progress);
    if (!controller.uri) this.report(`session ${controller.session} held at ${Math.round(status.progress * 1000) / 10}%`);
    return status;
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
    'transitiond.stop': () => ext.stop({ report: true }),
    'transitiond.scrubForward': ext.scrubForward,
    'transitiond.scrubBack': ext.scrubBack,
    'transitiond.advance': ext.advance,
    'transitiond.followSession': ext.followSession,
    // A code lens's command: the daemon runs it on the document (play, scrub, stop).
    'transitiond.documentCommand': (command, ...args) => ext.documentCommand(command, args),
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
    // The daemon has taken an edit: the preview of that document follows its session.
    published: (uri) => {
      if (ext.controller && ext.controller.uri === uri) ext.refollow(uri);
    },
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
