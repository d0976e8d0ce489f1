tokens upgrade --from 'city=revenue:0;path=track:future,a:0,b:_0;path=track:future,a:2,b:_0;upgrade=cost:20,terrain:water;icon=image:1858/CM,sticky:1,loc:0;icon=image:1858/CS,sticky:1,loc:1;@0' --reserve '0:C&M' --extra '0:C&S' --to 'city=revenue:20;path=a:0,b:_0;path=a:2,b:_0' --stubs 0 --json
# Issue 32: stubs the game has dropped (1858: a private railway's dashed track binds only
# while the private is open). Rule: the online engine's G1858 release_stubs (lib/engine/game/
# g_1858/game.rb: closing a private deletes its stubs from its home hexes) with
# StubsAreRestricted#legal_tile_rotation? (lib/engine/game/stubs_are_restricted.rb: the new
# tile's exits must cover the old tile's stubs); no rule-book text found by search. Recorded
# lay: fixture 1858/1858-quick-start-b, action 99: hex G18 (its printed future track
# at sides 0 and 2 for two privates), one private closed, the engine keeps only the stub at
# side 0 (game state, recorded by the replay) and allows yellow 6 at rotations 0 and 4. So do
# we with --stubs 0; before, --stubs did not exist and the printed future track allowed only 0.
