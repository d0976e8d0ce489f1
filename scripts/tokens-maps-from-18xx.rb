# Writes gameopt's map files (data/maps/<game>.txt, docs/formats.md "Maps") from a game's
# published map definition in the 18xx.games engine (github.com/tobymao/18xx,
# lib/engine/game/g_<game>/map.rb): every hex with its colour, the exits of fixed hexes
# (gray, red, blue) and the sides its borders make impassable.
#   ruby scripts/tokens-maps-from-18xx.rb ENGINE_LIB TITLE [SOURCE_COMMIT] > data/maps/<game>.txt
# ENGINE_LIB is a checkout's lib/ directory. The engine is asked for its own hexes (it
# merges variants, names tiles, rotates preprinted tiles), so the map is the one it plays.
# The script checks that our neighbour rule (map.c) finds the engine's neighbours for every
# side of every hex, and stops otherwise.
lib, title, commit, rules, name = ARGV
abort 'usage: tokens-maps-from-18xx.rb ENGINE_LIB TITLE [COMMIT [OPTIONAL_RULE,... NAME]]' unless lib && title
# An optional rule that changes the map (1860's two_player_map) gives a map of its own, named
# NAME for --hex (1860-23P).
optional = (rules || '').split(',').map(&:to_sym)
name ||= title
$LOAD_PATH.unshift lib
require 'set'

# The engine loads its files with the require_all gem; this stand-in retries a file whose
# constants are not defined yet until every file loads.
def require_rel(*paths)
  base = File.dirname(caller_locations(1, 1)[0].absolute_path)
  pending = paths.flatten.flat_map do |p|
    full = File.expand_path(p, base)
    if File.directory?(full) then Dir.glob(File.join(full, '**', '*.rb')).sort
    elsif File.exist?("#{full}.rb") then ["#{full}.rb"]
    else Dir.glob(full).sort
    end
  end
  until pending.empty?
    failed = pending.reject do |f|
      require f
      true
    rescue NameError
      false
    end
    raise "cannot load #{failed.first}" if failed.size == pending.size

    pending = failed
  end
end
require 'tmpdir'
Dir.mktmpdir do |d| # engine.rb requires 'require_all': an empty file stands in for the gem
  File.write(File.join(d, 'require_all.rb'), '')
  $LOAD_PATH.unshift d
  require 'engine'
end

klass = Engine.game_by_title(title) or abort "no game titled #{title}"
players = (1..klass::PLAYER_RANGE.max).map { |i| "p#{i}" }
game = klass.new(players, optional_rules: optional)
layout = game.layout
x_from = game.axes[:x]
fixed = Engine::Game::Base::IMPASSABLE_HEX_COLORS
colour = ->(t) { t.color == :gray ? 'gray' : t.color.to_s }

# Our neighbour rule (src/games/tokens/map.c): coordinates as the engine writes them.
def xy(coord, x_from)
  letters = coord[/[A-Za-z]+/]
  number = coord[/-?[0-9]+/].to_i
  l = Engine::Hex::LETTERS.index(letters) || -Engine::Hex::NEGATIVE_LETTERS.index(letters)
  x_from == :letter ? [l, number - 1] : [number - 1, l]
end
hexes = game.hexes.reject(&:empty)
by_xy = hexes.to_h { |h| [xy(h.id, x_from), h] }
hexes.each do |h|
  x, y = xy(h.id, x_from)
  Engine::Hex::DIRECTIONS[layout].each do |(dx, dy), e|
    ours = by_xy[[x + dx, y + dy]]
    theirs = h.all_neighbors[e]
    raise "#{h.id} side #{e}: ours #{ours&.id}, engine #{theirs&.id}" unless ours.equal?(theirs)
  end
end

if optional.empty?
  puts "# #{title}: the map around the hexes, for `gameopt tokens upgrade --hex #{title}:COORD`."
else
  puts "# #{title} with the optional rule #{optional.join(', ')}: the map around the hexes,"
  puts "# for `gameopt tokens upgrade --hex #{name}:COORD`."
end
puts '# Written for gameopt by scripts/tokens-maps-from-18xx.rb from the game\'s published map'
puts "# (18xx.games engine, #{klass.const_source_location(:HEXES)[0].sub(%r{.*/(lib/engine/)}, '\\1')}#{commit ? ", commit #{commit}" : ''})."
puts '# docs/formats.md has the format: COORD COLOUR [track:EDGES] [impassable:EDGES]. Gray, red'
puts '# and blue hexes are fixed: track may meet them only where they have track.'
if hexes.any? { |h| !h.tile.partitions.empty? }
  puts '# partition:a:V,b:V,... is a barrier inside the hex (the tile language\'s partition=: a river'
  puts '# the game may forbid crossing; gameopt tokens upgrade --partition follow enforces it).'
end
puts "layout #{layout}#{x_from == (layout == :flat ? :letter : :number) ? '' : " x:#{x_from}"}"
# Per-hex rotation rules live in the engine's code, not in its map: copied here from it
# (`rotations:COLOUR:R,..` or `rotations:TILE:R,..`, docs/formats.md).
HEX_ROTATIONS = {
  # g_1850/step/track.rb legal_tile_rotation?: no yellow tile in Chicago at rotation 2
  '1850' => { 'I18' => ['yellow:0,1,3,4,5'] },
  # g_18_ny/game.rb legal_tile_rotation?: NYC's tiles at rotation 0 (X32: second edition)
  '18NY' => { 'J20' => ['X11:0', 'X22:0', 'X32:0'] },
}.freeze
order = %w[white yellow green brown gray red blue]
hexes.sort_by { |h| [order.index(colour.(h.tile)) || 9, xy(h.id, x_from)] }.each do |h|
  t = h.tile
  c = colour.(t)
  abort "#{h.id}: colour #{c} is not one of ours" unless order.include?(c)
  line = "#{h.id} #{c}"
  if fixed.include?(t.color)
    exits = t.exits.uniq.sort
    line += " track:#{exits.join(',')}" unless exits.empty?
  end
  walls = t.borders.select { |b| b.type == :impassable }.map(&:edge).uniq.sort
  line += " impassable:#{walls.join(',')}" unless walls.empty?
  # Barriers inside the hex (1870's Mississippi), written as the tile language writes them.
  t.partitions.each do |p|
    sign = ->(s) { { -1 => '-', 1 => '+' }[s] || '' }
    line += " partition:a:#{p.a}#{sign.(p.a_sign)},b:#{p.b}#{sign.(p.b_sign)}"
    line += ",type:#{p.type}" if p.type
    line += ",restrict:#{p.restrict}" if p.restrict && !p.restrict.empty?
  end
  (HEX_ROTATIONS.dig(title, h.id) || []).each { |rule| line += " rotations:#{rule}" }
  puts line
end
