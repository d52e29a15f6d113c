-- :checkhealth transitiond
local M = {}

local health = vim.health or require('health')
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local error_ = health.error or health.report_error
local info = health.info or health.report_info

function M.check()
  start('transitiond')
  if vim.fn.has('nvim-0.7') == 1 then
    ok('Neovim 0.7 or later')
  else
    error_('Neovim 0.7 or later is needed (vim.loop, vim.json, nvim_create_user_command)')
  end
  local td = require('transitiond')
  local good, cmd = pcall(td.resolve_cmd)
  if not good then
    error_(tostring(cmd), { "require('transitiond').setup({ cmd = { '/path/to/transitiond' } })", 'export TRANSITIOND=/path/to/transitiond' })
    return
  end
  ok('daemon: ' .. table.concat(cmd, ' '))
  -- The whole command: `node .../transitiond.mjs --version` is the daemon's, not node's.
  local asked = vim.list_extend(vim.deepcopy(cmd), { '--version' })
  local version = vim.fn.system(asked)
  if vim.v.shell_error == 0 then
    ok('version: ' .. vim.trim(version))
  else
    warn('`' .. table.concat(asked, ' ') .. '` failed: ' .. vim.trim(version))
  end
  if td.uses_shared(cmd) then
    info('shared (the default): through `transitiond --remote=auto`, the per-user daemon other editors and scripts use')
  else
    info('private: `transitiond --stdio` per connection (shared = false, or the daemon on Node)')
  end
  M.check_lsp()
  M.check_shared(cmd)
  start('transitiond: the previews\' connection')
  if td.is_running() then
    local server = td.server_info() or {}
    info(string.format('running (pid %s, %s %s)', tostring(td.pid()), tostring(server.name), tostring(server.version)))
  else
    info('not running (it starts on the first command)')
  end
end

-- The language server of transition documents: its command, and its client.
function M.check_lsp()
  start('transitiond: language server (*.transition.json)')
  local lsp = require('transitiond.lsp')
  if vim.g.transitiond_lsp == false then
    warn('turned off (vim.g.transitiond_lsp = false)')
    return
  end
  local good, cmd = pcall(lsp.cmd)
  if not good then
    error_(tostring(cmd))
    return
  end
  ok('command: ' .. table.concat(cmd, ' '))
  local client = lsp.client()
  if not client or client.is_stopped() then
    info('not running (it starts when a *.transition.json file is opened)')
    return
  end
  local buffers = vim.tbl_keys(vim.lsp.get_buffers_by_client_id and vim.lsp.get_buffers_by_client_id(client.id) or {})
  local names = {}
  for _, b in ipairs(vim.lsp.get_buffers_by_client_id and vim.lsp.get_buffers_by_client_id(client.id) or {}) do
    names[#names + 1] = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(b), ':t')
  end
  ok(string.format('running: client %d%s, attached to %d buffer(s)%s', client.id,
    client.initialized and ', initialized' or ', starting', #names,
    #names > 0 and (' (' .. table.concat(names, ', ') .. ')') or ''))
  local _ = buffers
end

-- Sends initialize to the shared daemon's socket and waits for the answer.
local function ask_socket(path, timeout_ms)
  local uv = vim.loop
  local rpc = require('transitiond.rpc')
  local pipe = uv.new_pipe(false)
  local state = { done = false }
  local decoder = rpc.Decoder()
  local request = rpc.encode({ jsonrpc = '2.0', id = 1, method = 'initialize',
    params = { processId = vim.fn.getpid(), clientInfo = { name = 'transitiond.nvim checkhealth' } } })
  pipe:connect(path, function(err)
    if err then
      state.done, state.err = true, err
      return
    end
    pipe:read_start(function(rerr, chunk)
      if rerr or not chunk then
        state.done, state.err = true, rerr or 'the daemon closed the connection'
        return
      end
      for _, e in ipairs(decoder:feed(chunk)) do
        if e.msg and e.msg.id == 1 then
          state.done, state.result = true, e.msg.result
        end
      end
    end)
    pipe:write(request)
  end)
  vim.wait(timeout_ms, function()
    return state.done
  end, 10)
  if not pipe:is_closing() then
    pipe:close()
  end
  if not state.done then
    return nil, 'no answer within ' .. timeout_ms .. ' ms'
  end
  return state.result, state.err
end

-- The per-user shared daemon: its socket, and whether it answers.
function M.check_shared(cmd)
  local td = require('transitiond')
  start('transitiond: the shared daemon')
  local path = td.shared_socket()
  info('socket: ' .. path)
  if vim.fn.getftype(path) ~= 'socket' then
    if td.uses_shared(cmd) then
      info('not running (the first document or command starts it: `transitiond --remote=auto`)')
    else
      info('not running (not used: shared = false)')
    end
    return
  end
  local result, err = ask_socket(path, 3000)
  if result and result ~= vim.NIL then
    local server = type(result) == 'table' and result.serverInfo or {}
    ok(string.format('it answers (%s %s)', tostring(server.name), tostring(server.version)))
  else
    error_('it does not answer: ' .. tostring(err), { 'a stale socket: the next `transitiond --remote=auto` starts a new daemon' })
  end
end

return M
