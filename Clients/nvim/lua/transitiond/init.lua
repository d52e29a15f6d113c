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
  shared = false, -- use the per-user shared daemon (`transitiond --remote=auto`) instead of a private one
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
  if M.config.shared then
    -- A forwarder to the shared daemon, which watches our pid from initialize
    -- and closes only this connection when Neovim dies.
    cmd[#cmd + 1] = '--remote=auto'
  elseif not vim.tbl_contains(cmd, '--stdio') then
    cmd[#cmd + 1] = '--stdio'
  end
  for _, a in ipairs(M.config.args or {}) do
    cmd[#cmd + 1] = a
  end
  if not M.config.shared then
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
  S.client, S.ready, S.queue, S.exit = client, false, {}, nil
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

-- Follows the session called `name`, which any client of the daemon created
-- (with `shared`, another editor or a script): subscribes to it and makes it
-- the previewed session, drawn with `opts.viewport` (default: the demo's).
-- `callback(session)` runs once subscribed.
function M.follow(name, opts, callback)
  opts = opts or {}
  local spec = specs.normalize(nil)
  spec.viewport = opts.viewport or spec.viewport
  M.request('session/subscribe', { name = name }, function(result)
    if S.session and S.session.id ~= result.session then
      leave_session(S.session)
    end
    local session = new_session(result.session, spec, result)
    session.name = name
    session.phase = result.state or 'idle'
    session.followed = true
    S.session = session
    if M.config.open_preview and not preview.is_open() then
      preview.open()
    end
    M._redraw()
    if callback then
      callback(session)
    end
  end)
end

-- Creates a session from a spec table (see transitiond.spec; nil = the demo),
-- disposing of the previous one. `callback(session)` runs when it exists.
function M.create_session(spec_table, callback)
  local spec = specs.normalize(spec_table)
  specs.validate(spec)
  M.start()
  S.last_spec = spec_table
  leave_session(S.session)
  S.session = nil
  local waiting = S.creating or {}
  S.creating = waiting
  if callback then
    table.insert(waiting, callback)
  end
  M.request('session/create', spec.create, function(result)
    local session = new_session(result.session, spec, result)
    S.session = session
    S.creating = nil
    preview.set_viewport(spec.viewport)
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

-- The spec in a buffer (JSON or a Lua table), or nil if it holds none.
function M.spec_from_buffer(bufnr)
  bufnr = bufnr or 0
  local text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
  if vim.trim(text) == '' then
    return nil
  end
  local ok, t = pcall(specs.parse, text)
  if ok and specs.looks_like_spec(t) then
    return t
  end
  return nil
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
      fail('advance: the session runs on the realtime clock')
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
    session.transition = params.transition
    session.progress = params.progress or session.progress
    session.contentOffset = params.contentOffset or session.contentOffset
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
    -- the end of the transition in flight (not of one a new start superseded)
    if session.starting == 0 and params.transition == session.transition then
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
local function show_layout_at_rest(session)
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
      show_layout_at_rest(session)
    end
  end)
  return preview.winid()
end

-- The timing of the next transitions: the session's spec, and the spec a restart
-- makes again.
local function set_transition_option(key, value)
  local spec = vim.deepcopy(S.last_spec or {})
  spec.transition = spec.transition or vim.deepcopy(specs.default().transition)
  spec.transition[key] = value
  specs.validate(specs.normalize(spec))
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
  vim.ui.select(specs.easings(), { prompt = 'transitiond easing: ' }, function(choice)
    if choice then
      M.guard(M.set_easing, choice)
    end
  end)
end

-- Picks the duration (vim.ui.select over a few lengths, in seconds).
function M.pick_duration()
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
