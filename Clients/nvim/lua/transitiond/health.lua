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
  if td.config.shared then
    info('shared: through `transitiond --remote=auto`, the per-user daemon other editors and scripts use')
  end
  if td.is_running() then
    local server = td.server_info() or {}
    info(string.format('running (pid %s, %s %s)', tostring(td.pid()), tostring(server.name), tostring(server.version)))
  else
    info('not running (it starts on the first command)')
  end
end

return M
