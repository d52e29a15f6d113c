-- Unit checks that need no daemon: framing, the client's stop path, specs,
-- and the preview's renderer.

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local H = dofile(here .. '/harness.lua')
H.start('framing_spec')

local rpc = require('transitiond.rpc')
local specs = require('transitiond.spec')
local preview = require('transitiond.preview')

H.protect('framing', function()
  local msg = { jsonrpc = '2.0', id = 1, method = 'x', params = { text = 'é→✓ 🙂' } }
  local framed = rpc.encode(msg)
  local body = vim.json.encode(msg)
  H.eq('Content-Length counts bytes, not characters', framed, 'Content-Length: ' .. #body .. '\r\n\r\n' .. body)
  H.check('the multibyte body is longer in bytes than in characters', #body > vim.fn.strchars(body))

  local d = rpc.Decoder()
  local got = d:feed(framed)
  H.check('one whole message decodes', #got == 1 and got[1].msg and got[1].msg.params.text == 'é→✓ 🙂')

  -- two messages fed one byte at a time (splits inside the header, the
  -- separator and multibyte characters)
  local msg2 = { jsonrpc = '2.0', method = 'transition/tick', params = { label = '✓✓✓', seq = 2 } }
  local stream = framed .. rpc.encode(msg2)
  d = rpc.Decoder()
  local all = {}
  for i = 1, #stream do
    for _, e in ipairs(d:feed(stream:sub(i, i))) do
      all[#all + 1] = e
    end
  end
  H.check('byte-by-byte: both messages, in order', #all == 2 and all[1].msg.id == 1 and all[2].msg.params.seq == 2)
  H.eq('byte-by-byte: multibyte text intact', all[2].msg and all[2].msg.params.label, '✓✓✓')
  H.eq('nothing left over', d:pending(), 0)

  -- partial body, then the rest together with a third message
  d = rpc.Decoder()
  local cut = #framed - 5
  H.eq('a partial message yields nothing', #d:feed(framed:sub(1, cut)), 0)
  local rest = d:feed(framed:sub(cut + 1) .. rpc.encode(msg2) .. rpc.encode(msg))
  H.eq('the rest and two more messages in one chunk yield three', #rest, 3)

  -- header names are case-insensitive, other headers are ignored
  local b = '{"jsonrpc":"2.0","id":7,"result":null}'
  d = rpc.Decoder()
  local r = d:feed('content-length: ' .. #b .. '\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n' .. b)
  H.check('lower-case header and a Content-Type header', #r == 1 and r[1].msg and r[1].msg.id == 7)
  H.check('JSON null decodes to vim.NIL and rpc.denil makes it nil', r[1].msg.result == vim.NIL and rpc.denil(r[1].msg.result) == nil)

  -- a body that is not JSON is reported and the stream goes on
  d = rpc.Decoder()
  r = d:feed('Content-Length: 3\r\n\r\n{x}' .. rpc.encode(msg))
  H.check('bad JSON is reported, the next message still decodes', #r == 2 and r[1].err ~= nil and r[2].msg ~= nil)

  d = rpc.Decoder()
  r = d:feed('Content-Type: x\r\n\r\n{}')
  H.check('a header without Content-Length is reported', #r == 1 and r[1].err ~= nil)
end)

H.protect('client stop', function()
  -- A process that ignores the protocol: stop() must still leave no process.
  local client = rpc.start({ 'sleep', '30' }, {})
  H.check('a child process starts', client ~= nil and type(client.pid) == 'number')
  local pid = client.pid
  local t0 = vim.loop.hrtime()
  local stopped = client:stop(300)
  H.check('stop() ends a process that never answers', stopped == true)
  H.check('...and it is gone (kill -0 fails)', vim.loop.kill(pid, 0) ~= 0)
  H.check('...within a second', (vim.loop.hrtime() - t0) / 1e9 < 1.5)

  local none, err = rpc.start({ '/nonexistent/transitiond' }, {})
  H.check('a missing program gives a message, not an error', none == nil and type(err) == 'string' and err:find('cannot start') ~= nil, err)
end)

H.protect('specs', function()
  local s = specs.normalize(nil)
  H.eq('the demo viewport', s.create.viewport, { width = 375, height = 667 })
  H.eq('the demo items', s.create.sections, { { items = 100 } })
  H.eq('the demo list', s.from, { type = 'list', rowHeight = 60 })
  H.eq('the demo grid', s.to, {
    type = 'grid', columns = 2, spacing = 10, lineSpacing = 5,
    inset = { top = 10, left = 10, bottom = 10, right = 10 },
  })
  s = specs.normalize({ items = 20, clock = 'manual' })
  H.check('a partial spec is laid over the demo', s.create.sections[1].items == 20 and s.create.clock == 'manual' and s.to.type == 'grid')
  s = specs.normalize({ layouts = { { type = 'grid', columns = 3 }, { type = 'list', rowHeight = 44 } } })
  H.check('layouts = {A, B}', s.from.columns == 3 and s.to.rowHeight == 44 and s.create.layout.columns == 3)
  local ok, err = pcall(specs.normalize, { viewport = { width = 'wide' } })
  H.check('a bad spec gives a plain message', not ok and err:match('^session spec: viewport') ~= nil, err)
  H.eq('a Lua table spec parses', specs.parse('{ items = 7, from = { type = "list", rowHeight = 30 } }').items, 7)
  H.eq('a JSON spec parses', specs.parse('{"items": 8, "clock": "manual"}').clock, 'manual')
  s = specs.normalize(specs.parse(
    '{"session": {"viewport": {"width": 200, "height": 300}, "sections": [{"items": 4}], ' ..
    '"layout": {"type": "list", "rowHeight": 50}, "clock": "manual"}, ' ..
    '"transition": {"to": {"type": "grid", "columns": 2}, "duration": 0.4}}'))
  H.eq('a transition document is a spec', { s.create.viewport, s.create.sections, s.from, s.to, s.create.clock, s.transition },
    { { width = 200, height = 300 }, { { items = 4 } }, { type = 'list', rowHeight = 50 },
      { type = 'grid', columns = 2 }, 'manual', { duration = 0.4 } })
  ok = pcall(specs.parse, '{ items = os.exit(1) }')
  H.check('a Lua spec cannot reach anything', not ok)
end)

H.protect('renderer', function()
  local geom = { cols = 10, rows = 5, sx = 1, sy = 1 }
  local attrs = { { kind = 'cell', section = 0, item = 0, frame = { x = 1, y = 1, width = 5, height = 3 }, alpha = 1, zIndex = 0 } }
  local lines = preview.render(attrs, { x = 0, y = 0 }, geom)
  H.eq('a box with its number', lines, {
    '          ',
    ' ┌───┐    ',
    ' │ 0 │    ',
    ' └───┘    ',
    '          ',
  })
  lines = preview.render(attrs, { x = 0, y = 3 }, geom)
  H.eq('the content offset is subtracted, the box clipped', lines, {
    ' └───┘    ',
    '          ',
    '          ',
    '          ',
    '          ',
  })
  attrs[2] = { kind = 'cell', section = 0, item = 12, frame = { x = 4, y = 0, width = 6, height = 4 }, alpha = 1, zIndex = 0 }
  attrs[3] = { kind = 'cell', section = 0, item = 3, frame = { x = 0, y = 0, width = 2, height = 2 }, alpha = 1, zIndex = 0, hidden = true }
  lines = preview.render(attrs, { x = 0, y = 0 }, geom)
  H.eq('later boxes cover earlier ones; hidden items are not drawn', lines, {
    '    ┌────┐',
    ' ┌──│ 12 │',
    ' │ 0│    │',
    ' └──└────┘',
    '          ',
  })
  attrs[2].zIndex = -1
  lines = preview.render(attrs, { x = 0, y = 0 }, geom)
  H.eq('zIndex orders the drawing', lines[3], ' │ 0 │   │')
  local g = preview.geometry({ width = 375, height = 667 }, 200, 40, { cell_aspect = 2 })
  H.check('the canvas keeps the viewport aspect', g.cols == math.floor(40 * 2 * 375 / 667) and math.abs(g.rows - 40) <= 1, vim.inspect(g))
  local narrow = preview.geometry({ width = 375, height = 667 }, 76, 17, {})
  H.check('in an 80 x 24 editor the canvas is narrow but the window is wide enough for the status', narrow.cols == 19 and narrow.width == preview.MIN_WIDTH, vim.inspect(narrow))
  local all = table.concat(preview.status_lines({ progress = 1, state = 'finishing', reason = 'cancelledInPlace', transition = 't12', seq = 9999 }, narrow.width), ' ')
  H.check('and at that width nothing of the status is cut off', all:find('(cancelledInPlace) t12#9999 ? keys', 1, true) ~= nil and not all:find('…', 1, true), all)
end)

H.protect('status lines and messages', function()
  local info = { progress = 0.3, state = 'finishing', reason = 'cancelledInPlace', transition = 't12', seq = 345 }
  local lines = preview.status_lines(info, 38)
  H.eq('the status is two lines', #lines, 2)
  local wide = 0
  for _, l in ipairs(lines) do
    wide = math.max(wide, vim.fn.strdisplaywidth(l))
  end
  H.check('none wider than the canvas', wide <= 38, vim.inspect(lines))
  local text = table.concat(lines, ' ')
  H.check('and nothing cut off', text:find('30.0%', 1, true) and text:find('finishing', 1, true)
    and text:find('(cancelledInPlace)', 1, true) and text:find('t12#345', 1, true) and text:find('? keys', 1, true), vim.inspect(lines))
  local td = require('transitiond')
  local long = 'Invalid params: params.timing.easing: expected one of ' .. table.concat(require('transitiond.protocol').easings, ', ')
  H.eq("a daemon's list of 31 names is shortened to one line", td.short_message(long),
    'Invalid params: params.timing.easing: expected one of 31 names (linear, quadraticEaseIn, …)')
  H.eq('a short list is kept', td.short_message('expected one of flow, list, grid, displaySwitch, explicit'),
    'expected one of flow, list, grid, displaySwitch, explicit')
  H.eq('exit statuses', { td.describe_exit(3, 0), td.describe_exit(nil, 9) }, { 'exited with status 3', 'killed by signal 9 (SIGKILL)' })
  local ok, err = pcall(require('transitiond.spec').validate, require('transitiond.spec').normalize({ transition = { timing = 'linear', duration = -1 } }))
  H.check('a negative duration is refused when the session is made', not ok and tostring(err):find('duration', 1, true), err)
end)

H.protect('help', function()
  local doc = vim.fn.fnamemodify(here .. '/../doc', ':p')
  local tmp = vim.fn.tempname()
  vim.fn.mkdir(tmp, 'p')
  vim.fn.writefile(vim.fn.readfile(doc .. 'transitiond.txt'), tmp .. '/transitiond.txt')
  local ok, err = pcall(vim.cmd, 'helptags ' .. vim.fn.fnameescape(tmp))
  H.check(':helptags accepts the help file', ok, err)
  local tags = {}
  for _, line in ipairs(ok and vim.fn.readfile(tmp .. '/tags') or {}) do
    tags[line:match('^[^\t]+')] = true
  end
  local missing = {}
  for name in pairs(vim.api.nvim_get_commands({})) do
    if name:match('^Transitiond') and not tags[':' .. name] then
      missing[#missing + 1] = name
    end
  end
  H.check('every command has a help tag', ok and #missing == 0 and tags[':TransitiondScrub'], table.concat(missing, ', '))
  vim.fn.delete(tmp, 'rf')
end)

H.finish()
