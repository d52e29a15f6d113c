-- The live preview: a scratch buffer in a floating window where the items of
-- each tick are drawn as boxes, plus a status line.
--
-- Geometry. The viewport (in points) maps onto a canvas of `cols` x `rows`
-- cells with sx = cols / viewport.width and sy = rows / viewport.height. An
-- item with frame {x, y, width, height} (content coordinates) seen through
-- contentOffset {x = ox, y = oy} covers, with round(v) = floor(v + 0.5),
--   columns round((x - ox) * sx) .. round((x - ox + width) * sx) - 1
--   rows    round((y - oy) * sy) .. round((y - oy + height) * sy) - 1
-- (0-based, at least one cell each way), clipped to the canvas. Canvas row r
-- is buffer line r + 1; the line after the canvas is the status line.
--
-- Items are drawn in ascending zIndex, in the order the tick lists them, each
-- box clearing its inside, so a later box covers an earlier one. Cells are
-- drawn with ┌─┐│└┘, headers and footers with ╔═╗║╚╝, items fading out
-- (alpha < 0.5) with dashed edges ╌╎; hidden items and items with alpha 0 are
-- not drawn. An item's number (section:item when the session has several
-- sections) is written on the first inside row, centred, when it fits.

local api = vim.api

local M = {}

-- Lines under the canvas for the status: the progress on the first, what ended, the
-- transition and the key hint on the second, so that none is cut off.
M.STATUS_ROWS = 2
-- The window is at least this wide (a narrow canvas leaves room on its right), so
-- that the two status lines hold everything they show.
M.MIN_WIDTH = 36

M.config = {
  width = nil, -- canvas columns; nil = as large as the editor allows
  height = nil, -- canvas rows; nil = from the width and the viewport's aspect
  cell_aspect = 2.0, -- a cell's height / width on screen
  border = 'rounded',
  enter = true, -- focus the preview window when it opens
  step = 0.05, -- what h / l scrub by
}

local state = {
  buf = nil,
  win = nil,
  geom = nil,
  lines = {},
  ns = api.nvim_create_namespace('transitiond_preview'),
}

------------------------------------------------------------------------------
-- Pure parts: geometry, rendering, status

local function round(v)
  return math.floor(v + 0.5)
end

-- Canvas size for a viewport, given how many cells are available.
function M.geometry(viewport, max_cols, max_rows, cfg)
  cfg = cfg or M.config
  local vw, vh = viewport.width, viewport.height
  local aspect = cfg.cell_aspect or 2
  local cols, rows = cfg.width, cfg.height
  if not cols and not rows then
    cols = math.min(max_cols, math.floor(max_rows * aspect * vw / vh))
  end
  if not cols then
    cols = round(rows * aspect * vw / vh)
  end
  if not rows then
    rows = round(cols * vh / (vw * aspect))
  end
  cols, rows = math.max(cols, 4), math.max(rows, 4)
  return {
    cols = cols,
    rows = rows,
    status_rows = M.STATUS_ROWS,
    width = math.max(cols, math.min(M.MIN_WIDTH, max_cols)),
    sx = cols / vw,
    sy = rows / vh,
    viewport = { width = vw, height = vh },
  }
end

-- The cell rectangle {c0, r0, c1, r1} (inclusive, 0-based, not clipped) of a
-- frame seen through a content offset.
function M.cell_rect(frame, offset, geom)
  local ox, oy = offset and offset.x or 0, offset and offset.y or 0
  local x, y = frame.x - ox, frame.y - oy
  local c0, r0 = round(x * geom.sx), round(y * geom.sy)
  local c1, r1 = round((x + frame.width) * geom.sx) - 1, round((y + frame.height) * geom.sy) - 1
  if c1 < c0 then
    c1 = c0
  end
  if r1 < r0 then
    r1 = r0
  end
  return { c0 = c0, r0 = r0, c1 = c1, r1 = r1 }
end

local STYLES = {
  cell = { tl = '┌', tr = '┐', bl = '└', br = '┘', h = '─', v = '│' },
  faded = { tl = '┌', tr = '┐', bl = '└', br = '┘', h = '╌', v = '╎' },
  supplementary = { tl = '╔', tr = '╗', bl = '╚', br = '╝', h = '═', v = '║' },
}
M.STYLES = STYLES

function M.label(attr, multi_section)
  if multi_section then
    return string.format('%d:%d', attr.section or 0, attr.item or 0)
  end
  return tostring(attr.item or 0)
end

-- Draws `attributes` (seen through `offset`) onto a blank canvas. Returns the
-- canvas lines and the placements: a list, in drawing order, of
-- { section, item, kind, rect = {c0,r0,c1,r1}, label, label_at = {row, col}? }.
function M.render(attributes, offset, geom, opts)
  opts = opts or {}
  local cols, rows = geom.cols, geom.rows
  local grid = {}
  for r = 0, rows - 1 do
    local row = {}
    for c = 0, cols - 1 do
      row[c] = ' '
    end
    grid[r] = row
  end
  local function put(r, c, ch)
    if r >= 0 and r < rows and c >= 0 and c < cols then
      grid[r][c] = ch
    end
  end

  local order = {}
  for i, a in ipairs(attributes or {}) do
    local hidden = a.hidden == true or (type(a.alpha) == 'number' and a.alpha <= 0.001)
    if not hidden and type(a.frame) == 'table' then
      order[#order + 1] = { i = i, a = a }
    end
  end
  table.sort(order, function(p, q)
    local zp, zq = tonumber(p.a.zIndex) or 0, tonumber(q.a.zIndex) or 0
    if zp ~= zq then
      return zp < zq
    end
    return p.i < q.i
  end)

  local placements = {}
  for _, entry in ipairs(order) do
    local a = entry.a
    local rect = M.cell_rect(a.frame, offset, geom)
    local style = STYLES.cell
    if a.kind ~= nil and a.kind ~= 'cell' then
      style = STYLES.supplementary
    elseif type(a.alpha) == 'number' and a.alpha < 0.5 then
      style = STYLES.faded
    end
    local c0, r0, c1, r1 = rect.c0, rect.r0, rect.c1, rect.r1
    local placement = {
      section = a.section,
      item = a.item,
      kind = a.kind or 'cell',
      rect = rect,
      label = M.label(a, opts.multi_section),
    }
    if c0 == c1 and r0 == r1 then
      put(r0, c0, '■')
    elseif r0 == r1 then
      for c = c0, c1 do
        put(r0, c, style.h)
      end
    elseif c0 == c1 then
      for r = r0, r1 do
        put(r, c0, style.v)
      end
    else
      -- clear the inside, then the edges
      for r = math.max(r0 + 1, 0), math.min(r1 - 1, rows - 1) do
        for c = math.max(c0 + 1, 0), math.min(c1 - 1, cols - 1) do
          grid[r][c] = ' '
        end
      end
      for c = c0 + 1, c1 - 1 do
        put(r0, c, style.h)
        put(r1, c, style.h)
      end
      for r = r0 + 1, r1 - 1 do
        put(r, c0, style.v)
        put(r, c1, style.v)
      end
      put(r0, c0, style.tl)
      put(r0, c1, style.tr)
      put(r1, c0, style.bl)
      put(r1, c1, style.br)
      local label = placement.label
      local inside = c1 - c0 - 1
      if r1 - r0 >= 2 and #label <= inside then
        local lr = r0 + 1
        local lc = c0 + 1 + math.floor((inside - #label) / 2)
        if lr >= 0 and lr < rows and lc >= 0 and lc + #label - 1 < cols then
          for k = 1, #label do
            grid[lr][lc + k - 1] = label:sub(k, k)
          end
          placement.label_at = { row = lr, col = lc }
        end
      end
    end
    placements[#placements + 1] = placement
  end

  local lines = {}
  for r = 0, rows - 1 do
    lines[r + 1] = table.concat(grid[r], '', 0, cols - 1)
  end
  return lines, placements
end

-- Breaks `parts` into lines of at most `width` display cells, a part per word:
-- parts that do not fit go to the next line; a part wider than a line is cut.
local function wrap(parts, width)
  local lines, line = {}, nil
  for _, part in ipairs(parts) do
    if vim.fn.strdisplaywidth(part) > width then
      part = vim.fn.strcharpart(part, 0, width - 1) .. '…'
    end
    if line == nil then
      line = part
    elseif vim.fn.strdisplaywidth(line .. ' ' .. part) <= width then
      line = line .. ' ' .. part
    else
      lines[#lines + 1] = line
      line = part
    end
  end
  lines[#lines + 1] = line or ''
  return lines
end
M.wrap = wrap

local function words(text)
  return vim.split(text, '%s+', { trimempty = true })
end

-- The status under the canvas, M.STATUS_ROWS lines of at most `width` cells: a
-- progress bar, the percentage and the state; then what ended last, the transition
-- and tick number, and a key hint (or a message, word-wrapped).
--   info = { progress, state, transition, seq, reason, message }
function M.status_lines(info, width)
  info = info or {}
  width = width or math.huge
  local lines
  if info.message then
    lines = wrap(words(info.message), width)
  else
    local p = math.max(0, math.min(1, tonumber(info.progress) or 0))
    local barw = 10
    local filled = round(p * barw)
    local first = wrap({
      '▕' .. string.rep('█', filled) .. string.rep('░', barw - filled) .. '▏',
      string.format('%5.1f%%', p * 100),
      info.state or 'idle',
    }, width)
    local second = {}
    if info.reason then
      second[#second + 1] = '(' .. info.reason .. ')'
    end
    if info.transition then
      second[#second + 1] = info.transition .. (info.seq and ('#' .. info.seq) or '')
    end
    second[#second + 1] = '? keys'
    lines = vim.list_extend(first, wrap(second, width))
  end
  while #lines < M.STATUS_ROWS do
    lines[#lines + 1] = ''
  end
  if #lines > M.STATUS_ROWS then
    lines = vim.list_slice(lines, 1, M.STATUS_ROWS)
    lines[#lines] = vim.fn.strcharpart(lines[#lines], 0, width - 1) .. '…'
  end
  return lines
end

-- The status on one line (for status lines elsewhere).
function M.status_line(info, width)
  return table.concat(M.status_lines(info, math.huge), ' ')
end

-- Writes `text` (lines, word-wrapped) over the top of a canvas.
function M.overlay(lines, text, cols)
  local out = {}
  for _, paragraph in ipairs(text) do
    for _, l in ipairs(wrap(words(paragraph), cols)) do
      out[#out + 1] = l
    end
  end
  for i, l in ipairs(out) do
    if i > #lines then
      break
    end
    local pad = cols - vim.fn.strdisplaywidth(l)
    lines[i] = l .. string.rep(' ', math.max(pad, 0))
  end
  return lines
end

------------------------------------------------------------------------------
-- The window

local function buf_valid()
  return state.buf and api.nvim_buf_is_valid(state.buf) and api.nvim_buf_is_loaded(state.buf)
end

local function win_valid()
  return state.win and api.nvim_win_is_valid(state.win)
end

local function ensure_buf()
  if buf_valid() then
    return state.buf
  end
  if state.buf and api.nvim_buf_is_valid(state.buf) then
    pcall(api.nvim_buf_delete, state.buf, { force = true }) -- unloaded by :bdelete
  end
  local buf = api.nvim_create_buf(false, true)
  pcall(api.nvim_buf_set_name, buf, 'transitiond://preview')
  api.nvim_buf_set_option(buf, 'buftype', 'nofile')
  api.nvim_buf_set_option(buf, 'bufhidden', 'hide')
  api.nvim_buf_set_option(buf, 'swapfile', false)
  api.nvim_buf_set_option(buf, 'modifiable', false)
  api.nvim_buf_set_option(buf, 'filetype', 'transitiond')
  state.buf = buf
  M.set_keymaps(buf)
  return buf
end

M.keys = {
  { 'h', 'scrub back 5%', function() require('transitiond').scrub_by(-M.config.step) end },
  { 'l', 'scrub forward 5%', function() require('transitiond').scrub_by(M.config.step) end },
  { 'f', 'finish', function() require('transitiond').finish() end },
  { 'c', 'cancel', function() require('transitiond').cancel() end },
  { '<Space>', 'cancel in place', function() require('transitiond').cancel_in_place() end },
  { 'p', 'play to the other layout', function() require('transitiond').play() end },
  { 'n', 'advance a manual clock by one frame', function() require('transitiond').advance() end },
  { 'e', 'pick the easing', function() require('transitiond').pick_easing() end },
  { 'd', 'pick the duration', function() require('transitiond').pick_duration() end },
  { 'q', 'close the preview', function() M.close() end },
  { '?', 'show these keys', function() M.show_keys() end },
}

function M.set_keymaps(buf)
  for _, k in ipairs(M.keys) do
    local fn = k[3]
    vim.keymap.set('n', k[1], function()
      require('transitiond').guard(fn)
    end, { buffer = buf, nowait = true, silent = true, desc = 'transitiond: ' .. k[2] })
  end
end

-- The function a preview key runs (for scripts and tests).
function M.key_handler(lhs)
  for _, k in ipairs(M.keys) do
    if k[1] == lhs then
      return function()
        require('transitiond').guard(k[3])
      end
    end
  end
end

function M.show_keys()
  local out = {}
  for _, k in ipairs(M.keys) do
    out[#out + 1] = string.format('%-8s %s', k[1], k[2])
  end
  vim.notify('transitiond preview keys:\n' .. table.concat(out, '\n'), vim.log.levels.INFO)
end

local function available()
  local max_cols = vim.o.columns - 4
  local max_rows = vim.o.lines - vim.o.cmdheight - 4 - M.STATUS_ROWS -- borders, status
  return math.max(max_cols, 4), math.max(max_rows, 4)
end

local function win_config(geom)
  local width = geom.width or geom.cols
  local height = geom.rows + M.STATUS_ROWS
  return {
    relative = 'editor',
    width = width,
    height = height,
    row = math.max(0, math.floor((vim.o.lines - vim.o.cmdheight - height - 2) / 2)),
    col = math.max(0, math.floor((vim.o.columns - width - 2) / 2)),
    border = M.config.border,
    style = 'minimal',
  }
end

-- Recomputes the canvas for a viewport (nil keeps the current one).
function M.set_viewport(viewport)
  viewport = viewport or (state.geom and state.geom.viewport) or { width = 375, height = 667 }
  local max_cols, max_rows = available()
  state.geom = M.geometry(viewport, max_cols, max_rows)
  if win_valid() then
    api.nvim_win_set_config(state.win, win_config(state.geom))
  end
  return state.geom
end

function M.open()
  local buf = ensure_buf()
  if not state.geom then
    M.set_viewport(nil)
  end
  if not win_valid() then
    local cfg = win_config(state.geom)
    state.win = api.nvim_open_win(buf, M.config.enter, cfg)
    api.nvim_win_set_option(state.win, 'wrap', false)
    api.nvim_win_set_option(state.win, 'cursorline', false)
    api.nvim_win_set_option(state.win, 'winhighlight', 'Normal:NormalFloat')
  end
  return state.win
end

function M.close()
  if win_valid() then
    api.nvim_win_close(state.win, true)
  end
  state.win = nil
end

function M.is_open()
  return win_valid() == true
end

-- Draws a frame: `frame` = { attributes, contentOffset } (a tick) or nil for an
-- empty canvas; `info` feeds the status line.
function M.draw(frame, info, opts)
  if not state.geom then
    M.set_viewport(nil)
  end
  local lines, placements = M.render(frame and frame.attributes or {}, frame and frame.contentOffset, state.geom, opts)
  if info and info.details then
    M.overlay(lines, info.details, state.geom.cols)
  end
  local status = M.status_lines(info, state.geom.width or state.geom.cols)
  vim.list_extend(lines, status)
  state.lines, state.placements = lines, placements
  if not buf_valid() then
    return lines, placements
  end
  local buf = state.buf
  api.nvim_buf_set_option(buf, 'modifiable', true)
  api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  api.nvim_buf_set_option(buf, 'modifiable', false)
  api.nvim_buf_clear_namespace(buf, state.ns, 0, -1)
  for i = #lines - #status, #lines - 1 do
    api.nvim_buf_add_highlight(buf, state.ns, 'StatusLine', i, 0, -1)
  end
  return lines, placements
end

-- For scripts and tests.
function M.bufnr()
  return buf_valid() and state.buf or nil
end

function M.winid()
  return win_valid() and state.win or nil
end

function M.current_geometry()
  return state.geom
end

function M.placements()
  return state.placements
end

function M.buffer_lines()
  if not buf_valid() then
    return {}
  end
  return api.nvim_buf_get_lines(state.buf, 0, -1, false)
end

return M
