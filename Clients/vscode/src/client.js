'use strict';
// A JSON-RPC 2.0 client for transitiond, with LSP framing (Content-Length headers),
// over a spawned `transitiond --stdio` (or, when no `transitiond` is found, the bundled
// daemon on Node: the same service compiled to WebAssembly) or a Unix socket. Uses Node's
// standard library only and never the `vscode` module, so it runs (and is tested) in
// plain Node.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { EventEmitter } = require('node:events');
const { ERROR_CODES, CLIENT_ERROR_CODES } = require('./protocol');

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

/**
 * Error codes: those the daemon answers with, and the client's own conditions (codes
 * outside the ranges JSON-RPC and LSP reserve; the daemon never sends them). Both come
 * from Protocol/schema through protocol.js.
 */
const ErrorCodes = Object.freeze({ ...ERROR_CODES, ...CLIENT_ERROR_CODES });

/** The executable started when no other is given: `transitiond` on the PATH. */
const DEFAULT_DAEMON = 'transitiond';

/**
 * The daemon on Node (`Clients/web/bin/transitiond.mjs`, the service compiled to
 * WebAssembly) shipped with the extension: `web/bin/transitiond.mjs` beside `src/` in the
 * package, `../web/bin/transitiond.mjs` in the repository. Null when it or its module
 * (`transitiond.wasm`, written by `bash scripts/build-wasm.sh`) is missing.
 * @param {string} [root] the extension's folder (default: the one holding `src/`)
 * @returns {string|null} the path of `transitiond.mjs`
 */
function bundledNodeHost(root = path.resolve(__dirname, '..')) {
  for (const web of [path.join(root, 'web'), path.join(root, '..', 'web')]) {
    const script = path.join(web, 'bin', 'transitiond.mjs');
    if (fs.existsSync(script) && fs.existsSync(path.join(web, 'transitiond.wasm'))) return script;
  }
  return null;
}

/** An error answered by the daemon (or a client-side failure of a request). */
class RpcError extends Error {
  constructor(code, message, data, method) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
    if (method !== undefined) this.method = method;
  }

  /** A one-line text for users: the message, and the field when the daemon names one. */
  get userMessage() {
    const field = this.data && typeof this.data === 'object' && this.data.field;
    return field && !String(this.message).includes(field) ? `${this.message} (${field})` : String(this.message);
  }
}

/** Frames one JSON-RPC message: `Content-Length: N\r\n\r\n` + N bytes of UTF-8 JSON. */
function encodeMessage(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/**
 * Splits a byte stream into messages. Bytes may arrive in any chunking: a header or a
 * body split across reads, or several messages in one read.
 */
class MessageReader {
  constructor(onMessage, onError) {
    this.onMessage = onMessage;
    this.onError = onError || (() => {});
    this.chunks = [];
    this.buffered = 0;
    this.expected = -1; // body length once the header is read
  }

  push(chunk) {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      if (this.expected < 0) {
        const all = this.flatten();
        const end = all.indexOf(HEADER_END);
        if (end < 0) {
          if (all.length > 8192) this.fail(new Error('message header too long'));
          return;
        }
        const header = all.subarray(0, end).toString('ascii');
        let length = -1;
        for (const line of header.split('\r\n')) {
          const colon = line.indexOf(':');
          if (colon < 0) continue;
          if (line.slice(0, colon).trim().toLowerCase() === 'content-length') {
            length = Number.parseInt(line.slice(colon + 1).trim(), 10);
          }
        }
        if (!Number.isInteger(length) || length < 0) {
          this.fail(new Error(`bad message header: ${JSON.stringify(header)}`));
          return;
        }
        this.expected = length;
        this.chunks = [all.subarray(end + HEADER_END.length)];
        this.buffered = this.chunks[0].length;
      }
      if (this.buffered < this.expected) return;
      const all = this.flatten();
      const body = all.subarray(0, this.expected);
      this.chunks = [all.subarray(this.expected)];
      this.buffered = this.chunks[0].length;
      this.expected = -1;
      let message;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch (e) {
        this.onError(new Error(`unparsable message: ${e.message}`));
        continue;
      }
      this.onMessage(message);
    }
  }

  flatten() {
    if (this.chunks.length !== 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0];
  }

  fail(error) {
    this.chunks = [];
    this.buffered = 0;
    this.expected = -1;
    this.onError(error);
  }
}

/**
 * A connection to transitiond.
 *
 * Events: `notification` (method, params), one event per notification method
 * (`transition/tick`, `transition/didEnd`, ...) with its params, `stderr` (text),
 * `error` (Error, only when a listener is attached), `close` ({code, signal}).
 */
class TransitiondClient extends EventEmitter {
  /**
   * @param {object} [options]
   * @param {string} [options.path] the daemon executable (default `transitiond` on the PATH)
   * @param {boolean} [options.fallbackToWebAssembly] when `path` is the default and no
   *   `transitiond` is found, start the daemon on Node instead (default true): `nodeHost`
   *   run by `process.execPath` (VS Code's Electron as Node, through ELECTRON_RUN_AS_NODE)
   * @param {string|null} [options.nodeHost] the daemon on Node (default: bundledNodeHost())
   * @param {string[]} [options.args] extra arguments for the daemon
   * @param {string} [options.socketPath] connect to `transitiond --listen PATH` instead of spawning
   * @param {number} [options.clientProcessId] passed as `--clientProcessId` (default this process)
   * @param {boolean} [options.shared] spawn `transitiond --remote=auto` instead: a forwarder to the
   *   per-user shared daemon (started when none runs), which watches `processId` from initialize.
   *   The daemon on Node (the fallback) cannot share: it is started privately
   *   (`--stdio`) instead, and `shared` is then false
   * @param {number} [options.requestTimeout] milliseconds before a request fails (default 10000)
   * @param {object} [options.env] environment of the daemon
   */
  constructor(options = {}) {
    super();
    this.options = { path: DEFAULT_DAEMON, args: [], requestTimeout: 10000, fallbackToWebAssembly: true, ...options };
    this.nextId = 1;
    this.pending = new Map();
    this.child = null;
    this.socket = null;
    this.output = null;
    this.state = 'new'; // new -> starting -> running -> stopping -> closed
    this.capabilities = null;
    this.serverInfo = null;
    this.exitCode = null;
    this.exitSignal = null;
    /** The `transitiond.mjs` started when no native daemon was found, else null. */
    this.nodeHost = null;
    /** Whether it is connected to the per-user shared daemon (`--remote=auto`). */
    this.shared = false;
    this.closed = new Promise((resolve) => { this.resolveClosed = resolve; });
  }

  /** The daemon's process id (spawned daemons only). */
  get pid() {
    return this.child ? this.child.pid : undefined;
  }

  get isRunning() {
    return this.state === 'running';
  }

  /** Spawns (or connects to) the daemon and performs initialize/initialized. */
  async start() {
    if (this.state !== 'new') throw new Error(`client already ${this.state}`);
    this.state = 'starting';
    const reader = new MessageReader((m) => this.handleMessage(m), (e) => this.emitError(e));
    try {
      if (this.options.socketPath) {
        await this.connectSocket(reader);
      } else {
        await this.spawnChild(reader);
      }
      const result = await this.request('initialize', {
        processId: process.pid,
        clientInfo: { name: 'transitiond-vscode' },
      });
      this.capabilities = result && result.capabilities;
      this.serverInfo = result && result.serverInfo;
      this.notify('initialized', {});
      this.state = 'running';
      return result;
    } catch (error) {
      await this.kill();
      throw error;
    }
  }

  async spawnChild(reader) {
    const pid = this.options.clientProcessId ?? process.pid;
    const privately = ['--stdio', '--clientProcessId', String(pid)];
    const mode = this.options.shared ? ['--remote=auto'] : privately;
    const args = [...mode, ...this.options.args];
    const env = this.options.env || process.env;
    let child;
    try {
      child = await spawnProcess(this.options.path, args, env);
      this.shared = Boolean(this.options.shared);
    } catch (error) {
      const { host, reason } = this.fallbackAfter(error);
      if (!host) throw this.failedStart(this.options.path, error, reason);
      // The daemon on Node has no --remote: it runs privately, for this client alone.
      const hostArgs = [...privately, ...this.options.args];
      try {
        child = await spawnProcess(process.execPath, [host, ...hostArgs], { ...env, ELECTRON_RUN_AS_NODE: '1' });
      } catch (hostError) {
        throw this.failedStart(`${process.execPath} ${host}`, hostError);
      }
      this.nodeHost = host;
      this.shared = false;
    }
    this.child = child;
    child.on('error', (error) => this.emitError(error)); // a failed kill, after the start
    child.stdout.on('data', (chunk) => reader.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => this.emit('stderr', text));
    child.stdin.on('error', () => {}); // EPIPE when the daemon is gone: reported by 'exit'
    child.once('close', (code, signal) => this.handleClose(code, signal));
    this.output = child.stdin;
  }

  /**
   * What to start after `error`, a failed spawn of `path`: `{ host }`, the daemon on Node,
   * or `{ reason }` why not ('' when nothing is worth adding to the error). Only the
   * default `transitiond`, not found, falls back: a path someone chose is never replaced.
   */
  fallbackAfter(error) {
    if (error.code !== 'ENOENT' || this.options.path !== DEFAULT_DAEMON || !this.options.fallbackToWebAssembly) {
      return { reason: '' };
    }
    const host = this.options.nodeHost === undefined ? bundledNodeHost() : this.options.nodeHost;
    if (host) return { host };
    return { reason: 'the daemon on Node is missing too (web/bin/transitiond.mjs with web/transitiond.wasm, which bash scripts/build-wasm.sh builds)' };
  }

  /** Closes the client after a failed spawn; returns the error to throw. */
  failedStart(command, error, reason = '') {
    const e = new Error(`cannot start ${command}: ${error.message}${reason ? `; ${reason}` : ''}`);
    e.code = error.code;
    this.handleClose(null, null, e);
    return e;
  }

  connectSocket(reader) {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection(this.options.socketPath);
      this.socket = socket;
      socket.once('connect', () => resolve());
      socket.on('data', (chunk) => reader.push(chunk));
      socket.on('error', (error) => {
        if (this.state === 'starting') reject(error);
        else this.emitError(error);
      });
      socket.once('close', () => this.handleClose(null, null));
      this.output = socket;
    });
  }

  /** Sends a request; resolves with its result or rejects with an RpcError. */
  request(method, params, options = {}) {
    if (this.state === 'closed' || this.state === 'new') {
      return Promise.reject(new RpcError(ErrorCodes.ConnectionClosed, 'transitiond is not running', undefined, method));
    }
    const id = this.nextId++;
    const timeoutMs = options.timeout ?? this.options.requestTimeout;
    return new Promise((resolve, reject) => {
      const entry = { method, resolve, reject, timer: null };
      if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        entry.timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new RpcError(ErrorCodes.RequestTimeout, `${method} timed out after ${timeoutMs} ms`, undefined, method));
        }, timeoutMs);
      }
      this.pending.set(id, entry);
      const message = { jsonrpc: '2.0', id, method };
      if (params !== undefined && params !== null) message.params = params;
      this.write(message);
    });
  }

  /** Sends a notification. */
  notify(method, params) {
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined && params !== null) message.params = params;
    this.write(message);
  }

  write(message) {
    if (!this.output || this.output.destroyed || this.output.writableEnded) return;
    this.output.write(encodeMessage(message));
  }

  handleMessage(message) {
    if (message === null || typeof message !== 'object') return;
    if (Array.isArray(message)) {
      for (const m of message) this.handleMessage(m);
      return;
    }
    const hasId = message.id !== undefined && message.id !== null;
    if (typeof message.method === 'string') {
      if (hasId) {
        // The daemon sends no requests; answer any as unknown.
        this.write({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCodes.MethodNotFound, message: `unknown method ${message.method}` } });
        return;
      }
      this.emit('notification', message.method, message.params);
      this.emit(message.method, message.params);
      return;
    }
    if (!hasId) {
      // A response without id: an error about a message the daemon could not read.
      if (message.error) this.emitError(new RpcError(message.error.code, message.error.message, message.error.data));
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return; // answered after its timeout
    this.pending.delete(message.id);
    if (entry.timer) clearTimeout(entry.timer);
    if (message.error) {
      const { code, message: text, data } = message.error;
      entry.reject(new RpcError(code, text, data, entry.method));
    } else {
      entry.resolve(message.result === undefined ? null : message.result);
    }
  }

  emitError(error) {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  handleClose(code, signal, error) {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.exitCode = code;
    this.exitSignal = signal;
    const reason = error ? error.message : 'transitiond exited';
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      if (entry.timer) clearTimeout(entry.timer);
      entry.reject(new RpcError(ErrorCodes.ConnectionClosed, reason, undefined, entry.method));
    }
    this.emit('close', { code, signal });
    this.resolveClosed({ code, signal });
  }

  /**
   * Ends the connection: shutdown, exit, then waits for the daemon to exit (killing it
   * after `timeout` ms if it does not). Resolves with {code, signal}. Safe to call twice.
   */
  async dispose(options = {}) {
    const timeout = options.timeout ?? 3000;
    if (this.state === 'new') {
      this.state = 'closed';
      this.resolveClosed({ code: null, signal: null });
      return this.closed;
    }
    if (this.state === 'closed') return this.closed;
    if (this.state !== 'stopping') {
      const wasRunning = this.state === 'running';
      this.state = 'stopping';
      if (wasRunning) {
        try {
          await this.request('shutdown', undefined, { timeout });
          this.notify('exit');
        } catch {
          // Fall through to closing and, if needed, killing.
        }
      }
      if (this.socket) {
        this.socket.end();
        setTimeout(() => this.socket && this.socket.destroy(), timeout).unref();
      } else if (this.child) {
        if (this.output && !this.output.writableEnded) this.output.end();
      }
    }
    return this.waitOrKill(timeout);
  }

  async waitOrKill(timeout) {
    if (!this.child) return this.closed;
    const exited = await Promise.race([this.closed.then(() => true), delay(timeout).then(() => false)]);
    if (exited) return this.closed;
    return this.kill();
  }

  /** Stops the daemon without the protocol: SIGTERM, then SIGKILL. */
  async kill() {
    if (this.socket) {
      this.socket.destroy();
      return this.closed;
    }
    if (!this.child || this.state === 'closed') {
      if (this.state !== 'closed') this.handleClose(null, null);
      return this.closed;
    }
    this.state = 'stopping';
    this.child.kill('SIGTERM');
    const exited = await Promise.race([this.closed.then(() => true), delay(1000).then(() => false)]);
    if (!exited) this.child.kill('SIGKILL');
    return this.closed;
  }
}

/** Spawns `command`; resolves with the child once it runs, rejects on ENOENT, EACCES, ... */
function spawnProcess(command, args, env) {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], env, windowsHide: true });
    } catch (error) {
      reject(error);
      return;
    }
    child.once('spawn', () => resolve(child));
    child.once('error', reject); // a spawn failure arrives here, before 'spawn'
  });
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

module.exports = { TransitiondClient, RpcError, ErrorCodes, MessageReader, encodeMessage, bundledNodeHost, DEFAULT_DAEMON };
