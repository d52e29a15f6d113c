#!/usr/bin/env node
// transitiond on Node 20: the daemon's service, compiled to WebAssembly
// (../transitiond.wasm), serving LSP-framed JSON-RPC over standard input/output or a
// Unix socket (a named pipe on Windows). For macOS and Windows, where no native build is
// installed; the protocol, its errors and its limits are the native daemon's.
//
//   node bin/transitiond.mjs [--stdio | --listen [<path>]] [<options>]

import { chmodSync, constants, existsSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { homedir, tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Framing, HostError, LogLevels, hostError, loadModule } from "../transitiond-wasm.js";

const here = dirname(fileURLToPath(import.meta.url));
const version = JSON.parse(readFileSync(join(here, "..", "package.json"), "utf8")).version;
const limitFlags = [
  ["max-message-bytes", "Largest message body accepted; a message is read whole, so a larger one keeps the other clients waiting longer (default 1048576)."],
  ["max-header-bytes", "Largest header section accepted (default 8192)."],
  ["max-depth", "Deepest JSON nesting accepted (default 128)."],
  ["max-batch", "Messages in one JSON-RPC batch, handled one at a time in turns with the other clients (default 1000)."],
  ["max-sessions", "Sessions per connection (default 64)."],
  ["max-items", "Items per session; one request is handled whole: at the defaults it keeps the other clients waiting under 100 ms, and raising this lets a request on a large session keep them waiting longer (default 10000)."],
  ["max-connections", "Concurrent socket clients (default 256)."],
  ["max-web-connections", "Concurrent TCP clients of --ws (default 64; the native daemon's)."],
  ["max-backlog-bytes", "Unsent bytes after which a client is disconnected (default 67108864)."],
];
const usage = "USAGE: transitiond.mjs [--stdio | --listen [<path>]] [<options>]";
const help = `OVERVIEW: transitiond on Node — the daemon's service compiled to WebAssembly. It
speaks JSON-RPC 2.0 with LSP framing (Content-Length headers) on standard input and
output, or on a Unix socket (a named pipe on Windows), as the native transitiond does.

${usage}

OPTIONS:
  --stdio                 Serve one client on standard input/output (the default).
  --listen [<path>]       Serve clients on a Unix socket at <path> (created 0600), or a
                          Windows named pipe (\\\\.\\pipe\\<name>), until SIGINT or
                          SIGTERM. Also --pipe=<path>. Without a path: the native
                          daemon's default socket ($XDG_RUNTIME_DIR/transitiond/
                          transitiond.sock, else /tmp/transitiond-<uid>/), or
                          \\\\.\\pipe\\transitiond-<user> on Windows.
  --listen-timeout <duration>
                          With --listen: exit (status 0) when no client has been
                          connected for <duration>: 500ms, 60s, 2m, or plain seconds.
  --initialize-timeout <duration>
                          Close a socket client that has not completed initialize
                          within <duration> of connecting (default 10s).
  --clientProcessId <pid> Exit when that process dies.
  --log-file <path>       Write logs to <path> instead of standard error.
  --log-level <level>     error, warning (default), info or debug.
${limitFlags.map(([name, text]) => `  --${name} <n>`.padEnd(26) + text).join("\n")}
  -h, --help              Show help information.
  --version               Show the version.

Not here (the native daemon's): --remote, --ws, socket activation, and durable
sessions (--state-dir, --no-state): a session here ends with this process.

EXIT STATUS: As the native daemon's: over standard input/output 0 after shutdown and
exit, 1 when the client leaves without shutdown, after a framing error or on a signal;
with --listen 0 on SIGINT or SIGTERM or after --listen-timeout; 1 when it cannot start;
64 on a command-line mistake.`;

class UsageError extends Error {}

/** A positive duration in milliseconds: `500ms`, `60s`, `2m`, or plain seconds. */
function milliseconds(text) {
  const unit = [["ms", 1], ["s", 1000], ["m", 60000]].find(([suffix]) => text.endsWith(suffix));
  const digits = unit ? text.slice(0, -unit[0].length) : text;
  if (!/^[0-9]+$/.test(digits) || Number(digits) <= 0) return null;
  return Number(digits) * (unit ? unit[1] : 1000);
}

/** A whole number within `range`, or a usage error worded as the native daemon's. */
function number(name, text, [low, high]) {
  const n = /^[+-]?[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < low || n > high) {
    throw new UsageError(`${name} takes a whole number from ${low} to ${high}, got '${text}'`);
  }
  return n;
}

/** The ranges of the --max-* options, as the native daemon's (a 32-bit module's Int). */
const limitRanges = {
  "max-message-bytes": [64, 1 << 30], "max-header-bytes": [64, 1 << 20], "max-depth": [2, 10000],
  "max-batch": [1, 1000000], "max-sessions": [1, 100000], "max-items": [1, 100000000],
  "max-connections": [1, 100000], "max-web-connections": [1, 100000], "max-backlog-bytes": [64 << 10, 2 ** 31 - 1],
};

/** Options of the native daemon that this host does not have. */
const nativeOnly = ["--remote", "--ws", "--ws-allow-remote", "--allow-origin", "--state-dir", "--no-state"];

/** The command line, read as the native daemon reads it, with its messages. */
function parse(argv) {
  const options = { mode: "stdio", path: null, limits: {}, logLevel: "warning", logFile: null, listenTimeout: null, initializeTimeout: null, clientProcessId: null };
  const rest = [...argv];
  while (rest.length > 0) {
    const arg = rest.shift();
    const cut = arg.indexOf("=");
    const name = cut >= 0 ? arg.slice(0, cut) : arg;
    const inline = cut >= 0 ? arg.slice(cut + 1) : undefined;
    const value = () => {
      if (inline !== undefined) return inline;
      if (rest.length === 0) throw new UsageError(`${name} needs a value`);
      return rest.shift();
    };
    switch (name) {
      case "-h": case "--help": return { help: true };
      case "--version": return { version: true };
      case "--stdio": options.mode = "stdio"; break;
      case "--listen": case "--pipe":
        options.mode = "listen";
        options.path = inline === undefined && (rest.length === 0 || rest[0].startsWith("-")) ? null : value();
        break;
      case "--listen-timeout": {
        const text = value();
        const ms = milliseconds(text);
        if (ms === null) throw new UsageError(`--listen-timeout takes a duration such as 60s, 500ms, 2m or 60 (seconds), got '${text}'`);
        options.listenTimeout = ms;
        break;
      }
      case "--initialize-timeout": {
        const text = value();
        const ms = milliseconds(text);
        if (ms === null) throw new UsageError(`--initialize-timeout takes a duration such as 10s, 500ms, 2m or 10 (seconds), got '${text}'`);
        options.initializeTimeout = ms;
        break;
      }
      case "--clientProcessId": options.clientProcessId = number(name, value(), [1, 2147483647]); break;
      case "--log-file": options.logFile = value(); break;
      case "--log-level": {
        const text = value();
        if (!LogLevels.includes(text)) throw new UsageError(`--log-level takes one of ${LogLevels.join(", ")}, got '${text}'`);
        options.logLevel = text;
        break;
      }
      default: {
        if (nativeOnly.includes(name)) throw new UsageError(`${name} is the native daemon's option; transitiond on Node serves standard input/output or --listen`);
        const limit = limitFlags.find(([flag]) => name === `--${flag}`);
        if (!limit) throw new UsageError(`unknown option '${arg}'`);
        options.limits[limit[0]] = number(name, value(), limitRanges[limit[0]]);
      }
    }
  }
  if (options.listenTimeout !== null && options.mode === "stdio") {
    throw new UsageError("--listen-timeout needs --listen or --ws (over standard input/output the client decides)");
  }
  return options;
}

/** Whether `path` is a directory (not a symlink) of this user that nobody else can enter. */
function isPrivateDirectory(path) {
  try {
    const info = lstatSync(path);
    return info.isDirectory() && info.uid === process.getuid() && (info.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Creates `path` 0700 if missing, then insists it is private (LocalSockets' rules). */
function ensurePrivateDirectory(path) {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (error) {
    if (error.code !== "EEXIST") throw new Error(`cannot create '${path}': ${error.message}`);
  }
  if (!isPrivateDirectory(path)) {
    throw new Error(`'${path}' is not a directory owned by uid ${process.getuid()} with mode 0700; not using it`);
  }
}

/**
 * The default socket, as the native daemon chooses it: in $XDG_RUNTIME_DIR/transitiond
 * when that is private, else /tmp/transitiond-<uid> (with a warning to log when
 * $XDG_RUNTIME_DIR was set but passed over); on Windows a named pipe of the user's.
 */
function defaultSocketPath() {
  if (process.platform === "win32") return { path: `\\\\.\\pipe\\transitiond-${userInfo().username}` };
  const uid = process.getuid();
  const runtime = process.env.XDG_RUNTIME_DIR;
  let passedOver = null;
  if (runtime) {
    if (isPrivateDirectory(runtime)) {
      ensurePrivateDirectory(join(runtime, "transitiond"));
      return { path: join(runtime, "transitiond", "transitiond.sock") };
    }
    passedOver = `XDG_RUNTIME_DIR '${runtime}' is not a directory owned by uid ${uid} that only it can enter; using /tmp/transitiond-${uid} instead`;
  }
  const directory = `/tmp/transitiond-${uid}`;
  ensurePrivateDirectory(directory);
  return { path: join(directory, "transitiond.sock"), passedOver };
}

/**
 * Log lines as the native daemon writes them: pid, wall-clock time, level. Writing never
 * blocks: standard error is opened again without blocking (Node writes to a pipe
 * synchronously, and an editor may never read it), lines that do not fit wait in a
 * 64 KiB backlog, lines past it are dropped and counted, and the count is logged once
 * the reader catches up.
 */
function logWriter(path) {
  let fd = 2;
  if (path) {
    fd = openSync(path, "a", 0o600);
  } else {
    try {
      fd = openSync(process.platform === "linux" ? "/proc/self/fd/2" : "/dev/fd/2",
        constants.O_WRONLY | constants.O_APPEND | constants.O_NONBLOCK);
    } catch { /* no way to open it again: write to it as it is */ }
  }
  const capacity = 64 << 10;
  const backlog = [];
  let backlogBytes = 0;
  let dropped = 0;
  let retry = null;
  const drain = () => {
    retry = null;
    while (backlog.length > 0) {
      let written;
      try {
        written = writeSync(fd, backlog[0]);
      } catch (error) {
        if (error.code !== "EAGAIN") { backlog.length = 0; backlogBytes = 0; return; }
        retry = setTimeout(drain, 50);
        retry.unref();
        return;
      }
      backlogBytes -= written;
      if (written < backlog[0].length) { backlog[0] = backlog[0].subarray(written); continue; }
      backlog.shift();
      if (backlog.length === 0 && dropped > 0) {
        const count = dropped;
        dropped = 0;
        enqueue("warning", `${count} log lines dropped: the log's reader did not keep up`);
      }
    }
  };
  const enqueue = (level, message) => {
    const ms = Date.now();
    const line = Buffer.from(`transitiond[${process.pid}] ${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, "0")} ${level}: ${message}\n`);
    if (backlogBytes + line.length > capacity) { dropped += 1; return; }
    backlog.push(line);
    backlogBytes += line.length;
    if (!retry) drain();
  };
  return enqueue;
}

/** Watches client processes (`initialize`'s processId, --clientProcessId) every 500 ms. */
function processWatcher(onGone) {
  const pids = new Set();
  let timer = null;
  const check = () => {
    for (const pid of pids) {
      try {
        process.kill(pid, 0);
      } catch (error) {
        if (error.code === "ESRCH") { pids.delete(pid); onGone(pid); }
      }
    }
  };
  return {
    watch(pid) {
      pids.add(pid);
      if (!timer) { timer = setInterval(check, 500); timer.unref(); }
    },
    stop() { if (timer) clearInterval(timer); },
  };
}

async function main(argv) {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`Error: ${error.message}\n${usage}\n`);
    return 64;
  }
  if (options.help) { process.stdout.write(help + "\n"); return 0; }
  if (options.version) { process.stdout.write(`transitiond ${version}\n`); return 0; }

  let log;
  try {
    log = logWriter(options.logFile);
  } catch (error) {
    process.stderr.write(`transitiond: cannot open the log file '${options.logFile}': ${error.message}\n`);
    return 1;
  }
  if (options.mode === "listen" && options.path === null) {
    // Resolved when the daemon starts, as the native daemon does: an unsafe directory
    // is a reason not to start (1), not a command-line mistake (64).
    try {
      const chosen = defaultSocketPath();
      options.path = chosen.path;
      if (chosen.passedOver) log("warning", chosen.passedOver);
    } catch (error) {
      log("error", `no safe default socket path: ${error.message}`);
      return 1;
    }
  }
  let finish;
  const exited = new Promise((resolve) => { finish = resolve; });
  let cleanup = () => {};
  let watcher = null;
  let module;
  try {
    module = await loadModule(new URL("../transitiond.wasm", import.meta.url), {
      limits: options.limits,
      initializeTimeout: options.initializeTimeout,
      logLevel: options.logLevel,
      onLog: log,
      onExit: (code) => finish(code),
      onWatchProcess: (pid) => watcher.watch(pid),
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    process.stderr.write(`Error: ${error.message}\n${usage}\n`);
    return 64;
  }
  // One watch for both kinds of process: --clientProcessId's ends the daemon, as the
  // native daemon's does; one named by a client's initialize is the module's to handle.
  watcher = processWatcher((pid) => {
    if (pid !== options.clientProcessId) return module.processEnded(pid);
    log("info", `client process ${pid} is gone: exiting`);
    module.stop(1);
  });
  if (options.clientProcessId !== null) watcher.watch(options.clientProcessId);
  const stopCode = options.mode === "stdio" ? 1 : 0;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => { log("info", `signal ${signal}: shutting down`); module.stop(stopCode); });
  }

  if (options.mode === "stdio") {
    serveStdio(module);
  } else {
    const started = await listen(module, options, log);
    if (!started) return 1;
    cleanup = started;
  }
  const code = await exited;
  cleanup();
  watcher.stop();
  // What the module wrote last reaches standard output before the exit.
  await new Promise((resolve) => process.stdout.write("", resolve));
  return code;
}

/**
 * Writes the module's bytes to `stream` and reports what the stream still holds, once
 * per burst and when it drains: the module's backlog for that connection.
 */
function writer(stream, connection) {
  let reportQueued = false;
  const report = () => {
    reportQueued = false;
    connection().written(stream.writableLength);
  };
  stream.on("drain", report);
  return (bytes) => {
    stream.write(bytes);
    if (!reportQueued) {
      reportQueued = true;
      queueMicrotask(report);
    }
  };
}

function serveStdio(module) {
  let connection = null;
  connection = module.open(Framing.lsp, {
    sole: true,
    queues: true,
    onBytes: writer(process.stdout, () => connection),
    onClose: () => process.stdin.destroy(),
    onPause: () => process.stdin.pause(),
    onResume: () => process.stdin.resume(),
  });
  process.stdin.on("data", (chunk) => connection.send(chunk));
  process.stdin.on("end", () => connection.end());
  process.stdin.on("error", (error) => connection.end(hostError(error)));
  process.stdout.on("error", (error) => connection.outputFailed(hostError(error)));
}

/** Serves clients on a Unix socket or named pipe; resolves with the clean-up, or null. */
async function listen(module, options, log) {
  const path = options.path;
  // As the native daemon says it (Sources/TransitionDaemon/Loop/ListenError.swift).
  const bytes = Buffer.byteLength(path);
  if (process.platform !== "win32" && bytes > 107) {
    log("error", `socket path '${path}' is ${bytes} bytes; the limit is 107 (sun_path)`);
    return null;
  }
  if (process.platform !== "win32" && !existsSync(dirname(path))) {
    log("error", `cannot bind '${path}': ENOENT: the directory '${dirname(path)}' does not exist`);
    return null;
  }
  if (process.platform !== "win32" && existsSync(path)) {
    if (!lstatSync(path).isSocket()) {
      log("error", `'${path}' exists and is not a socket; not replacing it`);
      return null;
    }
    // A stale socket is replaced; a live daemon's is left alone.
    const live = await new Promise((resolve) => {
      const probe = createConnection(path);
      probe.on("connect", () => { probe.destroy(); resolve(true); });
      probe.on("error", () => resolve(false));
    });
    if (live) {
      log("error", `a daemon is already serving '${path}'; stop it or choose another path`);
      return null;
    }
    unlinkSync(path);
  }
  let open = 0;
  let idleTimer = null;
  const armIdle = () => {
    if (options.listenTimeout === null || open > 0) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (open > 0) return;
      log("info", "no client for the --listen-timeout: exiting");
      module.stop(0);
    }, options.listenTimeout);
  };
  const server = createServer((socket) => {
    let connection = null;
    connection = module.open(Framing.lsp, {
      queues: true,
      onBytes: writer(socket, () => connection),
      onShutdownWriting: () => socket.end(),
      onClose: () => socket.destroy(),
      onPause: () => socket.pause(),
      onResume: () => socket.resume(),
    });
    if (!connection) { socket.destroy(); return; }
    open += 1;
    clearTimeout(idleTimer);
    socket.on("data", (chunk) => connection.send(chunk));
    socket.on("end", () => connection.end());
    // A failed write means the client is gone (EPIPE); a failed read, a reset.
    socket.on("error", (error) => error.syscall === "write" || error.code === "EPIPE"
      ? connection.outputFailed(hostError(error))
      : connection.end(hostError(error)));
    socket.on("close", () => { open -= 1; armIdle(); connection.end(HostError.connectionReset); });
  });
  const listening = await new Promise((resolve) => {
    server.once("error", (error) => { log("error", `cannot bind '${path}': ${error.message}`); resolve(false); });
    const previous = process.umask(0o177);
    server.listen(path, () => { process.umask(previous); resolve(true); });
  });
  if (!listening) return null;
  if (process.platform !== "win32") chmodSync(path, 0o600);
  log("info", `listening on ${path}`);
  armIdle();
  return () => {
    clearTimeout(idleTimer);
    server.close();
    if (process.platform !== "win32") { try { unlinkSync(path); } catch { /* already gone */ } }
  };
}

process.exitCode = await main(process.argv.slice(2));
// Sockets and timers of clients still attached do not keep a stopped daemon alive.
process.exit(process.exitCode);
