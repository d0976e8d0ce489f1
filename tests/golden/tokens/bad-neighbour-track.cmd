tokens upgrade --from 'city=revenue:0@0' --to 'city=revenue:20;path=a:0,b:_0,track:narrow' --neighbour-track 1:broad,3:metre
# Issue 32: a gauge --neighbour-track does not know is a located error (exit 2).
