-- The plugin against the daemon on Node (Clients/web/bin/transitiond.mjs: the
-- service compiled to WebAssembly), set up as the README and
-- :help transitiond-node say: cmd = { 'node', '.../transitiond.mjs' }. Start,
-- a manual-clock session played to its end, stop: no process left.

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local H = dofile(here .. '/harness.lua')
H.start('node_spec')

local td = require('transitiond')
local uv = vim.loop
local host = vim.fn.fnamemodify(here .. '/../../web/bin/transitiond.mjs', ':p')
td.setup({ cmd = { 'node', host }, args = { '--log-level', 'info' }, log_file = vim.fn.tempname() })

local notes = {}
vim.notify = function(msg, level)
  notes[#notes + 1] = { msg = tostring(msg), level = level }
end

local function alive(pid)
  return uv.kill(pid, 0) == 0
end

local function argv_of(pid)
  local f = io.open('/proc/' .. tostring(pid) .. '/cmdline', 'rb')
  if not f then
    return {}
  end
  local text = f:read('*a')
  f:close()
  return vim.split(text:gsub('%z$', ''), '\0', true)
end

H.protect('the daemon on Node', function()
  H.check('the Node host is there (' .. host .. ')', vim.fn.filereadable(host) == 1)
  vim.cmd('TransitiondStart')
  H.check('it starts and initialises', td.wait_ready(5000), vim.inspect(notes))
  H.eq('it is transitiond', td.server_info() and td.server_info().name, 'transitiond')
  local pid = td.pid()
  H.eq('node runs the script, then --stdio, the extra arguments and --clientProcessId', argv_of(pid),
    { 'node', host, '--stdio', '--log-level', 'info', '--clientProcessId', tostring(vim.fn.getpid()) })

  local ticks, ends = {}, {}
  td.on('tick', function(tick)
    ticks[#ticks + 1] = tick
  end)
  td.on('didEnd', function(params)
    ends[#ends + 1] = params
  end)
  td.create_session({ clock = 'manual' })
  H.check('a manual-clock session of the demo is created', vim.wait(5000, function()
    return td.session() ~= nil and td.session().clock == 'manual'
  end, 5))
  local session = td.session()
  H.eq('the demo lasts 0.8 s', session and session.spec.transition.duration, 0.8)
  local rested = #ticks

  td.play()
  td.advance(0.4)
  H.check('half the duration: a tick at fraction 0.5', vim.wait(5000, function()
    return #ticks > rested and ticks[#ticks].fraction == 0.5
  end, 5), vim.inspect(ticks[#ticks]))
  H.eq('quarticEaseInOut(0.5) is 0.5', ticks[#ticks].progress, 0.5)
  td.advance(1)
  H.check('the transition ends', vim.wait(5000, function()
    return #ends == 1
  end, 5))
  H.eq('finished, at progress 1', ends[1] and { ends[1].reason, ends[1].progress }, { 'finished', 1 })
  H.eq('the session rests in the grid', td.session().settled, 'to')
  H.eq('no error was shown', vim.tbl_filter(function(n)
    return n.level == vim.log.levels.ERROR
  end, notes), {})

  vim.cmd('TransitiondStop')
  H.check(':TransitiondStop leaves no Node host (kill -0 fails)', not alive(pid) and not td.is_running())
end)

H.finish()
