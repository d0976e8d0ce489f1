# pzprjs's numlin test puzzle as a file: the solution's lines equal its correct answer's (crosses aside)
flow solve --count 2 -
