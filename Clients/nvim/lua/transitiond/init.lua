-- transitiond for Neovim: starts the daemon, keeps one session, drives its
-- transitions and draws the streamed ticks in a preview.
--
--   require('transitiond').setup({ cmd = { '/path/to/transitiond' } })
--
-- See :help transitiond.

local rpc = require('transitiond.rpc')
local specs = require('transitiond.spec')
local preview = require('transitiond.preview')
local protocol = require('transitiond.protocol')

local M = {}

M.version = '0.2.0'

M.config = {
  cmd = nil, -- { 'transitiond', ... } or { 'node', '.../Clients/web/bin/transitiond.mjs' }; nil = $TRANSITIOND, else `transitiond` on PATH
  args = {}, -- extra arguments for the daemon, e.g. { '--log-level', 'warning' }
  timeout = 2000, -- ms to wait for the daemon when stopping
  manual_redraw = true, -- on a manual clock, advance by 0 after a scrub so the preview shows it
  preview = {}, -- see require('transitiond.preview').config
  open_preview = false, -- open the preview when a session is created
  log_file = nil, -- where the daemon's stderr is appended; nil = <stdpath('cache')>/transitiond.log
  shared = true, -- the per-user shared daemon (`transitiond --remote=auto`) for the previews and the language server; false: private ones (`--stdio`)
}

local S = {
  client = nil,
  ready = false,
  queue = {}, -- requests waiting for initialize
  capabilities = nil,
  server_info = nil,
  log = {}, -- the daemon's stderr (last lines)
  session = nil, -- see new_session()
  last_spec = nil, -- the spec table of the last session made: what a restart makes again
  exit = nil, -- how the daemon last died: { code, signal, tail, log }
  creating = nil, -- callbacks waiting for a session being created
  listeners = { tick = {}, didEnd = {}, exit = {} },
}

local LOG_LINES = 500

-- The timer that steps a followed manual-clock session (see M.follow).
local stepper = { timer = nil }

local function stop_stepper()
  local timer = stepper.timer
  stepper.timer = nil
  if timer and not timer:is_closing() then
    timer:stop()
    timer:close()
  end
end

------------------------------------------------------------------------------
-- Messages

local function notify(msg, level)
  vim.notify('transitiond: ' .. msg, level or vim.log.levels.INFO)
end

-- The daemon's message on one short line: a long list of names ("expected one of
-- linear, quadraticEaseIn, ...") becomes its count.
function M.short_message(msg)
  msg = tostring(msg):gsub('%s+', ' ')
  return (msg:gsub('one of ([%w_%-]+), ([%w_%-]+), ([%w_%-, ]+)', function(a, b, rest)
    local n = 2
    for _ in rest:gmatch('[^,]+') do
      n = n + 1
    end
    if n <= 6 then
      return nil
    end
    return string.format('one of %d names (%s, %s, …)', n, a, b)
  end))
end

-- A JSON-RPC error from the daemon, shown as an editor message.
local function notify_rpc_error(method, err)
  local msg = M.short_message(err.message or 'error')
  if err.code then
    msg = msg .. ' [' .. tostring(err.code) .. ']'
  end
  notify(msg, vim.log.levels.ERROR)
end

-- Runs fn and shows any error it raises as a message rather than a trace.
function M.guard(fn, ...)
  local ok, err = pcall(fn, ...)
  if not ok then
    local msg = tostring(err)
    -- errors raised with a position ("file.lua:12: ...") keep only the text
    msg = msg:gsub('^[^\n]-%.lua:%d+: ', '')
    notify(msg, vim.log.levels.ERROR)
  end
  return ok
end

local function fail(msg)
  error(msg, 0)
end

------------------------------------------------------------------------------
-- Setup and the daemon's lifecycle

function M.setup(opts)
  opts = opts or {}
  for k, v in pairs(opts) do
    if k == 'preview' then
      for pk, pv in pairs(v) do
        preview.config[pk] = pv
      end
    end
    M.config[k] = v
  end
  return M
end

-- The command line of the daemon: setup's cmd, else $TRANSITIOND, else
-- `transitiond` from PATH.
function M.resolve_cmd()
  local cmd = M.config.cmd
  if type(cmd) == 'string' then
    cmd = { cmd }
  end
  if not cmd or #cmd == 0 then
    local env = vim.env.TRANSITIOND
    if env and env ~= '' then
      cmd = { env }
    else
      cmd = { 'transitiond' }
    end
  end
  local out = vim.deepcopy(cmd)
  if vim.fn.executable(out[1]) ~= 1 then
    fail(string.format("'%s' is not an executable: set require('transitiond').setup({ cmd = { ... } }) or $TRANSITIOND", out[1]))
  end
  return out
end

-- Whether the daemon is reached through the per-user shared one (`--remote=auto`):
-- the `shared` setting (true unless set to false), except for the daemon on Node (a
-- `.mjs` script), which has no `--remote`.
function M.uses_shared(cmd)
  if M.config.shared == false then
    return false
  end
  cmd = cmd or (pcall(M.resolve_cmd) and M.resolve_cmd()) or {}
  for _, a in ipairs(cmd) do
    if type(a) == 'string' and a:match('%.mjs$') then
      return false
    end
  end
  return true
end

-- The shared daemon's socket: $XDG_RUNTIME_DIR/transitiond/transitiond.sock, else
-- /tmp/transitiond-<uid>/transitiond.sock (as `transitiond --listen` without a path).
function M.shared_socket()
  local runtime = vim.env.XDG_RUNTIME_DIR
  if runtime and runtime ~= '' then
    return runtime .. '/transitiond/transitiond.sock'
  end
  return string.format('/tmp/transitiond-%d/transitiond.sock', vim.loop.getuid())
end

local function on_notification(method, params)
  if method == 'transition/tick' then
    M._on_tick(params)
  elseif method == 'transition/didEnd' then
    M._on_did_end(params)
  end
end

-- The file the daemon's standard error is appended to.
function M.log_path()
  if M.config.log_file then
    return M.config.log_file
  end
  return vim.fn.stdpath('cache') .. '/transitiond.log'
end

local function append_log(lines)
  local path = M.log_path()
  vim.fn.mkdir(vim.fn.fnamemodify(path, ':h'), 'p')
  local f = io.open(path, 'a')
  if f then
    f:write(table.concat(lines, '\n'), '\n')
    f:close()
  end
end

local function on_stderr(line)
  local log = S.log
  log[#log + 1] = line
  if #log > LOG_LINES then
    table.remove(log, 1)
  end
  append_log({ line })
end

local SIGNALS = { [1] = 'SIGHUP', [2] = 'SIGINT', [4] = 'SIGILL', [5] = 'SIGTRAP', [6] = 'SIGABRT', [9] = 'SIGKILL',
  [11] = 'SIGSEGV', [13] = 'SIGPIPE', [15] = 'SIGTERM' }

-- "exited with status 3" or "killed by signal 9 (SIGKILL)".
function M.describe_exit(code, signal)
  if signal and signal ~= 0 then
    return string.format('killed by signal %d%s', signal, SIGNALS[signal] and (' (' .. SIGNALS[signal] .. ')') or '')
  end
  return 'exited with status ' .. tostring(code)
end

-- How the daemon last died unexpectedly, or nil.
function M.last_exit()
  return S.exit
end

local function emit(event, payload)
  for _, fn in ipairs(S.listeners[event]) do
    local ok, err = pcall(fn, payload)
    if not ok then
      notify('listener for ' .. event .. ' failed: ' .. tostring(err), vim.log.levels.WARN)
    end
  end
end

local function on_exit(client, code, signal)
  if S.client ~= client then
    return
  end
  local expected = client.stopping
  stop_stepper()
  S.client, S.ready, S.queue, S.session, S.creating = nil, false, {}, nil, nil
  if not expected then
    S.exit = {
      code = code,
      signal = signal,
      tail = vim.list_slice(S.log, math.max(1, #S.log - 4), #S.log),
      log = M.log_path(),
    }
    append_log({ string.format('-- transitiond %s', M.describe_exit(code, signal)) })
    notify('the daemon ' .. M.describe_exit(code, signal) .. ' (log: ' .. S.exit.log .. ')', vim.log.levels.ERROR)
  end
  emit('exit', { code = code, signal = signal, expected = expected })
  M._redraw()
end

local function setup_autocmds()
  local group = vim.api.nvim_create_augroup('transitiond', { clear = true })
  vim.api.nvim_create_autocmd('VimLeavePre', {
    group = group,
    callback = function()
      M.stop()
    end,
  })
  vim.api.nvim_create_autocmd('VimResized', {
    group = group,
    callback = function()
      if preview.is_open() then
        preview.set_viewport(nil)
        M._redraw()
      end
    end,
  })
end

-- Sends a request to the daemon (starting it when needed), queued until the
-- daemon has been initialised. Errors are shown as messages unless `on_error`
-- handles them; `callback(result)` runs on success.
function M.request(method, params, callback, on_error)
  M.start()
  local function send()
    S.client:request(method, params, function(err, result)
      if err then
        if on_error then
          on_error(err)
        else
          notify_rpc_error(method, err)
        end
      elseif callback then
        callback(result)
      end
    end)
  end
  if S.ready then
    send()
  else
    table.insert(S.queue, send)
  end
end

-- Starts the daemon if it is not running; returns the client.
function M.start()
  if S.client and S.client:is_running() then
    return S.client
  end
  -- The mode goes after the whole of `cmd`, which may be a program and its
  -- script (`{ 'node', '.../transitiond.mjs' }`).
  local cmd = M.resolve_cmd()
  local shared = M.uses_shared(cmd)
  if shared then
    -- A forwarder to the shared daemon, which watches our pid from initialize
    -- and closes only this connection when Neovim dies.
    cmd[#cmd + 1] = '--remote=auto'
  elseif not vim.tbl_contains(cmd, '--stdio') then
    cmd[#cmd + 1] = '--stdio'
  end
  for _, a in ipairs(M.config.args or {}) do
    cmd[#cmd + 1] = a
  end
  if not shared then
    cmd[#cmd + 1] = '--clientProcessId'
    cmd[#cmd + 1] = tostring(vim.fn.getpid())
  end
  local client
  local err
  client, err = rpc.start(cmd, {
    on_notification = on_notification,
    on_stderr = on_stderr,
    on_exit = function(code, signal)
      on_exit(client, code, signal)
    end,
    on_protocol_error = function(msg)
      notify('unreadable message from the daemon: ' .. msg, vim.log.levels.ERROR)
    end,
  })
  if not client then
    fail(err)
  end
  S.client, S.ready, S.queue, S.exit, S.cmd = client, false, {}, nil, cmd
  append_log({ string.format('-- transitiond started (pid %s): %s', tostring(client.pid), table.concat(cmd, ' ')) })
  setup_autocmds()
  client:request('initialize', {
    processId = vim.fn.getpid(),
    clientInfo = { name = 'transitiond.nvim', version = M.version },
  }, function(ierr, result)
    if S.client ~= client then
      return
    end
    if ierr then
      notify_rpc_error('initialize', ierr)
      M.stop()
      return
    end
    S.capabilities = result and result.capabilities
    S.server_info = result and result.serverInfo
    client:notify('initialized', vim.empty_dict())
    S.ready = true
    local queue = S.queue
    S.queue = {}
    for _, send in ipairs(queue) do
      send()
    end
  end)
  return client
end

-- Waits (running the event loop) until the daemon is initialised.
function M.wait_ready(timeout_ms)
  return vim.wait(timeout_ms or 2000, function()
    return S.ready or not S.client
  end, 5) and S.ready
end

-- shutdown, exit, and wait for the process (killing it if it lingers).
function M.stop()
  local client = S.client
  if not client then
    return true
  end
  client.stopping = true
  stop_stepper()
  local ok = client:stop(M.config.timeout, not S.ready)
  if S.client == client then
    S.client, S.ready, S.queue, S.session, S.creating = nil, false, {}, nil, nil
  end
  if vim.v.exiting == vim.NIL then
    M._redraw()
  end
  return ok
end

function M.is_running()
  return S.client ~= nil and S.client:is_running()
end

function M.pid()
  return S.client and S.client.pid
end

-- The command line the plugin's daemon connection was started with (nil before).
function M.started_cmd()
  return S.cmd and vim.deepcopy(S.cmd)
end

function M.capabilities()
  return S.capabilities
end

function M.server_info()
  return S.server_info
end

function M.log_lines()
  return vim.deepcopy(S.log)
end

-- Listen to 'tick' (tick params), 'didEnd' (didEnd params) or 'exit'. Returns
-- a function that removes the listener.
function M.on(event, fn)
  local list = S.listeners[event]
  if not list then
    fail('unknown event ' .. tostring(event))
  end
  list[#list + 1] = fn
  return function()
    for i, f in ipairs(list) do
      if f == fn then
        table.remove(list, i)
        return
      end
    end
  end
end

------------------------------------------------------------------------------
-- The session

local function new_session(id, spec, result)
  return {
    id = id,
    spec = spec,
    viewport = spec.viewport,
    clock = spec.clock,
    fps = spec.fps or 60,
    multi_section = #spec.sections > 1,
    settled = 'from', -- the layout the session last came to rest in
    target = nil, -- where the transition in flight goes ('from' / 'to')
    transition = nil,
    phase = 'idle', -- idle, running, paused, finishing, cancelling
    progress = 0,
    contentOffset = result.contentOffset,
    last_tick = nil,
    seq = nil,
    starting = 0, -- transition/start requests not answered yet
    reason = nil,
  }
end

function M.session()
  return S.session
end

-- Calls fn(session) once there is a session, creating the demo one if needed.
local function with_session(fn)
  if S.session then
    return fn(S.session)
  end
  if S.creating then
    table.insert(S.creating, fn)
    return
  end
  M.create_session(S.last_spec, fn)
end

-- Disposes of a session this editor made; only unsubscribes from a followed one
-- (it is another client's).
local function leave_session(session)
  if session then
    local method = session.followed and 'session/unsubscribe' or 'session/dispose'
    M.request(method, { session = session.id }, nil, function() end)
  end
end

------------------------------------------------------------------------------
-- Following a session another connection owns: a manual clock is stepped here

local CODES = protocol.error_codes
local STEPPING = { running = true, finishing = true, cancelling = true }
local POLL_MS = 500 -- how often an idle or paused followed manual session is asked its status


-- One step of the timer: ask the status when it may have changed (a new transition,
-- a didEnd, or every POLL_MS while nothing moves), else advance by one frame while a
-- transition animates (never while it is paused, never on a realtime clock).
local function step(session)
  if S.session ~= session or not S.client or session.clock ~= 'manual' then
    stop_stepper()
    return
  end
  if session.busy then
    return
  end
  local now = vim.loop.now()
  if session.recheck or (not STEPPING[session.phase] and now >= (session.next_poll or 0)) then
    session.recheck = false
    session.busy = true
    session.next_poll = now + POLL_MS
    M.request('transition/status', { session = session.id }, function(r)
      session.busy = false
      if S.session == session and type(r) == 'table' and r.state then
        local changed = r.state ~= session.phase
        session.phase = r.state
        if r.transition then
          session.transition = r.transition
        end
        if changed then
          M._redraw()
        end
      end
    end, function(err)
      session.busy = false
      if err.code == CODES.UnknownSession and S.session == session then
        stop_stepper()
      end
    end)
    return
  end
  if STEPPING[session.phase] then
    session.busy = true
    M.request('clock/advance', { session = session.id, by = 1 / (session.fps or 60), reply = 'brief' }, function(r)
      session.busy = false
      if S.session == session and type(r) == 'table' and r.state == 'idle' then
        session.phase = 'idle'
        M._redraw()
      end
    end, function(err)
      session.busy = false
      if S.session == session then
        if err.code == CODES.NotManualClock then
          session.clock = 'realtime'
        end
        stop_stepper()
      end
    end)
  end
end

local function start_stepper(session)
  stop_stepper()
  -- Only a document's preview steps its manual clock: a session followed by name alone
  -- keeps the time its own client (a script) drives.
  if not session.followed or session.clock ~= 'manual' or not session.document then
    return
  end
  local ms = math.max(5, math.floor(1000 / (session.fps or 60)))
  local timer = vim.loop.new_timer()
  stepper.timer = timer
  timer:start(0, ms, vim.schedule_wrap(function()
    if stepper.timer == timer then
      step(session)
    end
  end))
end

-- Whether the plugin steps the followed session's manual clock now.
function M.is_stepping()
  return stepper.timer ~= nil
end

-- Follows the session called `name`, which any client of the daemon created
-- (with `shared`, another editor, a document's language server or a script):
-- subscribes to it and makes it the previewed session, drawn with `opts.viewport`
-- (default: the demo's). A document preview's manual-clock session (opts.document) is
-- stepped by the plugin (one `clock/advance` of 1/fps per frame while a transition
-- animates); any other keeps the time its own client drives. opts: viewport,
-- sections, document (the buffer whose session it is), on_error(err).
-- `callback(session)` runs once subscribed.
function M.follow(name, opts, callback)
  opts = opts or {}
  local spec = specs.normalize(nil)
  spec.viewport = opts.viewport or spec.viewport
  if type(opts.sections) == 'table' and #opts.sections > 0 then
    spec.sections = opts.sections
  end
  M.request('session/subscribe', { name = name }, function(result)
    if S.session and S.session.id ~= result.session then
      leave_session(S.session)
    end
    stop_stepper()
    local session = new_session(result.session, spec, result)
    session.name = result.name or name
    session.phase = result.state or 'idle'
    session.followed = true
    session.document = opts.document
    session.clock = result.clock
    session.fps = result.fps or 60
    S.session = session
    preview.set_viewport(spec.viewport)
    local function ready()
      if S.session ~= session then
        return
      end
      start_stepper(session)
      if M.config.open_preview and not preview.is_open() then
        preview.open()
      end
      M._redraw()
      if preview.is_open() and not session.last_tick then
        M._show_layout_at_rest(session)
      end
      if callback then
        callback(session)
      end
    end
    if session.clock then
      return ready()
    end
    -- A daemon whose subscribe result has no clock: session/list has it.
    M.request('session/list', nil, function(list)
      for _, e in ipairs((list and list.sessions) or {}) do
        if e.session == session.id then
          session.clock, session.fps = e.clock, e.fps or session.fps
        end
      end
      session.clock = session.clock or 'realtime'
      ready()
    end, function()
      session.clock = 'realtime'
      ready()
    end)
  end, opts.on_error)
end

------------------------------------------------------------------------------
-- Making a session: every spec becomes a transition document, checked by the daemon
-- (document/check), and the session is made from what it answers.

-- The first error of a document/check result, on one line ("4:51: transition.to.columns:
-- expected integer"), or nil.
function M.first_error(check)
  for _, d in ipairs((check and check.diagnostics) or {}) do
    if d.severity == 1 then
      local where = d.range and d.range.start and string.format('%d:%d: ', d.range.start.line + 1, d.range.start.character + 1) or ''
      local field = type(d.data) == 'table' and d.data.field and (d.data.field .. ': ') or ''
      return where .. field .. tostring(d.message)
    end
  end
end

-- Calls on_document(normalized spec) with the daemon's reading of `params`
-- (`{text}` or `{document}`), or on_invalid(message). A daemon without document/check
-- (on Node) leaves `fallback` (a normalized spec, or nil: invalid) as it is.
local function check_document(params, fallback, on_document, on_invalid)
  M.request('document/check', params, function(result)
    if result.valid and result.document then
      on_document(specs.from_document(result.document, true))
    else
      on_invalid('not a valid transition document: ' .. (M.first_error(result) or 'no session and transition'))
    end
  end, function(err)
    if err.code == CODES.MethodNotFound and fallback then
      on_document(fallback)
    else
      on_invalid(M.short_message(err.message or 'error'))
    end
  end)
end

-- Creates a session from a spec table (see transitiond.spec; nil = the demo),
-- disposing of the previous one once the daemon has accepted the new one.
-- `callback(session)` runs when it exists.
function M.create_session(spec_table, callback, opts)
  opts = opts or {}
  local spec = specs.normalize(spec_table)
  specs.validate(spec)
  M.start()
  local previous = S.session
  S.session = nil
  local waiting = S.creating or {}
  S.creating = waiting
  if callback then
    table.insert(waiting, callback)
  end
  local function invalid(message)
    if S.creating == waiting then
      S.creating = nil
      if S.session == nil then
        S.session = previous
      end
    end
    notify(message, vim.log.levels.ERROR)
    M._redraw()
  end
  local function create(checked)
    S.last_spec = opts.remember or spec_table
    leave_session(previous)
    M.request('session/create', checked.create, function(result)
      local session = new_session(result.session, checked, result)
      S.session = session
      S.creating = nil
      preview.set_viewport(checked.viewport)
      if M.config.open_preview then
        preview.open()
      end
      M._redraw()
      for _, fn in ipairs(waiting) do
        M.guard(fn, session)
      end
    end, function(err)
      if S.creating == waiting then
        S.creating = nil
      end
      notify_rpc_error('session/create', err)
    end)
  end
  if opts.checked then
    return create(spec)
  end
  check_document({ document = spec.document }, spec, create, invalid)
end

-- A spec in a buffer as a table: JSON (a transition document or the older form) or a
-- Lua table, or nil if it holds none.
function M.spec_from_buffer(bufnr)
  bufnr = bufnr or 0
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  if vim.trim(text) == '' then
    return nil
  end
  local ok, t = pcall(specs.parse, text)
  if ok and (specs.looks_like_spec(t) or specs.is_document(t)) then
    return t
  end
  return nil
end

-- Creates a session from the buffer: a transition document (Protocol section 18) is
-- read by the daemon from its text (document/check, its errors placed in the text);
-- the older `{viewport, items, from, to}` form and Lua tables are laid over the demo.
-- No spec in it: the demo, or an error when `required`.
function M.session_from_buffer(bufnr, required, callback)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local t = M.spec_from_buffer(bufnr)
  if not t then
    if required then
      fail('the current buffer holds no session spec')
    end
    return M.create_session(nil, callback)
  end
  if not specs.is_document(t) then
    return M.create_session(t, callback)
  end
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  M.start()
  check_document({ text = text }, specs.from_document(t), function(spec)
    M.create_session(spec, callback, { checked = true, remember = spec })
  end, function(message)
    notify(message, vim.log.levels.ERROR)
  end)
end

------------------------------------------------------------------------------
-- Watching a transition document's session (the one its code lenses play)

local function buffer_text(bufnr)
  return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
end

-- What the preview needs of a document/check result: the session's name, viewport,
-- sections, clock and fps.
local function watch_info(bufnr, check)
  local doc = check and check.document
  local sess = (type(doc) == 'table' and type(doc.session) == 'table') and doc.session or {}
  local viewport = sess.viewport
  if type(viewport) ~= 'table' or type(viewport.width) ~= 'number' or type(viewport.height) ~= 'number' then
    viewport = nil
  end
  return {
    name = type(sess.name) == 'string' and sess.name or require('transitiond.lsp').default_name(bufnr),
    viewport = viewport,
    sections = type(sess.sections) == 'table' and sess.sections or nil,
    clock = sess.clock or 'realtime',
    fps = sess.fps or 60,
  }
end

-- Opens the preview on the session of the transition document in `bufnr` (default:
-- the current buffer): subscribes to it by name (its `session.name`, else
-- `transition:<file name>`) and follows it through edits. When the document has not
-- been played yet, plays it first. Needs the shared daemon (the default).
function M.watch(bufnr, callback)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local lsp = require('transitiond.lsp')
  if not lsp.is_document(bufnr) then
    fail('not a transition document (a *.transition.json file)')
  end
  if not M.uses_shared() then
    fail("watching a document needs the shared daemon (setup({ shared = false }) turned it off): :TransitiondSession previews the buffer on the plugin's own daemon")
  end
  if not lsp.is_attached(bufnr) then
    lsp.attach(bufnr)
  end
  preview.open()
  M._redraw()
  M.request('document/check', { text = buffer_text(bufnr) }, function(check)
    local info = watch_info(bufnr, check)
    local function subscribe(played)
      M.follow(info.name, {
        viewport = info.viewport,
        sections = info.sections,
        document = bufnr,
        on_error = function(err)
          if err.code == CODES.UnknownSession and not played then
            notify(info.name .. ' is not playing yet: playing it')
            lsp.run('transitiond.play', nil, bufnr, function(perr)
              if not perr then
                subscribe(true)
              end
            end)
          else
            notify_rpc_error('session/subscribe', err)
          end
        end,
      }, function(session)
        session.watch = info
        notify(string.format('watching %s (%s, %s clock)', session.name, session.id, session.clock))
        if callback then
          callback(session)
        end
      end)
    end
    subscribe(false)
  end)
end

-- The watched session of `bufnr`'s document, or nil.
local function watched(bufnr)
  local session = S.session
  if session and session.followed and session.document == bufnr then
    return session
  end
end

-- Called (debounced) after an edit of a document buffer: a watched document's new
-- viewport is drawn; a new name, clock or fps means a new session: follow it.
function M._document_changed(bufnr)
  local session = watched(bufnr)
  if not session or not S.client then
    return
  end
  M.request('document/check', { text = buffer_text(bufnr) }, function(check)
    if watched(bufnr) ~= session or not check.valid then
      return
    end
    local info = watch_info(bufnr, check)
    if info.viewport and not vim.deep_equal(info.viewport, session.viewport) then
      session.viewport = info.viewport
      session.spec.viewport = info.viewport
      preview.set_viewport(info.viewport)
      M._redraw()
    end
    if info.name ~= session.name or info.clock ~= session.clock or info.fps ~= session.fps then
      M._refollow(bufnr, info, 5)
    end
  end, function() end)
end

-- Follows the document's session again (a new one of that name), retrying while the
-- daemon has not made it yet.
function M._refollow(bufnr, info, tries)
  M.follow(info.name, {
    viewport = info.viewport,
    sections = info.sections,
    document = bufnr,
    on_error = function(err)
      if err.code == CODES.UnknownSession and tries > 1 then
        vim.defer_fn(function()
          M._refollow(bufnr, info, tries - 1)
        end, 300)
      end
    end,
  }, function(session)
    session.watch = info
  end)
end

-- Called after a document command answered: the preview keeps up with it.
function M._document_command(bufnr, command, result)
  local session = watched(bufnr)
  if not session or command == 'transitiond.stop' or type(result) ~= 'table' then
    return
  end
  if result.session and result.session ~= session.id then
    return M._refollow(bufnr, session.watch or { name = result.name or session.name }, 5)
  end
  session.recheck = true
  session.transition = result.transition or session.transition
  session.phase = command == 'transitiond.scrub' and 'paused' or 'running'
  session.progress = command == 'transitiond.scrub' and (result.progress or 0) or 0
  session.reason = nil
  if command == 'transitiond.scrub' and session.clock == 'manual' and M.config.manual_redraw then
    M.request('clock/advance', { session = session.id, by = 0, reply = 'brief' }, nil, function() end)
  end
  M._redraw()
end

------------------------------------------------------------------------------
-- Transitions

local function other(layout)
  return layout == 'to' and 'from' or 'to'
end

local function apply_status(session, result)
  if type(result) ~= 'table' or S.session ~= session then
    return
  end
  if result.state then
    session.phase = result.state
  end
  if type(result.progress) == 'number' then
    session.progress = result.progress
  end
  if result.contentOffset then
    session.contentOffset = result.contentOffset
  end
end

local function after_transition_request(session)
  return function(result)
    apply_status(session, result)
    M._redraw()
  end
end

-- Starts a transition toward `target` ('to', 'from'; default: the layout the
-- session is not resting in). opts: { target, interactive, and any
-- transition/start option, which overrides the spec's `transition` }.
function M.play(opts)
  opts = opts or {}
  local doc = M._document_session()
  if doc and opts.target == nil and not opts.interactive then
    -- the document's transition, through its language server
    return require('transitiond.lsp').run('transitiond.play', nil, doc.document)
  end
  with_session(function(session)
    local target = opts.target
    if target == nil or target == 'toggle' then
      target = other(session.settled)
    end
    if target ~= 'to' and target ~= 'from' then
      fail("play: target must be 'to', 'from' or 'toggle'")
    end
    local params = vim.deepcopy(session.spec.transition)
    for k, v in pairs(opts) do
      if k ~= 'target' then
        params[k] = v
      end
    end
    params.session = session.id
    params.to = session.spec[target]
    params.interactive = opts.interactive and true or nil
    session.target = target
    session.starting = session.starting + 1
    session.phase = opts.interactive and 'paused' or 'running'
    session.progress = 0
    session.reason = nil
    M.request('transition/start', params, function(result)
      session.starting = session.starting - 1
      if S.session == session then
        session.transition = result.transition
        session.duration = result.duration
      end
      M._redraw()
    end, function(err)
      session.starting = session.starting - 1
      if session.starting == 0 and session.transition == nil then
        session.phase = 'idle'
      end
      notify_rpc_error('transition/start', err)
      M._redraw()
    end)
  end)
end

-- The previewed session when it is a watched transition document's (its buffer still
-- there), else nil: the preview's keys then act through the document's language server.
function M._document_session()
  local session = S.session
  if session and session.followed and session.document and vim.api.nvim_buf_is_valid(session.document) then
    return session
  end
end

local function in_flight(session)
  return session.phase ~= 'idle'
end

-- Scrubs to `progress` (0..1), starting an interactive transition first when
-- none is in flight.
function M.scrub(progress)
  if type(progress) ~= 'number' or progress ~= progress then
    fail('scrub: progress must be a number between 0 and 1')
  end
  progress = math.max(0, math.min(1, progress))
  local doc = M._document_session()
  if doc and doc.phase ~= 'paused' then
    -- held at `progress` by the document's language server (a new interactive transition)
    return require('transitiond.lsp').run('transitiond.scrub', progress, doc.document)
  end
  with_session(function(session)
    if not in_flight(session) then
      M.play({ interactive = true })
    end
    session.progress = progress
    session.phase = 'paused'
    M.request('transition/scrub', { session = session.id, progress = progress }, after_transition_request(session))
    if session.clock == 'manual' and M.config.manual_redraw then
      M.request('clock/advance', { session = session.id, by = 0 }, nil, function() end)
    end
  end)
end

function M.scrub_by(delta)
  local session = S.session
  local base = (session and in_flight(session)) and session.progress or 0
  M.scrub(base + delta)
end

local function ending(method)
  return function(opts)
    with_session(function(session)
      local params = vim.deepcopy(opts or {})
      params.session = session.id
      M.request(method, params, after_transition_request(session))
    end)
  end
end

M.finish = ending('transition/finish')
M.cancel = ending('transition/cancel')

function M.cancel_in_place()
  with_session(function(session)
    M.request('transition/cancelInPlace', { session = session.id }, function(result)
      if S.session == session then
        session.contentOffset = result.contentOffset or session.contentOffset
      end
      M._redraw()
    end)
  end)
end

-- Advances a manual clock by `seconds` (default: one frame at the session's fps).
function M.advance(seconds)
  with_session(function(session)
    if session.clock ~= 'manual' then
      notify('the session runs on the realtime clock: it moves by itself, there is nothing to advance')
      return
    end
    M.request('clock/advance', { session = session.id, by = seconds or (1 / session.fps) })
  end)
end

-- Asks for the transition's status; callback(result).
function M.status(callback)
  with_session(function(session)
    M.request('transition/status', { session = session.id }, function(result)
      apply_status(session, result)
      M._redraw()
      if callback then
        callback(result)
      end
    end)
  end)
end

------------------------------------------------------------------------------
-- Ticks and the preview

function M._on_tick(params)
  local session = S.session
  if session and params.session == session.id then
    session.last_tick = params
    session.seq = params.seq
    session.progress = params.progress or session.progress
    session.contentOffset = params.contentOffset or session.contentOffset
    if session.followed and session.clock == 'manual' and (session.phase == 'idle' or params.transition ~= session.transition) then
      session.recheck = true -- a transition the stepper has not seen: ask its phase first
    end
    session.transition = params.transition
    if session.phase == 'idle' then
      session.phase = 'running'
    end
    M._redraw()
  end
  emit('tick', params)
end

function M._on_did_end(params)
  local session = S.session
  if session and params.session == session.id then
    -- the end of the transition in flight (not of one a new start superseded); a
    -- followed session has one transition at a time, whoever started it
    if session.followed then
      session.recheck = true -- an edit of a document starts the next one at once
    end
    if session.starting == 0 and (params.transition == session.transition or session.followed) then
      -- `completed`: it reached its target layout (`finished` only says that
      -- its animation ran to the end, which a cancel's does too)
      if params.completed and session.target then
        session.settled = session.target
      end
      session.phase = 'idle'
      session.reason = params.reason
      session.progress = params.progress or session.progress
      session.contentOffset = params.contentOffset or session.contentOffset
    end
    M._redraw()
  end
  emit('didEnd', params)
end

local function status_info()
  local session = S.session
  if not S.client then
    local exit = S.exit
    if exit then
      local details = { 'transitiond ' .. M.describe_exit(exit.code, exit.signal) }
      if #exit.tail > 0 then
        details[#details + 1] = 'stderr:'
        vim.list_extend(details, exit.tail)
      end
      details[#details + 1] = 'log: ' .. exit.log
      details[#details + 1] = 'p, l or :TransitiondSession starts it again with the last spec'
      return { message = 'transitiond ' .. M.describe_exit(exit.code, exit.signal), details = details }
    end
    return { message = 'transitiond is not running — :TransitiondStart' }
  end
  if not session then
    return { message = S.creating and 'creating a session…' or 'no session — :TransitiondSession' }
  end
  return {
    progress = session.progress,
    state = session.phase,
    transition = session.transition,
    seq = session.seq,
    reason = session.phase == 'idle' and session.reason or nil,
  }
end

-- For 'statusline': the transition's progress and state, e.g. "transitiond 35% paused",
-- or "" when there is no session (see :help transitiond-statusline).
function M.statusline()
  local session = S.session
  if not session then
    if S.exit then
      return 'transitiond: ' .. M.describe_exit(S.exit.code, S.exit.signal)
    end
    return ''
  end
  return string.format('transitiond %d%% %s', math.floor((session.progress or 0) * 100 + 0.5), session.phase)
end

function M._redraw()
  vim.g.transitiond_status = M.statusline()
  if not preview.bufnr() then
    return
  end
  local session = S.session
  local frame = session and session.last_tick
  preview.draw(frame, status_info(), { multi_section = session and session.multi_section })
end

-- Fetches the layout at rest and shows it as the session's frame.
function M._show_layout_at_rest(session)
  M.request('layout/attributes', { session = session.id }, function(result)
    if S.session == session and not session.last_tick then
      session.last_tick = { attributes = result.attributes, contentOffset = result.contentOffset }
      M._redraw()
    end
  end)
end

-- Opens the preview window, starting the daemon and the last (else the demo) session
-- if needed, and draws the session's layout at rest until ticks come.
function M.open_preview()
  preview.open()
  if S.session then
    preview.set_viewport(S.session.viewport)
  end
  M._redraw()
  with_session(function(session)
    if not session.last_tick then
      M._show_layout_at_rest(session)
    end
  end)
  return preview.winid()
end

-- The timing of the next transitions: the session's spec, and the spec a restart
-- makes again.
-- A watched document's timing is its own: say where to change it. Returns true then.
local function document_owns(key)
  if M._document_session() then
    notify(string.format('the document sets the %s: edit transition.%s in it (the preview follows the edit)',
      key == 'timing' and 'easing' or key, key))
    return true
  end
end

local function set_transition_option(key, value)
  if document_owns(key) then
    return
  end
  local spec = vim.deepcopy(S.last_spec or {})
  spec.transition = spec.transition or vim.deepcopy(specs.default().transition)
  spec.transition[key] = value
  specs.validate(specs.normalize(spec))
  if spec.document and spec.document.transition then
    spec.document.transition[key] = value
  end
  S.last_spec = spec
  if S.session then
    S.session.spec.transition[key] = value
  end
  notify(key .. ': ' .. (type(value) == 'table' and (value.easing or vim.inspect(value)) or tostring(value)))
end

function M.set_easing(name)
  set_transition_option('timing', { easing = name })
end

function M.set_duration(seconds)
  if type(seconds) ~= 'number' or seconds < 0 or seconds ~= seconds then
    fail('duration: a number of seconds >= 0')
  end
  set_transition_option('duration', seconds)
end

M.DURATIONS = { 0.3, 0.5, 0.8, 1, 1.5, 2, 3 }

-- Picks the easing (vim.ui.select over the protocol's 31 names).
function M.pick_easing()
  if document_owns('timing') then
    return
  end
  vim.ui.select(specs.easings(), { prompt = 'transitiond easing: ' }, function(choice)
    if choice then
      M.guard(M.set_easing, choice)
    end
  end)
end

-- Picks the duration (vim.ui.select over a few lengths, in seconds).
function M.pick_duration()
  if document_owns('duration') then
    return
  end
  vim.ui.select(M.DURATIONS, {
    prompt = 'transitiond duration: ',
    format_item = function(d)
      return string.format('%g s', d)
    end,
  }, function(choice)
    if choice then
      M.guard(M.set_duration, choice)
    end
  end)
end

function M.close_preview()
  preview.close()
end

return M
