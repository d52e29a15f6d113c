// transitiond-wasm.js — transitiond's service compiled to WebAssembly, hosted in a page
// or in Node: the same methods, errors and limits as the native daemon, with no daemon
// to install. The module does no I/O and reads no clock; this file passes it bytes and
// the time, and carries out what it asks for (bytes to send, connections to close, the
// next time to call back).
//
//   import { TransitionClient } from "./transitiond.js";
//   const client = await TransitionClient.connectLocal();     // in-page engine
//
//   import { loadModule } from "./transitiond-wasm.js";       // lower level
//   const engine = await loadModule();                        // ./transitiond.wasm
//   const socket = engine.openSocket();                       // WebSocket-like
//
// Dependency-free ES module, for browsers and Node 20.

const isBrowser = typeof window !== "undefined" && typeof window.requestAnimationFrame === "function";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Record kinds of the module's outbox (Sources/TransitionWasm/Outbox.swift). */
const Record = Object.freeze({
  bytes: 1, closed: 2, log: 3, exit: 4, shutdownWriting: 5, watchProcess: 6, pauseReading: 7, resumeReading: 8,
});
/** How a connection's messages are delimited. */
export const Framing = Object.freeze({ lsp: 0, messages: 1 });
/**
 * The errors a host reports for a connection (Sources/TransitionWasm/HostError.swift):
 * `hostError(error)` maps a Node error to one by its code's name.
 */
export const HostError = Object.freeze({ connectionReset: 1, brokenPipe: 2, other: 3 });
export function hostError(error) {
  if (error?.code === "ECONNRESET") return HostError.connectionReset;
  if (error?.code === "EPIPE") return HostError.brokenPipe;
  return HostError.other;
}
/** Log levels, as `--log-level` names them. */
export const LogLevels = Object.freeze(["error", "warning", "info", "debug"]);

const now = () => performance.now();

/** Reads the module's bytes from a URL, a path, bytes or a compiled module. */
async function compile(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const url = source ?? new URL("./transitiond.wasm", import.meta.url);
  const href = url instanceof URL ? url : new URL(String(url), globalThis.location?.href ?? import.meta.url);
  if (href.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.compile(await readFile(href));
  }
  const response = await fetch(href);
  if (!response.ok) throw new Error(`cannot load ${href}: HTTP ${response.status}`);
  if (WebAssembly.compileStreaming && response.headers.get("content-type")?.startsWith("application/wasm")) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The WASI functions wasi-libc's pieces import. Only standard error is written (the
 * Swift runtime's message before a trap); nothing else is reachable.
 */
function wasiImports(memory, onText) {
  return {
    fd_write(fd, iovs, iovsLength, written) {
      const view = new DataView(memory().buffer);
      let total = 0;
      let text = "";
      for (let i = 0; i < iovsLength; i++) {
        const base = view.getUint32(iovs + 8 * i, true);
        const length = view.getUint32(iovs + 8 * i + 4, true);
        text += decoder.decode(new Uint8Array(memory().buffer, base, length));
        total += length;
      }
      view.setUint32(written, total, true);
      onText(fd, text);
      return 0;
    },
    fd_close: () => 0,
    fd_seek: () => 70, // ESPIPE: no file is seekable
    random_get(pointer, length) {
      crypto.getRandomValues(new Uint8Array(memory().buffer, pointer, length));
      return 0;
    },
  };
}

/**
 * One instance of the module: its connections, its timer and its turns. Options:
 * `limits` ({"max-message-bytes": n, ...}, the daemon's `--max-*` options),
 * `initializeTimeout` (milliseconds a connection may take to initialize, default 10 s),
 * `logLevel` ("error" ... "debug", default "warning"), `onLog(level, message)` (default:
 * the console), `onExit(code)` (after a stop, once every connection is done),
 * `onWatchProcess(pid)` (a client's `initialize` gave its process id).
 */
export class TransitionEngineModule {
  constructor(instance, options = {}) {
    this.exports = instance.exports;
    this.connections = new Map();
    this.onLog = options.onLog ?? ((level, message) => console[level === "error" ? "error" : level === "warning" ? "warn" : "log"](`transitiond: ${message}`));
    this.onExit = options.onExit ?? (() => {});
    this.onWatchProcess = options.onWatchProcess ?? (() => {});
    this.timer = null;
    this.timerDeadline = -1;
    this.turnsPending = false;
    this.exited = false;
    this.inCall = false;
    for (const [name, value] of Object.entries(options.limits ?? {})) this.setOption(`--${name.replace(/^--/, "")}`, value);
    if (options.initializeTimeout != null) this.setOption("--initialize-timeout", options.initializeTimeout);
    this.setOption("--log-level", LogLevels.indexOf(options.logLevel ?? "warning"));
  }

  /**
   * Sets a daemon option before the first connection. Throws a RangeError naming the
   * option for an unknown one or a value out of its range.
   */
  setOption(flag, value) {
    const name = encoder.encode(flag);
    const pointer = this.exports.transitiond_alloc(name.length);
    new Uint8Array(this.exports.memory.buffer, pointer, name.length).set(name);
    const status = this.exports.transitiond_set_option(pointer, name.length, BigInt(Math.trunc(Number(value))));
    this.exports.transitiond_free(pointer);
    if (status === 1) throw new RangeError(`unknown option ${flag}`);
    if (status === 2) throw new RangeError(`${flag}: ${value} is out of range`);
    if (status === 3) throw new RangeError(`${flag}: set options before the first connection`);
  }

  /**
   * Opens a connection. `framing`: Framing.lsp (Content-Length, as over stdio) or
   * Framing.messages (one message per `send`). `sole`: the daemon's only client, whose
   * end stops it (stdio). `queues`: the host keeps unsent bytes of its own (a socket's
   * buffer) and reports them with `connection.written(remaining)`, so a client that does
   * not read is held back as by the native daemon. Handlers: `onBytes(Uint8Array)` (LSP)
   * or `onMessage(string | ArrayBuffer)` (an ArrayBuffer: a binary session's tick,
   * Protocol 8.3), `onClose()`, `onShutdownWriting()`, and `onPause()` and
   * `onResume()` (the connection reads no more for now, and again: input sent meanwhile
   * waits in the module, so a host pauses its source). Returns null when
   * `--max-connections` are open.
   */
  open(framing, handlers = {}) {
    const flags = (handlers.sole ? 1 : 0) | (handlers.queues ? 2 : 0);
    const id = this.call(() => this.exports.transitiond_open(framing, flags, now()), true);
    if (id < 0) return null;
    const connection = new ModuleConnection(this, id, framing, handlers);
    this.connections.set(id, connection);
    this.flush();
    return connection;
  }

  /** A WebSocket-like object on a new connection (one message per frame). */
  openSocket() {
    return new LocalSocket(this);
  }

  /** Stops as on a signal: connections write what they owe, then `onExit(code)`. */
  stop(code = 0) {
    this.call(() => this.exports.transitiond_stop(code, now()));
  }

  /** A process `onWatchProcess` named is gone. */
  processEnded(pid) {
    this.call(() => this.exports.transitiond_process_ended(pid, now()));
  }

  /** Runs one call of the module, then carries out its outbox and schedules what it asked. */
  call(body, deferFlush = false) {
    if (this.inCall) throw new Error("transitiond-wasm: re-entered");
    this.inCall = true;
    let result;
    try {
      result = body();
    } finally {
      this.inCall = false;
    }
    if (!deferFlush) this.flush();
    return result;
  }

  /** Carries out the outbox, then arms the timer and the turns. */
  flush() {
    const length = this.exports.transitiond_outbox_length();
    if (length > 0) {
      const pointer = this.exports.transitiond_outbox();
      // Read in place, texts decoded and bytes copied before any handler runs: handlers
      // may call into the module, which may grow or reuse its memory.
      const records = this.readRecords(new Uint8Array(this.exports.memory.buffer, pointer, length));
      this.exports.transitiond_outbox_clear();
      this.carryOut(records);
    }
    this.schedule();
  }

  /** The outbox's records, each payload as what outlives the module's memory. */
  readRecords(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const records = [];
    let offset = 0;
    while (offset < bytes.length) {
      const kind = bytes[offset];
      const subject = view.getUint32(offset + 1, true);
      const length = view.getUint32(offset + 5, true);
      const start = offset + 9;
      offset = start + length;
      let payload = null;
      if (kind === Record.bytes) {
        payload = this.connections.get(subject)?.received(bytes, start, length) ?? null;
      } else if (kind === Record.log) {
        payload = decoder.decode(bytes.subarray(start, start + length));
      }
      records.push(kind, subject, payload);
    }
    return records;
  }

  carryOut(records) {
    for (let i = 0; i < records.length; i += 3) {
      const kind = records[i];
      const subject = records[i + 1];
      const payload = records[i + 2];
      const connection = this.connections.get(subject);
      switch (kind) {
        case Record.bytes:
          if (payload !== null) connection?.deliver(payload);
          break;
        case Record.closed:
          this.connections.delete(subject);
          connection?.closed();
          break;
        case Record.shutdownWriting:
          connection?.handlers.onShutdownWriting?.();
          break;
        case Record.pauseReading:
          connection?.handlers.onPause?.();
          break;
        case Record.resumeReading:
          connection?.handlers.onResume?.();
          break;
        case Record.log:
          this.onLog(LogLevels[subject] ?? "info", payload);
          break;
        case Record.watchProcess:
          this.onWatchProcess(subject | 0);
          break;
        case Record.exit:
          this.exited = true;
          this.onExit(subject | 0);
          break;
      }
    }
  }

  /** Calls back at the module's next deadline, and gives turns on the next iteration. */
  schedule() {
    if (this.exports.transitiond_wants_turns() && !this.turnsPending) {
      this.turnsPending = true;
      setTimeout(() => {
        this.turnsPending = false;
        this.call(() => this.exports.transitiond_turns(now()));
      }, 0);
    }
    const deadline = this.exports.transitiond_deadline();
    if (deadline === this.timerDeadline) return;
    this.cancelTimer();
    if (deadline < 0) return;
    this.timerDeadline = deadline;
    if (isBrowser) {
      this.timer = { frame: requestAnimationFrame(() => this.frame()) };
    } else {
      this.timer = { timeout: setTimeout(() => this.fire(), Math.max(0, deadline - now())) };
    }
  }

  /**
   * A browser frame: the ticks due before it is shown go out now, on their own times
   * (a tick's time is its grid point, not the frame's).
   */
  frame() {
    this.timer = null;
    const deadline = this.timerDeadline;
    this.timerDeadline = -1;
    const t = now();
    if (deadline - t > 8) {
      this.timerDeadline = deadline;
      this.timer = { frame: requestAnimationFrame(() => this.frame()) };
      return;
    }
    this.call(() => this.exports.transitiond_timer(Math.max(t, deadline)));
  }

  fire() {
    this.timer = null;
    this.timerDeadline = -1;
    this.call(() => this.exports.transitiond_timer(now()));
  }

  cancelTimer() {
    if (this.timer?.frame !== undefined) cancelAnimationFrame(this.timer.frame);
    if (this.timer?.timeout !== undefined) clearTimeout(this.timer.timeout);
    this.timer = null;
    this.timerDeadline = -1;
  }

  /** Copies `bytes` into the module and hands them to connection `id`. */
  receive(id, bytes) {
    const pointer = this.exports.transitiond_alloc(bytes.length);
    new Uint8Array(this.exports.memory.buffer, pointer, bytes.length).set(bytes);
    try {
      this.call(() => this.exports.transitiond_receive(id, pointer, bytes.length, now()));
    } finally {
      this.exports.transitiond_free(pointer);
    }
  }
}

/** One connection of a module, as its host sees it. */
class ModuleConnection {
  constructor(module, id, framing, handlers) {
    this.module = module;
    this.id = id;
    this.framing = framing;
    this.handlers = handlers;
    this.isClosed = false;
  }

  /** Bytes the client sent (framing lsp), or one message (framing messages: a string or bytes). */
  send(data) {
    if (this.isClosed) return;
    this.module.receive(this.id, typeof data === "string" ? encoder.encode(data) : data);
  }

  /** The host's buffer for this connection holds `remaining` unsent bytes (option `queues`). */
  written(remaining) {
    if (this.isClosed) return;
    this.module.call(() => this.module.exports.transitiond_written(this.id, remaining, now()));
  }

  /** The client's input ended: `error` 0 at its end, else a HostError code (a reset). */
  end(error = 0) {
    if (this.isClosed) return;
    this.module.call(() => this.module.exports.transitiond_end(this.id, Number(error), now()));
  }

  /** Writing to the client failed (it is gone) with a HostError code. */
  outputFailed(error = HostError.brokenPipe) {
    if (this.isClosed) return;
    this.module.call(() => this.module.exports.transitiond_output_failed(this.id, error, now()));
  }

  /**
   * What `length` bytes of the outbox at `start` carry to this connection, taken out of
   * the module's memory: a copy of the bytes (LSP framing), or the length-prefixed
   * messages: texts, and an ArrayBuffer of its own for each binary one (the length's
   * top bit set).
   */
  received(bytes, start, length) {
    if (this.framing === Framing.lsp) return bytes.slice(start, start + length);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const messages = [];
    let offset = start;
    const end = start + length;
    while (offset + 4 <= end) {
      const word = view.getUint32(offset, true);
      const size = word & 0x7fffffff;
      const body = bytes.subarray(offset + 4, offset + 4 + size);
      messages.push(word & 0x80000000 ? body.slice().buffer : decoder.decode(body));
      offset += 4 + size;
    }
    return messages;
  }

  /** Hands over what `received` took out. */
  deliver(payload) {
    if (this.framing === Framing.lsp) {
      this.handlers.onBytes?.(payload);
      return;
    }
    for (const message of payload) this.handlers.onMessage?.(message);
  }

  closed() {
    this.isClosed = true;
    this.handlers.onClose?.();
  }
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/**
 * A connection to the module that looks like a WebSocket to `TransitionClient`:
 * `readyState`, `send(text)`, `close(code)`, and `open`, `message` and `close` events.
 * Messages are delivered asynchronously, as a socket's are; a binary session's ticks as
 * an ArrayBuffer each, as a socket with `binaryType` "arraybuffer" delivers binary frames.
 */
export class LocalSocket extends EventTarget {
  constructor(module) {
    super();
    this.readyState = CONNECTING;
    this.binaryType = "arraybuffer";
    this.connection = module.open(Framing.messages, {
      onMessage: (data) => queueMicrotask(() => this.dispatchEvent(Object.assign(new Event("message"), { data }))),
      onClose: () => this.finish(1000, ""),
    });
    if (!this.connection) {
      setTimeout(() => this.finish(1013, "too many connections (--max-connections)"), 0);
      return;
    }
    // Open on a later task, as a socket opens: whoever made it has added its listeners.
    setTimeout(() => {
      if (this.readyState !== CONNECTING) return;
      this.readyState = OPEN;
      this.dispatchEvent(new Event("open"));
    }, 0);
  }

  send(text) {
    if (this.readyState !== OPEN) throw new Error("LocalSocket is not open");
    this.connection.send(text);
  }

  /** Ends the connection: the module ends its sessions as for a socket whose input ended. */
  close(code = 1000, reason = "") {
    if (this.readyState >= CLOSING) return;
    this.readyState = CLOSING;
    this.connection?.end();
    this.finish(code, reason);
  }

  finish(code, reason) {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    queueMicrotask(() => this.dispatchEvent(Object.assign(new Event("close"), { code, reason, wasClean: true })));
  }
}

/**
 * Compiles and instantiates the module. `source`: a URL, path, bytes or compiled
 * module; by default `transitiond.wasm` beside this file. Options as for
 * TransitionEngineModule.
 */
export async function loadModule(source, options = {}) {
  const compiled = await compile(source);
  let memory = null;
  let stderr = "";
  const instance = await WebAssembly.instantiate(compiled, {
    wasi_snapshot_preview1: wasiImports(() => memory, (fd, text) => {
      // The runtime's last words before a trap, one line at a time.
      stderr += text;
      let end;
      while ((end = stderr.indexOf("\n")) >= 0) {
        (options.onLog ?? ((level, message) => console.error(`transitiond: ${message}`)))("error", stderr.slice(0, end));
        stderr = stderr.slice(end + 1);
      }
    }),
  });
  memory = instance.exports.memory;
  return new TransitionEngineModule(instance, options);
}

/** The page's shared module, loaded once per source. */
const shared = new Map();

/**
 * A WebSocket-like connection to an in-page module (shared by every call with the same
 * `options.module` source, so clients of one page see each other's named sessions).
 */
export async function openLocalSocket(options = {}) {
  const key = options.module ?? "default";
  if (!shared.has(key)) shared.set(key, loadModule(options.module, options));
  const module = await shared.get(key);
  return module.openSocket();
}
