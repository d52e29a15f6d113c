-- Edit it, watch it: the documented setup (nothing but $TRANSITIOND, so the language
-- server and the previews go through the per-user shared daemon, `transitiond
-- --remote=auto`, here in run.sh's private $XDG_RUNTIME_DIR) with a second client on
-- the shared socket, as another editor or `transitionctl --shared` would be.
--
--  1. a manual-clock document is played through the language server (:TransitiondPlay,
--     the lens's command); the second client finds its session by name
--     (session/subscribe {name}), steps its clock and receives ticks;
--  2. the document's duration is edited in the buffer (Neovim's LSP client sends
--     didChange): the second client keeps the same session id, sees the transition end
--     (cancelledInPlace) and ticks of the next one (a new transition id) whose duration
--     is the edited one, and never a `disposed`;
--  3. :TransitiondWatch previews the same session: the plugin steps the manual clock,
--     the preview draws it, and follows it through another edit;
--  4. a realtime document not played yet: :TransitiondPreview plays it first and
--     follows it; every preview key works on it without an error (`e` / `d` say to edit the document).
-- Every wait is for a positive event, with a generous deadline.
local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local H = dofile(here .. '/harness.lua')
H.start('watch_spec')

local uv = vim.loop
local rpc = require('transitiond.rpc')
local td = require('transitiond')
local lsp = require('transitiond.lsp')
local preview = require('transitiond.preview')
vim.cmd('runtime plugin/transitiond.lua')
td.setup({ log_file = vim.fn.tempname() })
vim.o.columns, vim.o.lines = 120, 50

local WAIT = 20000
local function wait(cond, ms)
  return vim.wait(ms or WAIT, cond, 10)
end

local notes = {}
vim.notify = function(msg, level)
  notes[#notes + 1] = { msg = tostring(msg), level = level }
end
local function errors()
  return vim.tbl_filter(function(n)
    return n.level == vim.log.levels.ERROR
  end, notes)
end

------------------------------------------------------------------------------
-- The second client: LSP framing on the shared socket, nothing of the plugin's client.

local function connect(path)
  local c = { pipe = uv.new_pipe(false), decoder = rpc.Decoder(), next_id = 0, responses = {}, notes = {} }
  local connected
  c.pipe:connect(path, function(err)
    connected = err or true
    if err then
      return
    end
    c.pipe:read_start(function(rerr, chunk)
      if rerr or not chunk then
        c.closed = true
        return
      end
      for _, e in ipairs(c.decoder:feed(chunk)) do
        local m = e.msg
        if m and m.id ~= nil and m.method == nil then
          c.responses[m.id] = m
        elseif m and m.method then
          c.notes[#c.notes + 1] = m
        end
      end
    end)
  end)
  wait(function()
    return connected ~= nil
  end)
  c.ok = connected == true
  function c.send(method, params)
    c.next_id = c.next_id + 1
    local msg = { jsonrpc = '2.0', id = c.next_id, method = method, params = params }
    c.pipe:write(rpc.encode(msg))
    return c.next_id
  end
  function c.call(method, params)
    local id = c.send(method, params)
    wait(function()
      return c.responses[id] ~= nil
    end)
    local r = c.responses[id] or {}
    return rpc.denil(r.result), rpc.denil(r.error)
  end
  function c.notify(method, params)
    c.pipe:write(rpc.encode({ jsonrpc = '2.0', method = method, params = params }))
  end
  -- The first notification after index `from` that `pred` accepts, waiting for it.
  function c.find(from, pred)
    local found
    wait(function()
      for i = from + 1, #c.notes do
        if pred(c.notes[i].params or {}, c.notes[i].method) then
          found = c.notes[i]
          return true
        end
      end
      return false
    end)
    return found and found.params, found and found.method
  end
  return c
end

local function write_document(path, clock, duration)
  vim.fn.writefile({
    '{',
    '  "session": {"viewport": {"width": 300, "height": 400}, "sections": [{"items": 6}],',
    '              "layout": {"type": "list", "rowHeight": 60}, "clock": "' .. clock .. '", "fps": 20},',
    '  "transition": {"to": {"type": "grid", "columns": 2, "spacing": 10},',
    '                 "duration": ' .. duration .. ', "timing": "linear"}',
    '}',
  }, path)
end

-- Replaces the duration's value in the buffer, as typing would (a buffer change).
local function edit_duration(buf, value)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s, e = line:find('"duration": [%d.]+')
    if s then
      vim.api.nvim_buf_set_text(buf, i - 1, s - 1, i - 1, e, { '"duration": ' .. value })
      vim.api.nvim_exec_autocmds('TextChanged', { buffer = buf })
      return true
    end
  end
end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local card = dir .. '/card.transition.json'
write_document(card, 'manual', 1)

local socket = os.getenv('XDG_RUNTIME_DIR') .. '/transitiond/transitiond.sock'
local second, session_id, first_transition, buf

H.protect('play, then a second client watches by name', function()
  vim.cmd('edit ' .. card)
  buf = vim.api.nvim_get_current_buf()
  H.check('the language server is attached and its lenses are shown', wait(function()
    return lsp.is_attached(buf) and #vim.lsp.codelens.get(buf) == 3
  end), vim.inspect(notes))
  local client = lsp.client()
  H.eq('it runs through the shared daemon', client and client.config.cmd, { os.getenv('TRANSITIOND'), '--remote=auto' })

  vim.cmd('TransitiondPlay')
  H.check('play says what it did', wait(function()
    return lsp.last[buf] ~= nil
  end) and notes[#notes].msg:find('^transitiond: playing transition:card %(s%d+, t%d+, 1 s, manual clock%)$') ~= nil,
    vim.inspect(notes))
  local played = lsp.last[buf] or {}
  session_id, first_transition = played.session, played.transition

  H.check('the shared socket is there (' .. socket .. ')', vim.fn.getftype(socket) == 'socket')
  second = connect(socket)
  H.check('a second client connects to it', second.ok)
  local init = second.call('initialize', { processId = vim.fn.getpid(), clientInfo = { name = 'watch_spec' } })
  H.check('and is initialised', type(init) == 'table' and init.capabilities ~= nil, vim.inspect(init))
  second.notify('initialized', vim.empty_dict())
  local sub, err = second.call('session/subscribe', { name = 'transition:card' })
  H.eq('session/subscribe {name} finds the session the language server plays', sub and { sub.session, sub.name, sub.clock },
    { session_id, 'transition:card', 'manual' })
  H.check('no error subscribing', err == nil, vim.inspect(err))

  local from = #second.notes
  local step = second.call('clock/advance', { session = session_id, by = 0.25, reply = 'brief' })
  local tick = second.find(from, function(p, m)
    return m == 'transition/tick'
  end)
  H.eq('stepping its clock sends the second client ticks of that transition', tick and { tick.session, tick.transition, tick.fraction },
    { session_id, first_transition, 0.25 })
  H.check('(clock/advance answered)', step ~= nil)
end)

H.protect('an edit in the editor updates the session in place', function()
  local from = #second.notes
  H.check('the duration is edited in the buffer', edit_duration(buf, 2))
  local ended = second.find(from, function(p, m)
    return m == 'transition/didEnd'
  end)
  H.eq('the second client sees the transition in flight end, cancelled in place',
    ended and { ended.session, ended.transition, ended.reason }, { session_id, first_transition, 'cancelledInPlace' })
  local mark = #second.notes
  second.call('clock/advance', { session = session_id, by = 0.5, reply = 'brief' })
  local tick = second.find(mark, function(p, m)
    return m == 'transition/tick'
  end)
  H.check('then ticks of the next transition, in the same session', tick ~= nil and tick.session == session_id
    and tick.transition ~= first_transition, vim.inspect(tick))
  H.eq('whose duration is the edited one: 0.5 s of 2 s is a fraction of 0.25', tick and tick.fraction, 0.25)
  local list = second.call('session/list', vim.empty_dict())
  local names = {}
  for _, s in ipairs((list and list.sessions) or {}) do
    if s.name == 'transition:card' then
      names[#names + 1] = s.session
    end
  end
  H.eq('one session of that name, the same one', names, { session_id })
end)

H.protect(':TransitiondWatch follows it, stepping the manual clock', function()
  local ticks, ends = {}, {}
  td.on('tick', function(t)
    ticks[#ticks + 1] = t
  end)
  td.on('didEnd', function(e)
    ends[#ends + 1] = e
  end)
  vim.cmd('TransitiondWatch')
  H.check('the preview follows the document\'s session', wait(function()
    return td.session() ~= nil and td.session().id == session_id and td.session().followed
  end), vim.inspect(notes))
  H.check('it says so', wait(function()
    return notes[#notes].msg:find('watching transition:card (' .. tostring(session_id) .. ', manual clock)', 1, true) ~= nil
  end), vim.inspect(notes[#notes]))
  H.check('the preview is open', preview.winid() ~= nil)
  H.check('it steps the manual clock itself', td.is_stepping())
  local t2 = #ticks
  H.check('the plugin\'s own steps bring ticks, drawn in the preview', wait(function()
    return #ticks > t2 + 3
  end) and table.concat(preview.buffer_lines(), '\n'):find('┌', 1, true) ~= nil, #ticks)
  local second_transition = ticks[#ticks] and ticks[#ticks].transition
  H.check('the transition runs to its end', wait(function()
    return #ends > 0 and ends[#ends].transition == second_transition and ends[#ends].reason == 'finished'
  end), vim.inspect(ends[#ends]))
  -- An edit again: the preview keeps following, and steps the next transition.
  local before_ticks = #ticks
  H.check('the duration is edited again', edit_duration(buf, 0.5))
  H.check('the preview sees the next transition, in the same session, and steps it to its end', wait(function()
    local e = ends[#ends]
    return #ticks > before_ticks and e ~= nil and e.transition ~= second_transition and e.reason == 'finished'
  end), vim.inspect({ ends = ends, ticks = #ticks - before_ticks }))
  local t = ticks[#ticks] or {}
  H.check('its last tick is the same session, a new transition, at 100%', t.session == session_id
    and t.transition ~= second_transition and t.transition ~= first_transition and t.progress == 1, vim.inspect(t))
  local disposed = vim.tbl_filter(function(m)
    return m.method == 'transition/didEnd' and m.params.reason == 'disposed'
  end, second.notes)
  H.eq('the second client never saw a dispose', #disposed, 0)
  H.eq('no error was shown', errors(), {})
  preview.close()
end)

H.protect('a realtime document not played yet, and every preview key', function()
  local path = dir .. '/realtime.transition.json'
  write_document(path, 'realtime', 3)
  vim.cmd('edit ' .. path)
  local rbuf = vim.api.nvim_get_current_buf()
  wait(function()
    return lsp.is_attached(rbuf) and #vim.lsp.codelens.get(rbuf) == 3
  end)
  local ticks = {}
  td.on('tick', function(t)
    ticks[#ticks + 1] = t
  end)
  vim.cmd('TransitiondPreview')
  H.check(':TransitiondPreview in a document not played yet plays it and follows it', wait(function()
    return td.session() ~= nil and td.session().name == 'transition:realtime' and td.session().followed
  end), vim.inspect(notes))
  H.check('it said it played it first', vim.tbl_filter(function(n)
    return n.msg:find('transition:realtime is not playing yet', 1, true) ~= nil
  end, notes)[1] ~= nil, vim.inspect(notes))
  H.eq('on the realtime clock, not stepped', { td.session().clock, td.is_stepping() }, { 'realtime', false })
  local function press(keys)
    local win = preview.winid()
    if win then
      vim.api.nvim_set_current_win(win)
    end
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'mx', false)
  end
  local from = #ticks
  press('p')
  H.check('`p` replays it: realtime ticks arrive', wait(function()
    return #ticks > from
  end))
  local before = #errors()
  local function count(pattern)
    return #vim.tbl_filter(function(n)
      return n.msg:find(pattern) ~= nil
    end, notes)
  end
  -- Each key, then what shows it was done (the daemon's answer), before the next one.
  local function key(lhs, done)
    local n = #notes
    local seq = td.session().seq or 0
    press(lhs)
    wait(function()
      return done(n, seq)
    end)
  end
  local function noted(pattern)
    return function(n)
      for i = n + 1, #notes do
        if notes[i].msg:find(pattern) then
          return true
        end
      end
      return #errors() > before
    end
  end
  local function phase(name)
    return function()
      return td.session().phase == name or #errors() > before
    end
  end
  key('n', noted('realtime clock'))
  key('l', noted('^transitiond: holding '))
  key('l', function(_, seq)
    return (td.session().seq or 0) > seq and math.abs(td.session().progress - 0.10) < 1e-9 or #errors() > before
  end)
  key('h', function(_, seq)
    return (td.session().seq or 0) > seq and math.abs(td.session().progress - 0.05) < 1e-9 or #errors() > before
  end)
  key('<Space>', phase('idle'))
  key('p', noted('^transitiond: playing '))
  key('c', phase('idle'))
  key('p', noted('^transitiond: playing '))
  key('f', phase('idle'))
  key('e', noted('the document sets the easing: edit transition.timing'))
  key('d', noted('the document sets the duration: edit transition.duration'))
  local _ = count
  H.check('the keys moved it', wait(function()
    return td.session().phase == 'idle' and #ticks > from + 2
  end), td.session().phase)
  local errs = vim.list_slice(errors(), before + 1)
  H.eq('no key on a realtime session gave an error', errs, {})
  H.check('`e` and `d` say that the document sets the easing and the duration', vim.tbl_filter(function(n)
    return n.msg:find('the document sets the easing', 1, true) ~= nil
  end, notes)[1] ~= nil and vim.tbl_filter(function(n)
    return n.msg:find('the document sets the duration', 1, true) ~= nil
  end, notes)[1] ~= nil)
  H.check('`n` says the realtime clock moves by itself', vim.tbl_filter(function(n)
    return n.msg:find('realtime clock', 1, true) ~= nil and n.level ~= vim.log.levels.ERROR
  end, notes)[1] ~= nil)
  press('q')
end)

if second and second.pipe and not second.pipe:is_closing() then
  second.pipe:close()
end
if lsp.client_id then
  vim.lsp.stop_client(lsp.client_id)
end
td.stop()
H.finish()
