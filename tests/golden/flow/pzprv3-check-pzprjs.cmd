# pzprjs's own numlin test files (test/script/numlin.js): 8 wrong (lnBranch, lnCross, lcTripleNum, nmConnDiff, lcOnNum, lnDeadEnd, lcIsolate, nmNoLine) and its correct answer
flow check - tests/golden/flow/pzprv3-check-pzprjs.answers
