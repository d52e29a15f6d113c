-- The headless end-to-end test against the real daemon ($TRANSITIOND):
-- start and stop; open the preview; create a manual-clock session from a JSON
-- buffer; an interactive list -> grid scrubbed with the preview's keys; cancel
-- in place; every drawn frame checked against the tick it came from; errors
-- shown as messages; finish; quit. The daemon's pid is written to
-- $TD_PID_FILE so that run.sh can check that no daemon outlives the editor.

local here = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
local H = dofile(here .. '/harness.lua')
H.start('preview_spec')

local td = require('transitiond')
local preview = require('transitiond.preview')
local uv = vim.loop
local LOG_FILE = vim.fn.tempname()
-- A private daemon (`--stdio`, the default being the shared one): this spec kills it.
td.setup({ log_file = LOG_FILE, shared = false })

vim.o.columns, vim.o.lines = 160, 60

-- Messages shown to the user, captured.
local notes = {}
vim.notify = function(msg, level)
  notes[#notes + 1] = { msg = tostring(msg), level = level }
end

local function alive(pid)
  return uv.kill(pid, 0) == 0
end

local function wait(ms, cond)
  return vim.wait(ms, cond, 5)
end

-- Runs keys in the preview window through its real mappings.
local function press(keys)
  local win = preview.winid()
  if win then
    vim.api.nvim_set_current_win(win)
  end
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'mx', false)
end

------------------------------------------------------------------------------
-- An independent reading of the drawn buffer (the mapping in :help
-- transitiond-preview), to compare with what a tick says.

local function round(v)
  return math.floor(v + 0.5)
end

local function rect_of(frame, offset, g)
  local x, y = frame.x - offset.x, frame.y - offset.y
  local c0, r0 = round(x * g.sx), round(y * g.sy)
  local c1, r1 = round((x + frame.width) * g.sx) - 1, round((y + frame.height) * g.sy) - 1
  return { c0 = c0, r0 = r0, c1 = math.max(c1, c0), r1 = math.max(r1, r0) }
end

local function char_grid(lines, rows)
  local grid = {}
  for r = 0, rows - 1 do
    grid[r] = vim.fn.split(lines[r + 1] or '', '\\zs')
  end
  return grid
end

local function char_at(grid, r, c)
  return grid[r] and grid[r][c + 1]
end

-- Checks the snapshot of the buffer taken right after `tick` was drawn:
-- for every item, each corner of its box that no later box covers holds the
-- corner character at the cell computed from the tick's frame and
-- contentOffset, and its number sits centred on its first inside row.
local function verify_drawing(tick, lines, g)
  local problems = {}
  if #lines ~= g.rows + g.status_rows then
    problems[#problems + 1] = string.format('%d lines, want %d canvas rows + %d status lines', #lines, g.rows, g.status_rows)
  end
  for r = 1, g.rows do
    if vim.fn.strchars(lines[r] or '') ~= g.cols then
      problems[#problems + 1] = string.format('line %d is %d characters wide, want %d', r, vim.fn.strchars(lines[r] or ''), g.cols)
      break
    end
  end
  local grid = char_grid(lines, g.rows)
  local drawn = {}
  for i, a in ipairs(tick.attributes) do
    if not a.hidden and (a.alpha or 1) > 0.001 then
      drawn[#drawn + 1] = { i = i, a = a, rect = rect_of(a.frame, tick.contentOffset, g) }
    end
  end
  table.sort(drawn, function(p, q)
    if (p.a.zIndex or 0) ~= (q.a.zIndex or 0) then
      return (p.a.zIndex or 0) < (q.a.zIndex or 0)
    end
    return p.i < q.i
  end)
  local function covered(k, r, c)
    for j = k + 1, #drawn do
      local o = drawn[j].rect
      if r >= o.r0 and r <= o.r1 and c >= o.c0 and c <= o.c1 then
        return true
      end
    end
    return false
  end
  local function inside(r, c)
    return r >= 0 and r < g.rows and c >= 0 and c < g.cols
  end
  local corners, labels = 0, 0
  for k, d in ipairs(drawn) do
    local rc = d.rect
    if rc.c1 - rc.c0 >= 1 and rc.r1 - rc.r0 >= 1 and d.a.kind == 'cell' and (d.a.alpha or 1) >= 0.5 then
      for _, corner in ipairs({ { rc.r0, rc.c0, '┌' }, { rc.r0, rc.c1, '┐' }, { rc.r1, rc.c0, '└' }, { rc.r1, rc.c1, '┘' } }) do
        local r, c, want = corner[1], corner[2], corner[3]
        if inside(r, c) and not covered(k, r, c) then
          corners = corners + 1
          local got = char_at(grid, r, c)
          if got ~= want then
            problems[#problems + 1] = string.format('item %d: %q at row %d col %d, want %q', d.a.item, tostring(got), r, c, want)
          end
        end
      end
      local label = tostring(d.a.item)
      local room = rc.c1 - rc.c0 - 1
      if rc.r1 - rc.r0 >= 2 and #label <= room then
        local r = rc.r0 + 1
        local c = rc.c0 + 1 + math.floor((room - #label) / 2)
        local free = inside(r, c) and inside(r, c + #label - 1)
        for x = c, c + #label - 1 do
          free = free and not covered(k, r, x)
        end
        if free then
          labels = labels + 1
          local got = table.concat(vim.list_slice(grid[r], c + 1, c + #label))
          if got ~= label then
            problems[#problems + 1] = string.format('item %d: label %q at row %d col %d', d.a.item, got, r, c)
          end
        end
      end
    end
  end
  if corners < 8 or labels < 2 then
    problems[#problems + 1] = string.format('too little to compare: %d corners, %d labels', corners, labels)
  end
  local status = table.concat(vim.list_slice(lines, g.rows + 1, #lines), '\n')
  for i = g.rows + 1, #lines do
    if vim.fn.strdisplaywidth(lines[i]) > g.width then
      problems[#problems + 1] = string.format('status line %q is wider than the window (%d)', lines[i], g.width)
    end
  end
  local pct = string.format('%.1f%%', tick.progress * 100)
  if not status:find(pct, 1, true) then
    problems[#problems + 1] = string.format('status line %q lacks %s', status, pct)
  end
  return #problems == 0, table.concat(problems, '\n'), corners, labels
end

------------------------------------------------------------------------------

local ticks, snapshots, ends = {}, {}, {}
td.on('tick', function(t)
  ticks[#ticks + 1] = t
  -- the preview has drawn this tick before listeners run
  snapshots[#snapshots + 1] = { tick = t, lines = preview.buffer_lines(), geom = vim.deepcopy(preview.current_geometry()) }
end)
td.on('didEnd', function(e)
  ends[#ends + 1] = e
end)

local function last_tick()
  return ticks[#ticks]
end

local function verify_snapshots(from, label)
  local all_ok, count, detail = true, 0, nil
  local corners, labels = 0, 0
  for i = from, #snapshots do
    local s = snapshots[i]
    local ok, why, c, l = verify_drawing(s.tick, s.lines, s.geom)
    count = count + 1
    corners, labels = corners + c, labels + l
    if not ok then
      all_ok = false
      detail = string.format('tick seq %s (progress %.3f):\n%s', tostring(s.tick.seq), s.tick.progress, why)
      break
    end
  end
  H.check(string.format('%s: %d drawn frames match their ticks (%d corners, %d labels)', label, count, corners, labels), all_ok and count > 0, detail)
end

local pid

H.protect('lifecycle', function()
  H.check('the commands exist', vim.fn.exists(':TransitiondPreview') == 2 and vim.fn.exists(':TransitiondCancelInPlace') == 2)
  vim.cmd('TransitiondStart')
  H.check('the daemon starts and initialises', td.wait_ready(5000))
  local caps = td.capabilities() or {}
  H.check('it offers the manual clock', vim.tbl_contains(caps.clocks or {}, 'manual'), vim.inspect(caps.clocks))
  local first = td.pid()
  vim.cmd('TransitiondStop')
  H.check(':TransitiondStop leaves no daemon (kill -0 fails)', first and not alive(first) and not td.is_running())
end)

H.protect('preview and session', function()
  -- after :TransitiondStop, the preview alone starts the daemon and shows the demo at rest
  vim.cmd('TransitiondPreview')
  local win = preview.winid()
  H.check('the preview is a floating window', win ~= nil and vim.api.nvim_win_get_config(win).relative == 'editor')
  H.eq('on a scratch buffer', win and vim.bo[vim.api.nvim_win_get_buf(win)].buftype, 'nofile')
  H.check(':TransitiondPreview starts the daemon and fetches the layout at rest', wait(5000, function()
    return td.session() ~= nil and td.session().last_tick ~= nil
  end))
  local rest = td.session() and td.session().last_tick
  if rest then
    local ok, why = verify_drawing(vim.tbl_extend('force', rest, { progress = 0 }), preview.buffer_lines(), preview.current_geometry())
    H.check('the preview draws the demo list at rest, item by item', ok, why)
    H.eq('the demo list starts at item 0', rest.attributes[1].frame, { x = 0, y = 0, width = 375, height = 60 })
  end
  H.eq('the demo transition lasts long enough to watch', td.session() and td.session().spec.transition.duration, 0.8)

  -- the session comes from a JSON buffer, through the command
  vim.cmd('wincmd p')
  vim.cmd('enew')
  vim.bo.filetype = 'json'
  vim.api.nvim_buf_set_lines(0, 0, -1, false, vim.split([[
{
  "viewport": {"width": 375, "height": 667},
  "items": 100,
  "from": {"type": "list", "rowHeight": 60},
  "to": {"type": "grid", "columns": 2, "spacing": 10, "lineSpacing": 5,
         "inset": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
  "clock": "manual"
}]], '\n'))
  vim.cmd('TransitiondSession')
  H.check('a session is created from the buffer', wait(5000, function()
    return td.session() ~= nil and td.session().clock == 'manual'
  end))
  local s = td.session()
  H.check('on the manual clock', s and s.clock == 'manual')
  pid = td.pid()
  H.check('the daemon got a pid', type(pid) == 'number' and alive(pid))
  local f0 = io.open('/proc/' .. tostring(pid) .. '/cmdline', 'rb')
  local argv = f0 and f0:read('*a'):gsub('%z', ' ') or ''
  if f0 then
    f0:close()
  end
  H.check('it serves stdio and watches this editor (--clientProcessId)',
    argv:find('--stdio', 1, true) ~= nil and argv:find('--clientProcessId ' .. vim.fn.getpid(), 1, true) ~= nil, argv)
  local f = io.open(os.getenv('TD_PID_FILE') or (here .. '/.daemon.pid'), 'w')
  if f then
    f:write(tostring(pid), '\n')
    f:close()
  end
  local g = preview.current_geometry()
  H.check('the canvas has the viewport aspect', g and math.abs((g.rows / g.cols) - (667 / 375) / 2) < 0.05, vim.inspect(g))
  H.eq('the preview window is sized to it', { vim.api.nvim_win_get_width(win), vim.api.nvim_win_get_height(win) }, { g.width, g.rows + g.status_rows })
end)

H.protect('interactive list -> grid', function()
  -- `l` six times: an interactive transition starts and is scrubbed to 30%
  for _ = 1, 6 do
    press('l')
  end
  H.check('six ticks arrive, the last at 30%', wait(5000, function()
    return #ticks >= 6 and math.abs(last_tick().progress - 0.30) < 1e-9
  end), last_tick() and last_tick().progress)
  local progresses = {}
  for i = 1, #ticks do
    progresses[i] = string.format('%.2f', ticks[i].progress)
  end
  H.eq('each key press scrubbed 5%', progresses, { '0.05', '0.10', '0.15', '0.20', '0.25', '0.30' })
  H.eq('the session is paused', td.session().phase, 'paused')
  H.eq('the ticks come from one transition', ticks[1].transition, ticks[#ticks].transition)

  press('h')
  H.check('`h` scrubs back to 25%', wait(3000, function()
    return #ticks >= 7 and math.abs(last_tick().progress - 0.25) < 1e-9
  end))

  vim.cmd('TransitiondScrub 40')
  H.check(':TransitiondScrub 40 scrubs to 40%', wait(3000, function()
    return #ticks >= 8 and math.abs(last_tick().progress - 0.40) < 1e-9
  end))

  verify_snapshots(1, 'scrubbing')

  -- the buffer now shows the last tick
  local ok, why = verify_drawing(last_tick(), preview.buffer_lines(), preview.current_geometry())
  H.check('the buffer shows the last tick', ok, why)

  -- one item in full: the box drawn last (nothing covers it) that lies wholly
  -- on the canvas has its four corners and its number where the tick puts it
  local g = preview.current_geometry()
  local t = last_tick()
  local pick
  for _, a in ipairs(t.attributes) do
    local rc = rect_of(a.frame, t.contentOffset, g)
    if rc.r0 >= 0 and rc.c0 >= 0 and rc.r1 < g.rows and rc.c1 < g.cols and (a.zIndex or 0) == 0 then
      pick = { a = a, rc = rc }
    end
  end
  local grid = char_grid(preview.buffer_lines(), g.rows)
  local ok_box = pick ~= nil
  if pick then
    local rc = pick.rc
    ok_box = char_at(grid, rc.r0, rc.c0) == '┌' and char_at(grid, rc.r0, rc.c1) == '┐'
      and char_at(grid, rc.r1, rc.c0) == '└' and char_at(grid, rc.r1, rc.c1) == '┘'
      and (preview.buffer_lines()[rc.r0 + 2] or ''):find(tostring(pick.a.item), 1, true) ~= nil
  end
  H.check(string.format('item %s: its box spans the cells computed from its frame', pick and pick.a.item or '?'), ok_box,
    pick and vim.inspect({ rect = pick.rc, frame = pick.a.frame, offset = t.contentOffset }))

  local before = #ends
  press('<Space>')
  H.check('<Space> cancels in place: didEnd arrives', wait(3000, function()
    return #ends > before
  end))
  local e = ends[#ends] or {}
  H.eq('didEnd reason', e.reason, 'cancelledInPlace')
  H.check('didEnd at 40%, neither completed nor finished', math.abs((e.progress or -1) - 0.40) < 1e-9 and e.completed == false and e.finished == false, vim.inspect(e))
  H.eq('didEnd names the transition the ticks came from', e.transition, last_tick().transition)
  local status = table.concat(vim.list_slice(preview.buffer_lines(), preview.current_geometry().rows + 1), '\n')
  H.check('the status line says idle, cancelled in place', status:find('idle', 1, true) and status:find('cancelledInPlace', 1, true), status)
  local st
  td.status(function(r)
    st = r
  end)
  H.check('the daemon agrees: idle', wait(3000, function()
    return st ~= nil
  end) and st.state == 'idle', vim.inspect(st))
end)

H.protect('errors as messages', function()
  local before = #notes
  local ok = pcall(vim.cmd, 'TransitiondFinish')
  wait(3000, function()
    return #notes > before
  end)
  local n = notes[#notes] or {}
  H.check('a daemon error raises no Lua error', ok)
  H.check('it is shown at ERROR level with its message', n.level == vim.log.levels.ERROR and n.msg:find('No transition', 1, true) ~= nil, vim.inspect(n))
  before = #notes
  ok = pcall(vim.cmd, 'TransitiondScrub lots')
  n = notes[#notes] or {}
  H.check('a bad argument is a message too', ok and #notes > before and n.level == vim.log.levels.ERROR and n.msg:find('usage', 1, true) ~= nil, vim.inspect(n))
  local traces = 0
  for _, m in ipairs(notes) do
    if m.msg:find('stack traceback', 1, true) or m.msg:find('%.lua:%d+:') then
      traces = traces + 1
    end
  end
  H.eq('no message carries a stack trace', traces, 0)
end)

H.protect('finish', function()
  local from_tick = #snapshots + 1
  press('l')
  H.check('`l` from rest starts a new interactive transition at 5%', wait(3000, function()
    return #ticks >= from_tick and math.abs(last_tick().progress - 0.05) < 1e-9 and last_tick().transition ~= ticks[1].transition
  end))
  local before = #ends
  press('f')
  vim.cmd('TransitiondAdvance 1')
  H.check('`f` finishes it once the manual clock advances', wait(3000, function()
    return #ends > before
  end))
  local e = ends[#ends] or {}
  H.check('didEnd: finished and completed', e.reason == 'finished' and e.finished == true and e.completed == true, vim.inspect(e))
  H.check('the last tick before it is at 100%', last_tick() and last_tick().progress == 1)
  H.eq('the session rests in the grid', td.session().settled, 'to')
  verify_snapshots(from_tick, 'finishing')
  -- in the grid, item 0 sits at the inset: 10,10 172.5 x 172.5
  local a0
  for _, a in ipairs(last_tick().attributes) do
    if a.item == 0 then
      a0 = a
    end
  end
  H.eq('item 0 ends in its grid frame', a0 and a0.frame, { x = 10, y = 10, width = 172.5, height = 172.5 })
end)

H.protect('spec validation, easing and duration', function()
  local before = #notes
  local session = td.session()
  pcall(vim.cmd, [[TransitiondSession {clock = "manual", transition = {timing = {easing = "quartic"}}}]])
  local n = notes[#notes] or {}
  H.check('an unknown easing is one short error line when the session is made',
    #notes == before + 1 and n.level == vim.log.levels.ERROR and n.msg:find("unknown easing 'quartic'", 1, true) ~= nil
      and not n.msg:find('\n') and #n.msg < 100, vim.inspect(n))
  H.check('and the session is left as it was', td.session() == session)
  before = #notes
  pcall(vim.cmd, 'TransitiondEasing quartic')
  H.check(':TransitiondEasing refuses an unknown name', #notes == before + 1 and notes[#notes].msg:find('unknown easing', 1, true) ~= nil)

  H.eq(':TransitiondEasing completes the protocol names', vim.fn.getcompletion('TransitiondEasing bounce', 'cmdline'),
    { 'bounceEaseIn', 'bounceEaseOut', 'bounceEaseInOut' })
  local offered
  local select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    offered = items
    on_choice(items[#items])
  end
  press('e')
  H.eq('`e` offers the 31 easings with vim.ui.select', offered and #offered, 31)
  H.eq('and sets the chosen one', td.session().spec.transition.timing, { easing = 'bounceEaseInOut' })
  vim.ui.select = function(items, opts, on_choice)
    offered = vim.tbl_map(opts.format_item, items)
    on_choice(2)
  end
  press('d')
  vim.ui.select = select
  H.check('`d` offers durations in seconds', offered and vim.tbl_contains(offered, '0.8 s'), vim.inspect(offered))
  H.eq('and sets the chosen one', td.session().spec.transition.duration, 2)

  -- the next play uses them: at 1 s of 2 s, bounceEaseInOut(0.5) = 0.5
  local from = #ticks
  vim.cmd('TransitiondPlay')
  vim.cmd('TransitiondAdvance 1')
  H.check('the next transition plays for 2 s with the chosen easing', wait(3000, function()
    return #ticks > from and ticks[#ticks].fraction == 0.5 -- 1 s of 2 s
  end) and td.session().duration == 2 and math.abs(ticks[#ticks].progress - 0.5) < 1e-9,
    vim.inspect({ duration = td.session().duration, tick = ticks[#ticks] and { ticks[#ticks].time, ticks[#ticks].progress, ticks[#ticks].fraction } }))
  H.eq('the status line function shows the progress', td.statusline(), 'transitiond 50% running')
  H.eq('g:transitiond_status too', vim.g.transitiond_status, 'transitiond 50% running')
  vim.cmd('TransitiondAdvance 1')
  wait(3000, function()
    return td.session().phase == 'idle'
  end)
end)

H.protect('the daemon dies', function()
  local spec_before = vim.deepcopy(td.session().spec)
  local dead = td.pid()
  uv.kill(dead, 'sigkill')
  H.check('its death is noticed', wait(5000, function()
    return td.last_exit() ~= nil
  end))
  local text = table.concat(preview.buffer_lines(), '\n')
  H.check('the preview says it was killed by signal 9', text:find('killed by signal 9 (SIGKILL)', 1, true) ~= nil, text)
  H.check('and names the log file', text:find(LOG_FILE, 1, true) ~= nil or text:find(vim.fn.fnamemodify(LOG_FILE, ':t'), 1, true) ~= nil, text)
  local f = io.open(LOG_FILE)
  local log = f and f:read('*a') or ''
  if f then
    f:close()
  end
  H.check('the log file records the start and the death', log:find('transitiond started (pid ' .. dead, 1, true) ~= nil
    and log:find('killed by signal 9', 1, true) ~= nil, log)

  -- the next command starts a daemon again with the last spec, not the demo
  press('l')
  H.check('`l` starts a new daemon and session', wait(5000, function()
    return td.session() ~= nil and td.pid() ~= dead and #ticks > 0 and ticks[#ticks].progress == 0.05
  end))
  local s = td.session()
  H.eq('with the last spec (manual clock)', s and s.clock, 'manual')
  H.eq('and its transition options', s and s.spec.transition, spec_before.transition)
  H.eq('the preview no longer shows the death', td.last_exit(), nil)
  pid = td.pid()
  local pf = io.open(os.getenv('TD_PID_FILE') or (here .. '/.daemon.pid'), 'w')
  if pf then
    pf:write(tostring(pid), '\n')
    pf:close()
  end
end)

H.protect('close', function()
  press('q')
  H.check('`q` closes the preview', preview.winid() == nil)
  H.check('the daemon is still running until Neovim quits', pid and alive(pid))
end)

H.finish()
