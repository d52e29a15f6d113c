-- JSON-RPC 2.0 over LSP framing (Content-Length headers) on a child process's
-- standard input and output, with nothing but the built-in libuv bindings.
--
-- The framing half (encode, Decoder) is pure and usable on any byte stream;
-- the client half spawns the daemon and routes its messages. Messages are
-- decoded in libuv callbacks and handed to the main loop with vim.schedule,
-- in arrival order, so responses and notifications are seen in the order the
-- daemon wrote them.

local uv = vim.loop
local protocol = require('transitiond.protocol')
local CLOSED = protocol.client_error_codes.ConnectionClosed
local TIMEOUT = protocol.client_error_codes.RequestTimeout

local M = {}

local HEADER_LIMIT = 8192

-- Frames one message: `Content-Length: N\r\n\r\n` followed by N bytes of JSON.
-- `#` counts bytes in Lua, which is what Content-Length counts.
function M.encode(msg)
  local body = vim.json.encode(msg)
  return string.format('Content-Length: %d\r\n\r\n%s', #body, body)
end

-- Decoder: feed it the bytes as they arrive, in chunks of any size; it returns
-- the complete messages found so far and keeps the remainder.
local Decoder = {}
Decoder.__index = Decoder

function M.Decoder()
  return setmetatable({ buf = '', max_body = 256 * 1024 * 1024 }, Decoder)
end

-- Returns a list of entries, each either { msg = <decoded table> } or
-- { err = '<what went wrong>' } (a malformed header or body). A malformed
-- header cannot be resynchronised, so the decoder stops at it.
function Decoder:feed(chunk)
  local out = {}
  if self.broken then
    return out
  end
  if chunk and #chunk > 0 then
    self.buf = self.buf .. chunk
  end
  while true do
    local hend = self.buf:find('\r\n\r\n', 1, true)
    if not hend then
      if #self.buf > HEADER_LIMIT then
        self.broken = true
        out[#out + 1] = { err = 'header too long (no blank line after ' .. HEADER_LIMIT .. ' bytes)' }
      end
      break
    end
    local length
    for line in self.buf:sub(1, hend - 1):gmatch('[^\r\n]+') do
      local name, value = line:match('^%s*([^:]-)%s*:%s*(.-)%s*$')
      if name and name:lower() == 'content-length' then
        length = tonumber(value)
      end
    end
    if not length or length < 0 or length ~= math.floor(length) or length > self.max_body then
      self.broken = true
      out[#out + 1] = { err = 'missing or invalid Content-Length header' }
      break
    end
    local body_start = hend + 4
    if #self.buf < body_start + length - 1 then
      break -- the body has not fully arrived yet
    end
    local body = self.buf:sub(body_start, body_start + length - 1)
    self.buf = self.buf:sub(body_start + length)
    local ok, decoded = pcall(vim.json.decode, body)
    if ok and type(decoded) == 'table' then
      out[#out + 1] = { msg = decoded }
    else
      out[#out + 1] = { err = 'invalid JSON body: ' .. tostring(decoded) }
    end
  end
  return out
end

-- Bytes received but not yet part of a complete message.
function Decoder:pending()
  return #self.buf
end

-- JSON null decodes to vim.NIL; callers see nil instead.
local function denil(v)
  if v == vim.NIL then
    return nil
  end
  return v
end
M.denil = denil

------------------------------------------------------------------------------
-- Client

local Client = {}
Client.__index = Client

local function close_handle(h)
  if h and not h:is_closing() then
    h:close()
  end
end

-- Starts `cmd` (a list: program and arguments) and returns a client, or nil and
-- a message. Handlers (all called on the main loop):
--   on_notification(method, params)
--   on_exit(code, signal)          when the process has exited
--   on_stderr(line)                each line the daemon writes to stderr
--   on_protocol_error(message)     a message that could not be decoded
function M.start(cmd, handlers)
  handlers = handlers or {}
  local self = setmetatable({
    next_id = 0,
    pending = {}, -- id -> callback(err, result)
    handlers = handlers,
    decoder = M.Decoder(),
    exited = false,
    stderr_tail = '',
  }, Client)

  local stdin, stdout, stderr = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  local args = {}
  for i = 2, #cmd do
    args[#args + 1] = tostring(cmd[i])
  end
  -- Finalise once the process has exited and its stdout has been read to the
  -- end (or shortly after the exit, should something else hold the pipe), so
  -- that answers written just before exiting are still delivered.
  local stdout_eof, finalised = false, false
  local function finalise()
    if finalised then
      return
    end
    finalised = true
    close_handle(stdin)
    close_handle(stdout)
    close_handle(stderr)
    close_handle(self.handle)
    vim.schedule(function()
      local pending = self.pending
      self.pending = {}
      for _, cb in pairs(pending) do
        cb({ code = CLOSED, message = 'transitiond exited before answering' }, nil)
      end
      if handlers.on_exit then
        handlers.on_exit(self.exit_code, self.exit_signal)
      end
    end)
  end
  self._on_stdout_eof = function()
    stdout_eof = true
    if self.exited then
      finalise()
    end
  end
  local handle, pid_or_err = uv.spawn(cmd[1], { args = args, stdio = { stdin, stdout, stderr } }, function(code, signal)
    self.exited = true
    self.exit_code, self.exit_signal = code, signal
    if stdout_eof then
      finalise()
    else
      local timer = uv.new_timer()
      timer:start(200, 0, function()
        close_handle(timer)
        finalise()
      end)
    end
  end)
  if not handle then
    close_handle(stdin)
    close_handle(stdout)
    close_handle(stderr)
    return nil, string.format("cannot start '%s': %s", tostring(cmd[1]), tostring(pid_or_err))
  end
  self.handle, self.pid = handle, pid_or_err
  self.stdin, self.stdout, self.stderr = stdin, stdout, stderr

  stdout:read_start(function(err, chunk)
    if err or not chunk then
      self._on_stdout_eof()
      return
    end
    for _, entry in ipairs(self.decoder:feed(chunk)) do
      vim.schedule(function()
        if entry.msg then
          self:_dispatch(entry.msg)
        elseif handlers.on_protocol_error then
          handlers.on_protocol_error(entry.err)
        end
      end)
    end
  end)

  stderr:read_start(function(err, chunk)
    if err or not chunk then
      return
    end
    local text = self.stderr_tail .. chunk
    local lines = vim.split(text, '\n', true)
    self.stderr_tail = table.remove(lines)
    if handlers.on_stderr and #lines > 0 then
      vim.schedule(function()
        for _, line in ipairs(lines) do
          handlers.on_stderr(line)
        end
      end)
    end
  end)

  return self
end

function Client:_dispatch(msg)
  if msg.method ~= nil and msg.id ~= nil then
    -- A request from the daemon: none is defined, so answer "method not found".
    self:_write({ jsonrpc = '2.0', id = msg.id, error = { code = protocol.error_codes.MethodNotFound, message = 'Method not found: ' .. tostring(msg.method) } })
  elseif msg.method ~= nil then
    if self.handlers.on_notification then
      self.handlers.on_notification(msg.method, denil(msg.params))
    end
  elseif msg.id ~= nil then
    local cb = self.pending[msg.id]
    self.pending[msg.id] = nil
    if cb then
      local err = denil(msg.error)
      if err then
        err.message = denil(err.message) or 'unknown error'
        err.data = denil(err.data)
        cb(err, nil)
      else
        cb(nil, denil(msg.result))
      end
    end
  end
end

function Client:_write(msg)
  if self.exited or not self.stdin or self.stdin:is_closing() then
    return false
  end
  self.stdin:write(M.encode(msg))
  return true
end

function Client:is_running()
  return not self.exited
end

-- Sends a request; `callback(err, result)` runs on the main loop with either the
-- JSON-RPC error object ({code, message, data}) or the result. `params` may be
-- nil (then the member is omitted, as JSON-RPC requires for "no params").
function Client:request(method, params, callback)
  self.next_id = self.next_id + 1
  local id = self.next_id
  local msg = { jsonrpc = '2.0', id = id, method = method, params = params }
  self.pending[id] = callback or function() end
  if not self:_write(msg) then
    self.pending[id] = nil
    if callback then
      vim.schedule(function()
        callback({ code = CLOSED, message = 'transitiond is not running' }, nil)
      end)
    end
  end
  return id
end

function Client:notify(method, params)
  return self:_write({ jsonrpc = '2.0', method = method, params = params })
end

-- Blocks (running the event loop) until the answer arrives or `timeout_ms`
-- passes. Returns result, err.
function Client:request_sync(method, params, timeout_ms)
  local done, res, rerr = false, nil, nil
  self:request(method, params, function(err, result)
    done, res, rerr = true, result, err
  end)
  local ok = vim.wait(timeout_ms or 2000, function()
    return done
  end, 5)
  if not ok then
    return nil, { code = TIMEOUT, message = method .. ': no answer within ' .. (timeout_ms or 2000) .. ' ms' }
  end
  return res, rerr
end

function Client:wait_exit(timeout_ms)
  return vim.wait(timeout_ms, function()
    return self.exited
  end, 5)
end

-- The LSP way out: shutdown (answered with null), exit, then wait for the
-- process; if it is still there after `timeout_ms`, SIGTERM, then SIGKILL.
-- Always synchronous, so it can run from VimLeavePre.
function Client:stop(timeout_ms, skip_shutdown)
  timeout_ms = timeout_ms or 1500
  if self.exited then
    return true
  end
  if not skip_shutdown then
    self:request_sync('shutdown', nil, timeout_ms)
    self:notify('exit', nil)
  end
  close_handle(self.stdin)
  if self:wait_exit(timeout_ms) then
    return true
  end
  pcall(self.handle.kill, self.handle, 'sigterm')
  if self:wait_exit(500) then
    return true
  end
  pcall(self.handle.kill, self.handle, 'sigkill')
  return self:wait_exit(500)
end

return M
